import { SESSION_TTL_MS } from '@presente/shared';
import type { Role } from '@presente/shared';
import type { Db } from '../db/client.js';
import { companies, sessions, users } from '../db/schema/index.js';
import { hashPassword, randomToken, sha256 } from '../lib/crypto.js';

export const TEST_PASSWORD = 'Password123!';
let passwordHash: Promise<string> | undefined;
let seq = 0;
const next = () => `${Date.now().toString(36)}${(++seq).toString(36)}`;

export type Company = typeof companies.$inferSelect;
export type TestUser = typeof users.$inferSelect & { sessionToken: string; password: string };

/** Builders of valid rows; each call makes new, unique data (a fresh company unless one is given). */
export function makeFactories(db: Db) {
  const hash = () => (passwordHash ??= hashPassword(TEST_PASSWORD));

  async function company(overrides: Partial<typeof companies.$inferInsert> = {}): Promise<Company> {
    const n = next();
    const [row] = await db
      .insert(companies)
      .values({ name: `Empresa ${n}`, email: `empresa-${n}@example.com`, ruc: '20123456789', ...overrides })
      .returning();
    return row;
  }

  async function user(role: Role, overrides: Partial<typeof users.$inferInsert> = {}): Promise<TestUser> {
    const n = next();
    const companyId = role === 'SUPER_ADMIN' ? null : (overrides.companyId ?? (await company()).id);
    const [row] = await db
      .insert(users)
      .values({ role, name: `Usuario ${n}`, email: `user-${n}@example.com`, passwordHash: await hash(), ...overrides, companyId })
      .returning();
    const sessionToken = randomToken();
    await db.insert(sessions).values({ userId: row.id, tokenHash: sha256(sessionToken), expiresAt: new Date(Date.now() + SESSION_TTL_MS) });
    return { ...row, sessionToken, password: TEST_PASSWORD };
  }

  return {
    company,
    superAdmin: (o: Partial<typeof users.$inferInsert> = {}) => user('SUPER_ADMIN', o),
    companyAdmin: (o: Partial<typeof users.$inferInsert> = {}) => user('COMPANY_ADMIN', o),
    employeeUser: (o: Partial<typeof users.$inferInsert> = {}) => user('EMPLOYEE', o),
  };
}
export type Factories = ReturnType<typeof makeFactories>;
