import { z } from 'zod';

/**
 * Webhooks (decision 0058): the events a company's endpoints can subscribe to. Each delivery is a POST of
 * `webhookEvent` signed with the endpoint's secret (header `Presente-Signature: t=<unix seconds>,v1=<hex>`,
 * HMAC-SHA256 over `<t>.<body>`).
 */
export const WEBHOOK_EVENTS = [
  'attendance.recorded',
  'attendance.changed',
  'attendance.deleted',
  'employee.created',
  'employee.updated',
  'employee.deactivated',
  'punch.flagged',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];

export const WEBHOOKS = {
  /** Endpoints one company may register. */
  maxEndpoints: 5,
  /** A delivery is retried (exponential backoff from 30 s, at most 1 h apart) for this long after the event. */
  retryForMs: 24 * 60 * 60 * 1000,
  firstRetryMs: 30_000,
  maxRetryGapMs: 60 * 60 * 1000,
  /** An endpoint that has failed every delivery for this long is disabled and the admin is mailed. */
  disableAfterMs: 24 * 60 * 60 * 1000,
  /** One attempt's limit: the receiver must answer 2xx within it. */
  timeoutMs: 10_000,
  /** A signature older than this should be refused by the receiver (replay window the guide recommends). */
  toleranceSeconds: 300,
  signatureHeader: 'Presente-Signature',
} as const;

export const webhookEndpointInput = z.object({
  url: z
    .string('webhook.urlRequired')
    .trim()
    .min(1, 'webhook.urlRequired')
    .max(2000, 'webhook.urlInvalid')
    .refine((v) => {
      try {
        const u = new URL(v);
        return (u.protocol === 'https:' || u.protocol === 'http:') && !u.username && !u.password;
      } catch {
        return false;
      }
    }, 'webhook.urlInvalid'),
  description: z.string().trim().max(120, 'webhook.descriptionTooLong').optional().default(''),
  events: z.array(z.enum(WEBHOOK_EVENTS, 'webhook.eventInvalid'), 'webhook.eventsRequired').min(1, 'webhook.eventsRequired').max(WEBHOOK_EVENTS.length),
});
export type WebhookEndpointInput = z.input<typeof webhookEndpointInput>;

export const webhookEndpointUpdate = webhookEndpointInput.extend({ enabled: z.boolean().optional() });

export const webhookEndpointAnswer = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  enabled: z.boolean(),
  /** Why it was disabled: by the admin, or after failing for 24 h. */
  disabledReason: z.enum(['admin', 'failing']).nullable(),
  /** The secret's first characters, to tell secrets apart; the secret itself is shown once. */
  secretHint: z.string(),
  createdAt: z.string(),
  lastSuccessAt: z.string().nullable(),
  /** Since when every delivery has failed (null while it answers). */
  failingSince: z.string().nullable(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointAnswer>;

/** Creating an endpoint or rotating its secret: the secret, shown this once. */
export const webhookSecretAnswer = z.object({ endpoint: webhookEndpointAnswer, secret: z.string() });
export type WebhookSecret = z.infer<typeof webhookSecretAnswer>;

export const webhookDeliveryAnswer = z.object({
  id: z.string(),
  eventId: z.string(),
  eventType: z.enum(WEBHOOK_EVENTS),
  status: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number(),
  lastStatusCode: z.number().nullable(),
  lastDurationMs: z.number().nullable(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliveryAnswer>;

/** What a receiver gets (the body of every delivery). `id` is the event's: the same on every retry and re-send. */
export const webhookEvent = z.object({
  id: z.string(),
  type: z.enum(WEBHOOK_EVENTS),
  createdAt: z.string(),
  companyId: z.string(),
  data: z.record(z.string(), z.unknown()),
});
export type WebhookEvent = z.infer<typeof webhookEvent>;
