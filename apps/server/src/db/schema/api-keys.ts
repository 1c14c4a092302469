import { index, jsonb, pgTable, smallint, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { companies, users } from './companies.js';

/**
 * A company's keys for the public API (/api/v1, decision 0048). Only the SHA-256 of the key is stored; the key
 * itself is shown once when it is made. `prefix` is its first characters (`pk_live_ab12`), to tell keys apart.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid().primaryKey().defaultRandom(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: varchar({ length: 80 }).notNull(),
    scope: varchar({ length: 16 }).$type<'read' | 'read_write'>().notNull(),
    prefix: varchar({ length: 24 }).notNull(),
    keyHash: varchar({ length: 64 }).notNull(),
    /** The admin who made it: the author of what the key writes is the key's name, on this account (decision 0048). */
    createdBy: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp({ withTimezone: true }),
    expiresAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex('api_keys_key_hash_uq').on(t.keyHash), index('api_keys_company_idx').on(t.companyId, t.createdAt)],
);

/**
 * Answers to public-API writes sent with an `Idempotency-Key` (decision 0048): the same key with the same body
 * gets the stored answer again for 24 h; the same key with another body is a 409.
 */
export const apiIdempotency = pgTable(
  'api_idempotency',
  {
    id: uuid().primaryKey().defaultRandom(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    idempotencyKey: varchar({ length: 255 }).notNull(),
    /** SHA-256 of method, path and body. */
    requestHash: varchar({ length: 64 }).notNull(),
    status: smallint().notNull(),
    body: jsonb().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('api_idempotency_key_uq').on(t.companyId, t.idempotencyKey), index('api_idempotency_created_idx').on(t.companyId, t.createdAt)],
);
