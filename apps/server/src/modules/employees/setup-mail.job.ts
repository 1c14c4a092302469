import type { Language } from '@presente/shared';
import { eq } from 'drizzle-orm';
import { companies, passwordResetTokens, users } from '../../db/schema/index.js';
import type { JobHandler } from '../../jobs/runner.js';
import { randomToken, sha256 } from '../../lib/crypto.js';
import { escapeHtml } from '../../lib/html.js';
import type { Mail } from '../../lib/mailer.js';

/**
 * An imported employee's first password is set by the employee through a single-use link (decision 0032):
 * the import answers without hashing anything, and no password, plain or sealed, is ever stored. The job
 * payload carries only the user id, the language and the link base; the token is made when the mail is
 * sent, and only its SHA-256 is kept (the same table and page as a password reset).
 */
export const EMPLOYEE_SETUP_MAIL = 'employee.setup-mail';
/** A set-password link lasts 7 days (a reset link: 1 hour); it is spent on first use. */
export const SETUP_TOKEN_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** What an imported account holds until the employee sets a password: no argon2 hash, so no login. */
export const UNSET_PASSWORD = '!unset';

export interface SetupMailPayload {
  userId: string;
  lang: Language;
  linkBase: string;
}

export const sendSetupMail: JobHandler = async (deps, payload, now) => {
  const { userId, lang, linkBase } = payload as unknown as SetupMailPayload;
  const user = await deps.db.query.users.findFirst({ where: eq(users.id, userId) });
  // Deleted, deactivated, or the password already set (another link, an admin reset): nothing to mail.
  if (!user?.isActive || user.passwordHash !== UNSET_PASSWORD || !user.companyId) return;
  const company = await deps.db.query.companies.findFirst({ where: eq(companies.id, user.companyId), columns: { name: true } });
  const token = randomToken();
  await deps.db.insert(passwordResetTokens).values({ userId, tokenHash: sha256(token), expiresAt: new Date(now.getTime() + SETUP_TOKEN_TTL_MS) });
  // A failed send throws: the runner retries with backoff (5 attempts); the next attempt mails a new token.
  await deps.mailer.send(setupMail(lang, user, company?.name ?? 'Presente', `${linkBase}/reset-password?token=${encodeURIComponent(token)}`));
};

function setupMail(lang: Language, to: { name: string; email: string }, companyName: string, link: string): Mail {
  const t =
    lang === 'en'
      ? {
          subject: `Presente: your ${companyName} account`,
          hello: `Hello ${to.name},`,
          body: `${companyName} created your Presente account (${to.email}) to record your attendance. Choose your password with this link (valid for 7 days, once):`,
        }
      : {
          subject: `Presente: tu cuenta de ${companyName}`,
          hello: `Hola ${to.name},`,
          body: `${companyName} creó tu cuenta de Presente (${to.email}) para registrar tu asistencia. Elige tu contraseña con este enlace (válido 7 días, una sola vez):`,
        };
  return {
    to: to.email,
    subject: t.subject,
    text: `${t.hello}\n\n${t.body}\n${link}\n`,
    html: `<p>${escapeHtml(t.hello)}</p><p>${escapeHtml(t.body)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
    links: [link],
  };
}
