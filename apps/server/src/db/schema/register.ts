import { index, pgTable, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { companies } from './companies.js';

/**
 * Download links of a company's whole attendance register (Excel and PDF of every month), mailed to its
 * administrator when the company is closed; valid 30 days. Only the token's SHA-256 is stored (decision 0034).
 */
export const registerLinks = pgTable(
  'register_links',
  {
    id: uuid().primaryKey().defaultRandom(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    tokenHash: varchar({ length: 64 }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('register_links_token_uq').on(t.tokenHash), index('register_links_company_idx').on(t.companyId)],
);
