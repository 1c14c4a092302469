import { createHmac } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { type Language, translate, WEBHOOKS } from '@presente/shared';
import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../context.js';
import { companies, users, webhookDeliveries, webhookEndpoints } from '../../db/schema/index.js';
import { enqueue, type JobHandler } from '../../jobs/runner.js';
import { escapeHtml } from '../../lib/html.js';
import { unsealText } from '../../lib/sealed-text.js';
import { logActivity } from '../activity/activity.service.js';
import { retryGapMs, WEBHOOK_DELIVER } from './outbox.js';
import { guardedLookup, isPrivateAddress, PrivateAddressError } from './url-guard.js';

export const SECRET_PURPOSE = 'webhook-signing-secret';

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`: what a receiver recomputes (docs/WEBHOOKS.md). */
export function signature(secret: string, body: string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`;
}

interface Attempt {
  ok: boolean;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
}

/** One POST, no redirects followed, within the timeout; the connection's address checked (url-guard.ts). */
export function post(
  url: string,
  body: string,
  headers: Record<string, string>,
  allowPrivate: boolean,
  timeoutMs: number = WEBHOOKS.timeoutMs,
): Promise<Attempt> {
  const started = performance.now();
  const done = (statusCode: number | null, error: string | null): Attempt => ({
    ok: statusCode != null && statusCode >= 200 && statusCode < 300,
    statusCode,
    durationMs: Math.round(performance.now() - started),
    error: error?.slice(0, 300) ?? null,
  });
  return new Promise((resolve) => {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      return resolve(done(null, 'invalid URL'));
    }
    const host = target.hostname.replace(/^\[|\]$/g, '');
    // A literal address skips the DNS lookup, so it is checked here.
    if (!allowPrivate && isIP(host) && isPrivateAddress(host)) return resolve(done(null, new PrivateAddressError(host).message));
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = send(
      target,
      {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        lookup: guardedLookup(allowPrivate),
        timeout: timeoutMs,
      },
      (res) => {
        // The answer's body is not kept: read (at most) and dropped, so the socket is released.
        res.resume();
        res.on('end', () => resolve(done(res.statusCode ?? null, res.statusCode && res.statusCode >= 300 ? `HTTP ${res.statusCode}` : null)));
        res.on('error', (err) => resolve(done(res.statusCode ?? null, err.message)));
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.on('error', (err) => resolve(done(null, err.message)));
    req.end(body);
  });
}

const fill = (text: string, params: Record<string, string>) => text.replace(/\{(\w+)\}/g, (_, k) => params[k] ?? `{${k}}`);
const mailLanguage = (locale: string): Language => (locale.startsWith('en') ? 'en' : 'es');

/** 24 h of failures: the endpoint is disabled, its waiting deliveries fail, the activity log and the admins are told. */
async function disableFailing(deps: AppDeps, endpoint: typeof webhookEndpoints.$inferSelect, lastError: string, now: Date) {
  const disabled = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(webhookEndpoints)
      .set({ disabledAt: now, disabledReason: 'failing' })
      .where(and(eq(webhookEndpoints.id, endpoint.id), eq(webhookEndpoints.companyId, endpoint.companyId)))
      .returning();
    await tx
      .update(webhookDeliveries)
      .set({ status: 'failed', nextAttemptAt: null, lastError: 'endpoint disabled after failing for 24 h' })
      .where(and(eq(webhookDeliveries.endpointId, endpoint.id), eq(webhookDeliveries.status, 'pending')));
    await logActivity(tx, { companyId: endpoint.companyId, type: 'admin_action', title: 'activity.webhookDisabled', details: { url: endpoint.url } });
    return row;
  });
  if (!disabled) return;
  const admins = await deps.db
    .select({ email: users.email, company: companies.name, locale: companies.locale })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(and(eq(users.companyId, endpoint.companyId), eq(users.role, 'COMPANY_ADMIN'), eq(users.isActive, true)));
  for (const a of admins) {
    const lang = mailLanguage(a.locale);
    const params = { url: endpoint.url, company: a.company, lastError };
    const text = fill(translate('webhook.disabledMailBody', lang), params);
    await deps.mailer.send({ to: a.email, subject: translate('webhook.disabledMailSubject', lang), text, html: `<p>${escapeHtml(text)}</p>` });
  }
}

