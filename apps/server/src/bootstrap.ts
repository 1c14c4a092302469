import { COUNTRIES } from '@presente/shared';
import { eq, sql } from 'drizzle-orm';
import type { Db } from './db/client.js';
import { countries, users } from './db/schema/index.js';
import { generatePassword, hashPassword } from './lib/crypto.js';

export const DEFAULT_SUPERADMIN_EMAIL = 'admin@presente.local';

/** Keeps the countries table in step with the shared list (idempotent). */
export async function seedCountries(db: Db) {
  const rows = COUNTRIES.map((c) => ({ code: c.code, nameEs: c.name.es, nameEn: c.name.en, locale: c.locale, timezones: c.timezones }));
  await db
    .insert(countries)
    .values(rows)
    .onConflictDoUpdate({
      target: countries.code,
      set: { nameEs: sql`excluded.name_es`, nameEn: sql`excluded.name_en`, locale: sql`excluded.locale`, timezones: sql`excluded.timezones` },
    });
}

export type FirstAdmin = { created: false } | { created: true; email: string; password?: string };

/**
 * Creates the first super admin when none exists: from SUPERADMIN_EMAIL/SUPERADMIN_PASSWORD, or with
 * a generated password that is returned once (to be printed) and never stored in clear.
 */
export async function ensureSuperAdmin(db: Db, email?: string, password?: string): Promise<FirstAdmin> {
  const existing = await db.query.users.findFirst({ where: eq(users.role, 'SUPER_ADMIN') });
  if (existing) return { created: false };
  const finalEmail = (email ?? DEFAULT_SUPERADMIN_EMAIL).toLowerCase();
  const generated = password ? undefined : generatePassword(16);
  // Several processes starting at once on one database (ROLES, decision 0065): the first insert wins, the others say nothing.
  const inserted = await db
    .insert(users)
    .values({
      role: 'SUPER_ADMIN',
      name: 'Super Admin',
      email: finalEmail,
      passwordHash: await hashPassword(password ?? generated!),
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (!inserted.length) return { created: false };
  return { created: true, email: finalEmail, password: generated };
}
