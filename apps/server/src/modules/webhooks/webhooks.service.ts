import { WEBHOOKS, type webhookEndpointInput, type webhookEndpointUpdate } from '@presente/shared';
import { and, count, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { type Ctx, requireCompany } from '../../context.js';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { enqueue } from '../../jobs/runner.js';
import { randomToken } from '../../lib/crypto.js';
import { sealText } from '../../lib/sealed-text.js';
import { logActivity } from '../activity/activity.service.js';
import { SECRET_PURPOSE } from './deliver.js';
import { WEBHOOK_DELIVER } from './outbox.js';
import { checkReceiver } from './url-guard.js';

type Input = z.output<typeof webhookEndpointInput>;
type Update = z.output<typeof webhookEndpointUpdate>;

const byId = (companyId: string, id: string) => and(eq(webhookEndpoints.companyId, companyId), eq(webhookEndpoints.id, id));

/** The URL must be https (http only where private receivers are allowed, an on-premises install) and reach a public address. */
async function assertReceiver(ctx: Ctx, url: string) {
  const allowPrivate = ctx.deps.config.WEBHOOKS_ALLOW_PRIVATE;
  const field = (message: string) => new AppError('validation_failed', message, {}, [{ path: 'url', message }]);
  if (!allowPrivate && new URL(url).protocol !== 'https:') throw field('webhook.httpsRequired');
  const verdict = await checkReceiver(url, allowPrivate);
  if (verdict === 'private') throw field('webhook.urlPrivate');
  if (verdict === 'unresolved') throw field('webhook.urlUnresolved');
}

function newSecret(sessionSecret: string) {
  const secret = `whsec_${randomToken(24)}`;
  return { secret, secretSealed: sealText(sessionSecret, SECRET_PURPOSE, secret), secretHint: secret.slice(0, 12) };
}

export async function listEndpoints(ctx: Ctx) {
  const companyId = requireCompany(ctx.actor);
  return ctx.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.companyId, companyId)).orderBy(desc(webhookEndpoints.createdAt));
}

/** Registers an endpoint; the signing secret is returned this once (only sealed afterwards). */
export async function createEndpoint(ctx: Ctx, input: Input) {
  const companyId = requireCompany(ctx.actor);
  await assertReceiver(ctx, input.url);
  const { secret, ...sealed } = newSecret(ctx.deps.sessionSecret);
  const endpoint = await ctx.db.transaction(async (tx) => {
    const [{ n }] = await tx.select({ n: count() }).from(webhookEndpoints).where(eq(webhookEndpoints.companyId, companyId));
    if (n >= WEBHOOKS.maxEndpoints) throw new AppError('conflict', 'webhook.tooMany', { max: WEBHOOKS.maxEndpoints });
    const [row] = await tx
      .insert(webhookEndpoints)
      .values({ companyId, url: input.url, description: input.description, events: [...new Set(input.events)], ...sealed })
      .returning();
    await logActivity(tx, {
      companyId,
      actorUserId: ctx.actor?.userId,
      type: 'admin_action',
      title: 'activity.webhookCreated',
      details: { url: row.url, events: row.events },
    });
    return row;
  });
  return { endpoint, secret };
}

/** Changes the URL, events or description; `enabled` turns it off by hand or on again (the failure clock restarts). */
export async function updateEndpoint(ctx: Ctx, id: string, input: Update) {
  const companyId = requireCompany(ctx.actor);
  await assertReceiver(ctx, input.url);
  return ctx.db.transaction(async (tx) => {
    const [current] = await tx.select().from(webhookEndpoints).where(byId(companyId, id)).for('update');
    if (!current) throw new AppError('not_found', 'webhook.notFound');
    const enabled = input.enabled ?? !current.disabledAt;
    const [row] = await tx
      .update(webhookEndpoints)
      .set({
        url: input.url,
        description: input.description,
        events: [...new Set(input.events)],
        ...(enabled
          ? current.disabledAt
            ? { disabledAt: null, disabledReason: null, failingSince: null }
            : {}
          : current.disabledAt
            ? {}
            : { disabledAt: new Date(), disabledReason: 'admin' as const }),
      })
      .where(byId(companyId, id))
      .returning();
    await logActivity(tx, {
      companyId,
      actorUserId: ctx.actor?.userId,
      type: 'admin_action',
      title: 'activity.webhookUpdated',
      details: { url: row.url, enabled },
    });
    return row;
  });
}

export async function deleteEndpoint(ctx: Ctx, id: string) {
  const companyId = requireCompany(ctx.actor);
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx.delete(webhookEndpoints).where(byId(companyId, id)).returning();
    if (!row) throw new AppError('not_found', 'webhook.notFound');
    await logActivity(tx, { companyId, actorUserId: ctx.actor?.userId, type: 'admin_action', title: 'activity.webhookDeleted', details: { url: row.url } });
  });
}

/** A new signing secret, returned this once; the old one stops signing at once. */
export async function rotateSecret(ctx: Ctx, id: string) {
  const companyId = requireCompany(ctx.actor);
  const { secret, ...sealed } = newSecret(ctx.deps.sessionSecret);
  const endpoint = await ctx.db.transaction(async (tx) => {
    const [row] = await tx.update(webhookEndpoints).set(sealed).where(byId(companyId, id)).returning();
    if (!row) throw new AppError('not_found', 'webhook.notFound');
    await logActivity(tx, {
      companyId,
      actorUserId: ctx.actor?.userId,
      type: 'admin_action',
      title: 'activity.webhookSecretRotated',
      details: { url: row.url },
    });
    return row;
  });
  return { endpoint, secret };
}

/** The delivery log of one endpoint, newest first (the last 100). */
export async function listDeliveries(ctx: Ctx, id: string) {
  const companyId = requireCompany(ctx.actor);
  const [endpoint] = await ctx.db.select({ id: webhookEndpoints.id }).from(webhookEndpoints).where(byId(companyId, id));
  if (!endpoint) throw new AppError('not_found', 'webhook.notFound');
  return ctx.db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.companyId, companyId), eq(webhookDeliveries.endpointId, id)))
    .orderBy(desc(webhookDeliveries.createdAt))
    .limit(100);
}

/** Sends a delivery's event again by hand: a new delivery of the same event (same id and body) to the same endpoint, now. */
export async function resendDelivery(ctx: Ctx, endpointId: string, deliveryId: string) {
  const companyId = requireCompany(ctx.actor);
  const now = new Date();
  const created = await ctx.db.transaction(async (tx) => {
    const [d] = await tx
      .select()
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.companyId, companyId), eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.id, deliveryId)));
    if (!d) throw new AppError('not_found', 'webhook.deliveryNotFound');
    const [row] = await tx
      .insert(webhookDeliveries)
      .values({ companyId, endpointId, eventId: d.eventId, eventType: d.eventType, body: d.body, nextAttemptAt: now, createdAt: now })
      .returning();
    await enqueue(tx, WEBHOOK_DELIVER, { deliveryId: row.id }, { runAt: now });
    return row;
  });
  ctx.deps.wakeJobs?.();
  return created;
}
