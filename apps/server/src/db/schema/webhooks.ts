import type { WebhookEventType } from '@presente/shared';
import { index, integer, jsonb, pgTable, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { companies } from './companies.js';

/**
 * A company's webhook endpoints (decision 0058). The signing secret is kept sealed (AES-256-GCM under a key
 * derived from the session secret): the server must sign with it, so it cannot be a one-way hash.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid().primaryKey().defaultRandom(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    url: text().notNull(),
    description: varchar({ length: 120 }).notNull().default(''),
    events: jsonb().$type<WebhookEventType[]>().notNull(),
    secretSealed: text().notNull(),
    secretHint: varchar({ length: 16 }).notNull(),
    /** Null while enabled. */
    disabledAt: timestamp({ withTimezone: true }),
    disabledReason: varchar({ length: 16 }).$type<'admin' | 'failing'>(),
    lastSuccessAt: timestamp({ withTimezone: true }),
    /** The first failure since the last success: 24 h of failures disable the endpoint. */
    failingSince: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_endpoints_company_idx').on(t.companyId)],
);

/**
 * One event for one endpoint: written in the same transaction as the change it reports (an outbox, so no event is
 * lost or sent for a change that rolled back), delivered by the durable job queue, kept as the delivery log.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid().primaryKey().defaultRandom(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    endpointId: uuid()
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    /** The event's id (evt_...): the same for every endpoint, retry and re-send of one event, for de-duplication. */
    eventId: varchar({ length: 40 }).notNull(),
    eventType: varchar({ length: 40 }).$type<WebhookEventType>().notNull(),
    /** The exact body sent (JSON text), so every attempt signs and sends the same bytes. */
    body: text().notNull(),
    status: varchar({ length: 12 }).$type<'pending' | 'delivered' | 'failed'>().notNull().default('pending'),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }),
    lastStatusCode: integer(),
    lastDurationMs: integer(),
    lastError: varchar({ length: 300 }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('webhook_deliveries_endpoint_idx').on(t.companyId, t.endpointId, t.createdAt), index('webhook_deliveries_created_idx').on(t.createdAt)],
);
