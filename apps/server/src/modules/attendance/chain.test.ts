import { localToInstant } from '@presente/shared';
import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { attendanceChain, attendanceChainHeads, attendanceRecords } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { loadRegister } from '../register/register.data.js';
import { registerXlsx } from '../register/register.files.js';
import { backfillAllChains, backfillChain, verifyChain } from './chain.js';
import { punch } from './punch.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
const base = '/api/company-admin-simple/attendance';
const lima = (date: string, hhmm: string) => localToInstant(date, Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3)), 'America/Lima');

async function company() {
  const c = await t.factories.company({ timezone: 'America/Lima' });
  const admin = await t.factories.companyAdmin({ companyId: c.id });
  const schedule = await t.factories.schedule(c.id, { startTime: '09:00', endTime: '18:00', workDays: '1,2,3,4,5,6,7' });
  const ana = await t.factories.employee(c.id, { firstName: 'Ana', lastName: 'Alva', scheduleId: schedule.id });
  const beto = await t.factories.employee(c.id, { firstName: 'Beto', lastName: 'Bravo', scheduleId: schedule.id });
  return { c, admin, ana, beto };
}
const entries = (companyId: string) => t.db.select().from(attendanceChain).where(eq(attendanceChain.companyId, companyId)).orderBy(attendanceChain.seq);

