import type { Role } from '@presente/shared';
import { SESSION_TTL_MS } from '@presente/shared';
import type { Db } from '../db/client.js';
import { companies, departments, employees, holidays, schedules, sessions, users, workLocations } from '../db/schema/index.js';
import { hashPassword, randomToken, sha256 } from '../lib/crypto.js';
import { snapshotPeriods } from '../modules/attendance/periods.js';

export const TEST_PASSWORD = 'Password123!';
let passwordHash: Promise<string> | undefined;
let seq = 0;
const next = () => `${Date.now().toString(36)}${(++seq).toString(36)}`;

/**
 * A fresh valid DNI (8 digits, unique in this run): companies are Peruvian by default, and a Peruvian company's
 * worker needs a document (decision 0062).
 */
let dniSeq = Math.floor(Math.random() * 80_000_000);
export const nextDni = () => String(10_000_000 + (++dniSeq % 90_000_000));
/** The document fields of a request that creates or edits a worker of a Peruvian company: a fresh DNI. */
export const withDni = () => ({ documentType: 'DNI' as const, documentNumber: nextDni() });

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

  /** An employee with its login account, in the given company (or a new one). */
  async function employee(companyId?: string, overrides: Partial<typeof employees.$inferInsert> = {}) {
    const cid = companyId ?? (await company()).id;
    const n = next();
    const account = await user('EMPLOYEE', { companyId: cid, email: `emp-${n}@example.com` });
    const [row] = await db
      .insert(employees)
      .values({
        companyId: cid,
        userId: account.id,
        firstName: 'Ana',
        lastName: `Pérez ${n}`,
        email: account.email,
        employeeCode: `E-${n}`,
        documentType: 'DNI',
        documentNumber: nextDni(),
        hireDate: '2020-01-01',
        ...overrides,
      })
      .returning();
    // As the service does: the employee's first period (what applies to them), from the hire date.
    await snapshotPeriods(db, cid, { employeeIds: [row.id] }, { fromHireDate: true });
    return { ...row, account };
  }

  async function schedule(companyId?: string, overrides: Partial<typeof schedules.$inferInsert> = {}) {
    const cid = companyId ?? (await company()).id;
    const [row] = await db
      .insert(schedules)
      .values({ companyId: cid, name: `Horario ${next()}`, startTime: '09:00', endTime: '18:00', ...overrides })
      .returning();
    return row;
  }

  async function location(companyId?: string, overrides: Partial<typeof workLocations.$inferInsert> = {}) {
    const cid = companyId ?? (await company()).id;
    const [row] = await db
      .insert(workLocations)
      .values({ companyId: cid, name: `Sede ${next()}`, latitude: -12.0464, longitude: -77.0428, ...overrides })
      .returning();
    return row;
  }

  async function department(companyId?: string, name?: string) {
    const cid = companyId ?? (await company()).id;
    const [row] = await db
      .insert(departments)
      .values({ companyId: cid, name: name ?? `Depto ${next()}` })
      .returning();
    return row;
  }

  async function holiday(companyId?: string, overrides: Partial<typeof holidays.$inferInsert> = {}) {
    const cid = companyId ?? (await company()).id;
    const [row] = await db
      .insert(holidays)
      .values({ companyId: cid, name: `Feriado ${next()}`, date: '2026-07-28', ...overrides })
      .returning();
    return row;
  }

  return {
    employee,
    schedule,
    location,
    department,
    holiday,
    company,
    superAdmin: (o: Partial<typeof users.$inferInsert> = {}) => user('SUPER_ADMIN', o),
    companyAdmin: (o: Partial<typeof users.$inferInsert> = {}) => user('COMPANY_ADMIN', o),
    employeeUser: (o: Partial<typeof users.$inferInsert> = {}) => user('EMPLOYEE', o),
  };
}
export type Factories = ReturnType<typeof makeFactories>;