/**
 * Delivers one queued delivery (a job of the durable queue, so a restart loses nothing). A failure is recorded
 * in the delivery log and retried with exponential backoff (30 s doubling, at most 1 h apart) until 24 h after
 * the event; the job itself succeeds, because the retry is its own job at the delivery's next time.
 */
export const deliverWebhook: JobHandler = async (deps, payload, now) => {
  const deliveryId = String(payload.deliveryId ?? '');
  const [row] = await deps.db
    .select({ d: webhookDeliveries, e: webhookEndpoints })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(eq(webhookDeliveries.id, deliveryId));
  if (!row || row.d.status !== 'pending') return;
  const { d, e } = row;
  if (e.disabledAt) {
    await deps.db
      .update(webhookDeliveries)
      .set({ status: 'failed', nextAttemptAt: null, lastError: 'endpoint disabled' })
      .where(eq(webhookDeliveries.id, d.id));
    return;
  }
  const secret = unsealText(deps.sessionSecret, SECRET_PURPOSE, e.secretSealed);
  const attempt = secret
    ? await post(
        e.url,
        d.body,
        {
          'user-agent': 'Presente-Webhooks/1.0',
          'presente-event': d.eventType,
          'presente-event-id': d.eventId,
          'presente-delivery': d.id,
          [WEBHOOKS.signatureHeader.toLowerCase()]: signature(secret, d.body, now),
        },
        deps.config.WEBHOOKS_ALLOW_PRIVATE,
      )
    : { ok: false, statusCode: null, durationMs: 0, error: 'the signing secret cannot be opened (SESSION_SECRET changed): rotate it' };
  const attempts = d.attempts + 1;
  const results = { attempts, lastStatusCode: attempt.statusCode, lastDurationMs: attempt.durationMs, lastError: attempt.error };

  if (attempt.ok) {
    await deps.db
      .update(webhookDeliveries)
      .set({ ...results, status: 'delivered', nextAttemptAt: null, deliveredAt: now })
      .where(eq(webhookDeliveries.id, d.id));
    await deps.db.update(webhookEndpoints).set({ lastSuccessAt: now, failingSince: null }).where(eq(webhookEndpoints.id, e.id));
    return;
  }
  // Retried until 24 h after the event; the last try falls on the 24th hour itself.
  const deadline = d.createdAt.getTime() + WEBHOOKS.retryForMs;
  const giveUp = now.getTime() >= deadline;
  const next = new Date(Math.min(now.getTime() + retryGapMs(attempts), deadline));
  await deps.db
    .update(webhookDeliveries)
    .set({ ...results, status: giveUp ? 'failed' : 'pending', nextAttemptAt: giveUp ? null : next })
    .where(eq(webhookDeliveries.id, d.id));
  if (!giveUp) await enqueue(deps.db, WEBHOOK_DELIVER, { deliveryId: d.id }, { runAt: next });
  const failingSince = e.failingSince ?? now;
  if (!e.failingSince) await deps.db.update(webhookEndpoints).set({ failingSince: now }).where(eq(webhookEndpoints.id, e.id));
  // Failing for 24 h: every try since the first failure failed, or this event's whole day of tries did.
  const wholeDayFailed = giveUp && (!e.lastSuccessAt || e.lastSuccessAt < d.createdAt);
  if (wholeDayFailed || now.getTime() - failingSince.getTime() >= WEBHOOKS.disableAfterMs) await disableFailing(deps, e, attempt.error ?? 'HTTP error', now);
};
