import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../context.js';
import { checkKioskToken } from '../modules/face/kiosk.service.js';
import { createLink } from '../modules/face/links.service.js';
import { requestDb } from '../plugins/auth.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { withDni } from '../test/factories.js';
import type { Db } from './client.js';
import { employees, holidays, users } from './schema/index.js';

/** Row-level security as a second wall (decision 0030), on both databases. */
let t: TestApp;
let a: { companyId: string; actor: Actor; employeeIds: string[] };
let b: { companyId: string; actor: Actor; employeeIds: string[] };

async function company() {
  const admin = await t.factories.companyAdmin();
  const companyId = admin.companyId!;
  const employeeIds = [(await t.factories.employee(companyId)).id, (await t.factories.employee(companyId)).id];
  await t.factories.holiday(companyId);
  const actor: Actor = { userId: admin.id, sessionId: 'x', role: 'COMPANY_ADMIN', companyId, name: admin.name, email: admin.email };
  return { companyId, actor, employeeIds };
}

const rowsOf = async <T>(db: Db, query: ReturnType<typeof sql>) => {
  const res = (await db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
};
const companiesSeen = async (db: Db) => new Set((await db.select({ c: employees.companyId }).from(employees)).map((r) => r.c));

beforeAll(async () => {
  t = await createTestApp();
  a = await company();
  b = await company();
});

describe('row-level security', () => {
  it("a query that forgets its company filter sees only the request's company", async () => {
    const db = requestDb(t.deps, a.actor);
    // No where clause at all: what a forgotten filter looks like.
    const seen = await db.select({ id: employees.id, companyId: employees.companyId }).from(employees);
    expect(seen.map((r) => r.id).sort()).toEqual([...a.employeeIds].sort());
    expect(new Set((await db.select().from(holidays)).map((h) => h.companyId))).toEqual(new Set([a.companyId]));
    expect(new Set((await db.select().from(users)).map((u) => u.companyId))).toEqual(new Set([a.companyId]));
    // Asking for the other company by name returns nothing either.
    expect(await db.select().from(employees).where(eq(employees.companyId, b.companyId))).toEqual([]);
    // Inside a transaction, and through raw SQL.
    const inTx = await db.transaction(async (tx) => tx.select({ c: employees.companyId }).from(employees));
    expect(new Set(inTx.map((r) => r.c))).toEqual(new Set([a.companyId]));
    const raw = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from employees where company_id = ${b.companyId}`);
    expect(raw[0].n).toBe(0);
  });

  it("refuses writes into another company's rows", async () => {
    const db = requestDb(t.deps, a.actor);
    const attempts = [
      // An insert carrying the other company's id: refused by the policy's WITH CHECK (42501).
      () => db.insert(holidays).values({ companyId: b.companyId, name: 'Intruso', date: '2026-01-02' }),
      // Moving one of its own rows to the other company: refused too.
      () => db.update(employees).set({ companyId: b.companyId }).where(eq(employees.id, a.employeeIds[0])),
    ];
    let accepted = 0;
    for (const attempt of attempts) {
      await attempt().then(
        () => accepted++,
        (err: { code?: string; cause?: { code?: string } }) => expect(err.cause?.code ?? err.code).toBe('42501'),
      );
    }
    expect(accepted).toBe(0);
    // Updating or deleting the other company's rows touches none of them.
    const updated = await db.update(employees).set({ firstName: 'Cambiado' }).where(eq(employees.id, b.employeeIds[0])).returning();
    const deleted = await db.delete(employees).where(eq(employees.id, b.employeeIds[1])).returning();
    expect([updated.length, deleted.length]).toEqual([0, 0]);
    const bRows = await t.deps.db.select().from(employees).where(eq(employees.companyId, b.companyId));
    expect(bRows).toHaveLength(2);
    expect(bRows.every((e) => e.firstName !== 'Cambiado')).toBe(true);
    expect((await t.deps.db.select().from(holidays).where(eq(holidays.name, 'Intruso'))).length).toBe(0);
  });

  it('the owner (jobs, super admin, sign-in) sees every company, and so does a super admin request', async () => {
    for (const db of [t.deps.db, requestDb(t.deps, { ...a.actor, role: 'SUPER_ADMIN', companyId: null })]) {
      const seen = await companiesSeen(db);
      expect(seen.has(a.companyId) && seen.has(b.companyId)).toBe(true);
    }
  });

  it('a kiosk request is held to its link’s company once the token is resolved', async () => {
    const ctx = { ...({} as Parameters<typeof checkKioskToken>[0]), db: t.deps.db, deps: t.deps, ip: '198.51.100.7', actor: null };
    const adminCtx = { ...ctx, db: requestDb(t.deps, a.actor), actor: a.actor, lang: 'es' as const, publicUrl: 'http://localhost' };
    const { token } = await createLink(adminCtx as never, { name: 'Entrada' } as never);
    await checkKioskToken(ctx as never, token);
    expect(await companiesSeen(ctx.db)).toEqual(new Set([a.companyId]));
  });

  it("public flows look past the browser's company session: sign-in, the kiosk, the email check", async () => {
    // A browser signed in to company B: its requests' ctx.db is B's handle.
    const adminA = await t.factories.companyAdmin({ companyId: a.companyId });
    const adminB = await t.factories.companyAdmin({ companyId: b.companyId });
    const asB = t.as(adminB);
    // B cannot see A's admin, yet an employee with A's admin's email is refused as taken (emails are unique
    // platform-wide), through presente_emails_taken.
    const dup = await asB.post('/api/company-admin-simple/employees', {
      firstName: 'Ana',
      lastName: 'Duplicada',
      email: adminA.email.toUpperCase(),
      employeeCode: 'DUP-1',
      ...withDni(),
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().code).toBe('email_taken');
    // Another company's kiosk opened on that browser shows that company.
    const adminC = await t.factories.companyAdmin();
    const link = await t.as(adminC).post('/api/company-admin-simple/face-recognition/attendance-link', { name: 'Puerta' });
    expect(link.statusCode).toBe(201);
    const info = await asB.get(`/api/public/attendance/${link.json().data.token}`);
    expect(info.statusCode).toBe(200);
    const companyC = await t.deps.db.query.companies.findFirst({ where: (c, { eq }) => eq(c.id, adminC.companyId!) });
    expect(info.json().data.companyName).toBe(companyC!.name);
    // Last (it ends B's session): signing in as company A's admin from that browser finds the account (identityDb).
    const login = await asB.post('/api/auth/login', { email: adminA.email, password: adminA.password, turnstileToken: await t.solveCaptcha() });
    expect(login.statusCode).toBe(200);
  });

  it('no tenant setting leaks between interleaved requests of two companies and the owner', async () => {
    const dbs = { a: requestDb(t.deps, a.actor), b: requestDb(t.deps, b.actor), owner: t.deps.db };
    const who = (db: Db) =>
      rowsOf<{ role: string; company: string | null }>(db, sql`select current_user as role, current_setting('app.company_id', true) as company`);
    const order = Array.from({ length: 60 }, (_, i) => (['a', 'b', 'owner'] as const)[(i * 7) % 3]);
    const results = await Promise.all(
      order.map(async (k, i) => {
        const db = dbs[k];
        // Plain queries and transactions mixed, all at once: on PostgreSQL the pool's connections pass from one
        // company to the other and to the owner; on PGlite its one connection does.
        const seen = i % 4 === 0 ? await db.transaction(async (tx) => companiesSeen(tx as unknown as Db)) : await companiesSeen(db);
        const [state] = await who(db);
        return { k, seen, state };
      }),
    );
    for (const { k, seen, state } of results) {
      if (k === 'owner') {
        expect(seen.has(a.companyId) && seen.has(b.companyId)).toBe(true);
        expect(state.role).not.toBe('presente_tenant');
        expect(state.company || null).toBeNull();
      } else {
        const mine = k === 'a' ? a.companyId : b.companyId;
        expect(seen).toEqual(new Set([mine]));
        expect(state).toEqual({ role: 'presente_tenant', company: mine });
      }
    }
  });

  it('a connection without the setting sees no tenant row (a missing setting is no rows, not an error)', async () => {
    const rows = await t.deps.db.transaction(async (tx) => {
      await tx.execute(sql`set local role presente_tenant`);
      return tx.select().from(employees);
    });
    expect(rows).toEqual([]);
  });

  it('every table with a company_id column has row-level security enabled, forced, with both policies', async () => {
    const tables = await rowsOf<{ name: string; enabled: boolean; forced: boolean; policies: string[] | null }>(
      t.deps.db,
      sql`select c.relname as name, c.relrowsecurity as enabled, c.relforcerowsecurity as forced,
            (select array_agg(p.policyname || '|' || p.roles::text || '|' || coalesce(p.qual, '') || '|' || coalesce(p.with_check, '') order by p.policyname)
               from pg_policies p where p.schemaname = 'public' and p.tablename = c.relname) as policies
          from pg_class c
          join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
          join pg_attribute att on att.attrelid = c.oid and att.attname = 'company_id' and not att.attisdropped
          where c.relkind in ('r', 'p') order by c.relname`,
    );
    expect(tables.length).toBeGreaterThanOrEqual(20);
    const unprotected = tables
      .filter((tb) => {
        const [bypass, tenant] = tb.policies ?? [];
        return !(
          tb.enabled &&
          tb.forced &&
          tb.policies?.length === 2 &&
          bypass === 'presente_bypass|{presente_bypass}|true|true' &&
          tenant?.startsWith('presente_tenant_isolation|{presente_tenant}|') &&
          tenant.split('|')[2]?.includes("current_setting('app.company_id'::text, true)") &&
          tenant.split('|')[3]?.includes("current_setting('app.company_id'::text, true)")
        );
      })
      .map((tb) => tb.name);
    // A new table with company_id needs `SELECT presente_protect_table('its_name');` in a custom migration.
    expect(unprotected).toEqual([]);
  });
});