describe('attendance hash chain (decision 0038)', () => {
  it('every writer appends: punch in/out, manual create/edit/delete; the admin sees ok', async () => {
    const { c, admin, ana, beto } = await company();
    const p = { companyId: c.id, employeeId: ana.id, method: 'web' as const };
    await punch(t.db, t.deps, { ...p, action: 'check_in', at: lima('2026-03-04', '09:00') });
    await punch(t.db, t.deps, { ...p, action: 'check_out', at: lima('2026-03-04', '18:00') });
    const created = await t.as(admin).post(base, { employeeId: beto.id, date: '2026-03-04', checkIn: '09:30', reason: 'Olvidó marcar' });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id;
    expect(
      (await t.as(admin).put(`${base}/${id}`, { employeeId: beto.id, date: '2026-03-04', checkIn: '09:10', checkOut: '18:00', reason: 'Corrige' })).statusCode,
    ).toBe(200);
    expect((await t.as(admin).delete(`${base}/${id}?reason=Error`)).statusCode).toBe(200);
    expect((await entries(c.id)).map((e) => [e.seq, e.op])).toEqual([
      [1, 'write'],
      [2, 'write'],
      [3, 'write'],
      [4, 'write'],
      [5, 'delete'],
    ]);
    const res = await t.as(admin).get(`${base}/integrity`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ ok: true, entries: 5 });
    const doc = (await t.as(admin).get('/api/openapi.json')).json();
    expect(doc.paths['/api/company-admin-simple/attendance/integrity'].get.responses['200']).toBeDefined();
    // Another company's admin sees only their own (empty) chain, never this one.
    const other = await company();
    expect((await t.as(other.admin).get(`${base}/integrity`)).json().data).toMatchObject({ ok: true, entries: 0 });
  });

  it('finds a record changed by raw SQL and names it and its date', async () => {
    const { c, admin, ana } = await company();
    const p = { companyId: c.id, employeeId: ana.id, method: 'web' as const };
    const first = await punch(t.db, t.deps, { ...p, action: 'check_in', at: lima('2026-03-05', '09:20') });
    await punch(t.db, t.deps, { ...p, action: 'check_in', at: lima('2026-03-06', '09:00') });
    await t.db.execute(sql`update attendance_records set check_in = check_in - interval '20 minutes', status = 'present' where id = ${first.record.id}::uuid`);
    const res = (await t.as(admin).get(`${base}/integrity`)).json().data;
    expect(res).toMatchObject({ ok: false, broken: { recordId: first.record.id, date: '2026-03-05', reason: 'content' } });
    // A forged link (an entry rewritten to match) breaks the chain at that entry.
    const { c: c2, ana: ana2 } = await company();
    const r = await punch(t.db, t.deps, { companyId: c2.id, employeeId: ana2.id, method: 'web', action: 'check_in', at: lima('2026-03-05', '09:00') });
    await t.db
      .update(attendanceChain)
      .set({ contentHash: 'f'.repeat(64) })
      .where(and(eq(attendanceChain.companyId, c2.id), eq(attendanceChain.seq, 1)));
    expect(await verifyChain(t.db, c2.id)).toMatchObject({ ok: false, broken: { seq: 1, recordId: r.record.id, reason: 'link' } });
    // A row deleted by raw SQL is missed too.
    const { c: c3, ana: ana3 } = await company();
    const gone = await punch(t.db, t.deps, { companyId: c3.id, employeeId: ana3.id, method: 'web', action: 'check_in', at: lima('2026-03-05', '09:00') });
    await t.db.delete(attendanceRecords).where(eq(attendanceRecords.id, gone.record.id));
    expect(await verifyChain(t.db, c3.id)).toMatchObject({ ok: false, broken: { recordId: gone.record.id } });
  });

  it('concurrent punches of one company do not fork the chain', async () => {
    const { c } = await company();
    const workers = await Promise.all(Array.from({ length: 6 }, (_, i) => t.factories.employee(c.id, { firstName: `W${i}` })));
    await Promise.all(
      workers.map((w) => punch(t.db, t.deps, { companyId: c.id, employeeId: w.id, method: 'web', action: 'check_in', at: lima('2026-03-05', '09:00') })),
    );
    const list = await entries(c.id);
    expect(list.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(new Set(list.map((e) => e.prevHash)).size).toBe(6);
    expect(await verifyChain(t.db, c.id)).toMatchObject({ ok: true, entries: 6 });
  });

  it('backfill chains existing records once, in date order', async () => {
    const { c, ana } = await company();
    await t.db.insert(attendanceRecords).values([
      { companyId: c.id, employeeId: ana.id, date: '2026-01-03', checkIn: lima('2026-01-03', '09:00'), status: 'present' },
      { companyId: c.id, employeeId: ana.id, date: '2026-01-02', checkIn: lima('2026-01-02', '09:00'), status: 'present' },
    ]);
    expect(await verifyChain(t.db, c.id)).toMatchObject({ ok: false, broken: { reason: 'unchained', date: '2026-01-02' } });
    expect(await backfillAllChains(t.db)).toBeGreaterThanOrEqual(2);
    expect(await backfillChain(t.db, c.id)).toBe(0);
    expect((await entries(c.id)).map((e) => e.date)).toEqual(['2026-01-02', '2026-01-03']);
    expect(await verifyChain(t.db, c.id)).toMatchObject({ ok: true, entries: 2 });
    const [head] = await t.db.select().from(attendanceChainHeads).where(eq(attendanceChainHeads.companyId, c.id));
    expect(head.seq).toBe(2);
  });

  it('the exported register carries the chain head hash and the export time', async () => {
    const { c, ana } = await company();
    await punch(t.db, t.deps, { companyId: c.id, employeeId: ana.id, method: 'web', action: 'check_in', at: lima('2026-03-05', '09:00') });
    const [head] = await t.db.select().from(attendanceChainHeads).where(eq(attendanceChainHeads.companyId, c.id));
    const now = new Date('2026-03-06T15:00:00Z');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await registerXlsx(await loadRegister(t.db, c.id), 'es', now)) as never);
    const texts = wb.worksheets[0].getSheetValues().flat().map(String);
    expect(texts).toContain(
      `Integridad: cadena de 1 entradas, hash final ${head.hash}, exportado el 2026-03-06T15:00:00.000Z. Verificable con la página de integridad del administrador o npm run verify-register.`,
    );
  });
});
