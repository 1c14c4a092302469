import { attendanceRecords, employees } from '../../db/schema/index.js';
import type { TestApp } from '../../test/app.js';

let seq = 0;
const next = () => `${Date.now().toString(36)}${(++seq).toString(36)}`;

/** An employees row of a company (local helper: the shared factories stay untouched). */
export async function addEmployee(t: TestApp, companyId: string, over: Partial<typeof employees.$inferInsert> = {}) {
  const n = next();
  const [row] = await t.db
    .insert(employees)
    .values({ companyId, firstName: 'Ana', lastName: `Pérez ${n}`, email: `emp-${n}@example.com`, employeeCode: `E-${n}`, ...over })
    .returning();
  return row;
}

/** An attendance record of an employee on a day. */
export async function addAttendance(t: TestApp, companyId: string, employeeId: string, date = '2026-03-02') {
  const [row] = await t.db
    .insert(attendanceRecords)
    .values({ companyId, employeeId, date, checkIn: new Date(`${date}T13:00:00Z`), status: 'present' })
    .returning();
  return row;
}

/** Logs in through the API, as the login page does; returns the response. */
export async function login(t: TestApp, email: string, password: string) {
  return t.anon.post('/api/auth/login', { email, password, turnstileToken: await t.solveCaptcha() });
}

/** The session cookie a response sets ("presente_session=..."). */
export function cookieOf(res: { headers: Record<string, unknown> }): string | undefined {
  const raw = res.headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : [raw];
  const c = list.find((x) => typeof x === 'string' && x.startsWith('presente_session='));
  return c ? String(c).split(';')[0] : undefined;
}

/** Messages of a 400 answer. */
export const messagesOf = (res: { json(): unknown }) => ((res.json() as { errors?: { message: string }[] }).errors ?? []).map((e) => e.message);
