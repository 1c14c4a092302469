import type { WebhookDelivery, WebhookEndpoint } from '@presente/shared';
import type { webhookDeliveries, webhookEndpoints } from '../../db/schema/index.js';
import { iso } from '../../lib/iso.js';

/** An endpoint as the admin reads it: never the secret (sealed) nor the company. */
export function presentEndpoint(e: typeof webhookEndpoints.$inferSelect): WebhookEndpoint {
  return {
    id: e.id,
    url: e.url,
    description: e.description,
    events: e.events,
    enabled: !e.disabledAt,
    disabledReason: e.disabledAt ? (e.disabledReason ?? 'admin') : null,
    secretHint: `${e.secretHint}…`,
    createdAt: iso(e.createdAt),
    lastSuccessAt: e.lastSuccessAt ? iso(e.lastSuccessAt) : null,
    failingSince: e.failingSince ? iso(e.failingSince) : null,
  };
}

/** One line of the delivery log: what happened, never the body (it is the receiver's copy to keep). */
export function presentDelivery(d: typeof webhookDeliveries.$inferSelect): WebhookDelivery {
  return {
    id: d.id,
    eventId: d.eventId,
    eventType: d.eventType,
    status: d.status,
    attempts: d.attempts,
    lastStatusCode: d.lastStatusCode,
    lastDurationMs: d.lastDurationMs,
    lastError: d.lastError,
    nextAttemptAt: d.nextAttemptAt ? iso(d.nextAttemptAt) : null,
    createdAt: iso(d.createdAt),
    deliveredAt: d.deliveredAt ? iso(d.deliveredAt) : null,
  };
}
