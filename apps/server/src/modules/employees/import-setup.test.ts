import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { beforeAll, describe, expect, it } from 'vitest';
import { jobs, passwordResetTokens, users } from '../../db/schema/index.js';
import { jobHandlers } from '../../jobs/index.js';
import { runDueJobs } from '../../jobs/runner.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { withDni } from '../../test/factories.js';
import { EMPLOYEE_SETUP_MAIL } from './setup-mail.job.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
const log = pino({ level: 'silent' });
const url = '/api/company-admin-simple/employees/import';
const rowsFor = (tag: string, n: number) =>
  Array.from({ length: n }, (_, i) => ({
    Nombre: `N${i}`,
    Apellido: 'Prueba',
    Email: `${tag}${i}@imp.pe`,
    Código: `${tag.toUpperCase()}${i}`,
    DNI: withDni().documentNumber,
    'Tipo de documento': 'DNI',
  }));

describe('import: accounts at once, set-password links by the job queue (decision 0032)', () => {
  it('answers 400 rows without hashing a password on the request path; one mail job per account', async () => {
    const company = await t.factories.company({ plan: 'PREMIUM', maxEmployees: 1000 });
    const admin = await t.factories.companyAdmin({ companyId: company.id });
    const started = performance.now();
    const res = await t.as(admin).post(url, { rows: rowsFor('bulk', 400), dryRun: false });
    const ms = performance.now() - started;
    console.log(`import of 400 rows answered in ${Math.round(ms)} ms`);
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ count: 400, mailsQueued: 400 });
    const accounts = await t.db.select({ hash: users.passwordHash }).from(users).where(sql`${users.companyId} = ${company.id} and ${users.role} = 'EMPLOYEE'`);
    expect(accounts).toHaveLength(400);
    // No argon2 hash was made while the admin waited (the old code hashed all 400 here).
    expect(accounts.filter((a) => a.hash.startsWith('$argon2'))).toHaveLength(0);
    const queued = await t.db.select({ payload: jobs.payload }).from(jobs).where(eq(jobs.type, EMPLOYEE_SETUP_MAIL));
    expect(queued.length).toBeGreaterThanOrEqual(400);
    // No password, plain or otherwise, in a job payload: only who, the language and the link base.
    for (const q of queued) expect(Object.keys(q.payload as object).sort()).toEqual(['lang', 'linkBase', 'userId']);
    await t.db.delete(jobs).where(eq(jobs.type, EMPLOYEE_SETUP_MAIL)); // the next tests mail only their own
  });

  it('the employee sets a password with the mailed link once, then logs in; the link expires; unset accounts cannot log in', async () => {
    const admin = await t.factories.companyAdmin();
    expect((await t.as(admin).post(url, { rows: rowsFor('ana', 2), dryRun: false })).statusCode).toBe(201);
    // Before the mail: no password works, not even the marker the account holds.
    const login = async (password: string) =>
      (await t.anon.post('/api/auth/login', { email: 'ana0@imp.pe', password, turnstileToken: await t.solveCaptcha() })).statusCode;
    for (const password of ['x', '!unset', 'UNSET_PASSWORD']) expect(await login(password)).toBe(401);
    const before = t.deps.mailer.outbox.length;
    while ((await runDueJobs(t.deps, jobHandlers, [], log, new Date())) > 0);
    const mails = t.deps.mailer.outbox.slice(before).filter((m) => m.to.endsWith('@imp.pe') && m.to.startsWith('ana'));
    expect(mails).toHaveLength(2);
    expect(mails[0].subject).toContain('tu cuenta de');
    expect(mails[0].text).not.toMatch(/Contraseña:/);
    const link = mails.find((m) => m.to === 'ana0@imp.pe')!.links![0];
    const token = new URL(link).searchParams.get('token')!;
    expect((await t.anon.post('/api/auth/reset-password', { token, newPassword: 'MiClaveNueva123' })).statusCode).toBe(200);
    expect((await t.anon.post('/api/auth/reset-password', { token, newPassword: 'OtraClave456' })).statusCode).toBe(400);
    expect(await login('MiClaveNueva123')).toBe(200);
    // The other employee's link expires (7 days): past it, the link is refused.
    const other = mails.find((m) => m.to === 'ana1@imp.pe')!.links![0];
    const otherToken = new URL(other).searchParams.get('token')!;
    await t.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(sql`true`);
    expect((await t.anon.post('/api/auth/reset-password', { token: otherToken, newPassword: 'MiClaveNueva123' })).statusCode).toBe(400);
  });

  it('the same file twice creates nothing the second time (per-row errors), and FREE stays at 5', async () => {
    const admin = await t.factories.companyAdmin({ companyId: (await t.factories.company({ plan: 'PREMIUM', maxEmployees: -1 })).id });
    const rows = rowsFor('twice', 3);
    expect((await t.as(admin).post(url, { rows, dryRun: false })).statusCode).toBe(201);
    const again = await t.as(admin).post(url, { rows, dryRun: false });
    expect(again.statusCode).toBe(400);
    expect(again.json().errors).toContainEqual({ path: '2.employeeCode', message: 'Ya existe un empleado con ese código' });
    const n = await t.db.select({ n: sql<number>`count(*)::int` }).from(users).where(eq(users.companyId, admin.companyId!));
    expect(n[0].n).toBe(4); // the admin and three employees
    const free = await t.factories.company({ plan: 'FREE', maxEmployees: 10 });
    const freeAdmin = await t.factories.companyAdmin({ companyId: free.id });
    const six = await t.as(freeAdmin).post(url, { rows: rowsFor('free', 6), dryRun: false });
    expect(six.statusCode).toBe(403);
    expect(six.json().code).toBe('plan_limit_reached');
  });
});
