import { inArray, lt } from 'drizzle-orm';
import type { AppDeps } from '../../context.js';
import { webhookDeliveries } from '../../db/schema/index.js';

/** Daily: the delivery log keeps 30 days (decision 0058); the receiver keeps its own copy of each event. */
export const WEBHOOK_PRUNE = 'webhooks.prune';
export const DELIVERY_LOG_DAYS = 30;

export async function pruneWebhookDeliveries(deps: Pick<AppDeps, 'db'>, now: Date) {
  const before = new Date(now.getTime() - DELIVERY_LOG_DAYS * 86_400_000);
  let removed = 0;
  for (;;) {
    const batch = deps.db.select({ id: webhookDeliveries.id }).from(webhookDeliveries).where(lt(webhookDeliveries.createdAt, before)).limit(1000);
    const rows = await deps.db.delete(webhookDeliveries).where(inArray(webhookDeliveries.id, batch)).returning({ id: webhookDeliveries.id });
    removed += rows.length;
    if (rows.length < 1000) return removed;
  }
}
