import { index, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * ALTCHA solutions already accepted (decision 0010): the signed nonce of each solved challenge until it expires, so a
 * solution is refused the second time by every server process sharing the database.
 */
export const captchaSolutions = pgTable(
  'captcha_solutions',
  {
    nonce: varchar({ length: 128 }).primaryKey(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('captcha_solutions_expires_idx').on(t.expiresAt)],
);
