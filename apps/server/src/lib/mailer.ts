import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Links the mail carries, logged with outbox mail so an operator can act on them. */
  links?: string[];
}
export interface SentMail extends Mail {
  id: string;
  at: string;
}
export interface Mailer {
  send(mail: Mail): Promise<void>;
  /** Mail kept locally (outbox mode); empty with SMTP. */
  readonly outbox: SentMail[];
  readonly mode: 'smtp' | 'outbox';
}

/**
 * SMTP when SMTP_URL is set; otherwise an outbox: one JSON + .eml file per mail under DATA_DIR/outbox
 * and one log line with its links (nothing leaves the machine).
 */
export function createMailer(opts: { smtpUrl?: string; from: string; outboxDir?: string; log: FastifyBaseLogger }): Mailer {
  const outbox: SentMail[] = [];
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      mode: 'smtp',
      outbox,
      async send(mail) {
        await transport.sendMail({ from: opts.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
      },
    };
  }
  if (opts.outboxDir) mkdirSync(opts.outboxDir, { recursive: true });
  const stream = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    mode: 'outbox',
    outbox,
    async send(mail) {
      const at = new Date().toISOString();
      const id = `${at.replace(/[:.]/g, '-')}-${Math.random().toString(36).slice(2, 8)}`;
      const sent: SentMail = { ...mail, id, at };
      outbox.push(sent);
      if (outbox.length > 200) outbox.shift();
      if (opts.outboxDir) {
        const info = await stream.sendMail({ from: opts.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
        writeFileSync(join(opts.outboxDir, `${id}.eml`), info.message as Buffer);
        writeFileSync(join(opts.outboxDir, `${id}.json`), JSON.stringify(sent, null, 2));
      }
      opts.log.info(
        { mail: { to: mail.to, subject: mail.subject, links: mail.links ?? [] } },
        `outbox: mail to ${mail.to}: ${mail.subject}${mail.links?.length ? ` ${mail.links.join(' ')}` : ''}`,
      );
    },
  };
}
