import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { holidays, schedules } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { whileUncommitted } from '../../test/concurrency.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
const url = '/api/company-admin-simple/holidays';

describe('holidays', () => {
  it('validates name and date format', async () => {
    const admin = await t.factories.companyAdmin();
    const res = await t.as(admin).post(url, { name: '', date: '28/07/2026' });
    const messages = res.json().errors.map((e: { message: string }) => e.message);
    expect(messages).toEqual(expect.arrayContaining(['El nombre del feriado es requerido', 'Formato inválido']));
    expect((await t.as(admin).post(url, { name: 'X', date: '2026-02-30' })).statusCode).toBe(400);
    // Missing is not malformed: one message, 'La fecha es requerida' (walk-through finding 6).
    for (const date of ['', undefined]) {
      const empty = await t.as(admin).post(url, { name: 'X', date });
      expect(empty.json().errors).toEqual([{ path: 'date', message: 'La fecha es requerida' }]);
    }
    const noScope = await t.as(admin).post(url, { name: 'X', date: '2026-05-01', applyToAll: false, scheduleIds: [] });
    expect(noScope.json().errors[0].path).toBe('scheduleIds');
  });

  it('creates for specific schedules (JSON-string list accepted), filters by year and month, pages', async () => {
    const admin = await t.factories.companyAdmin();
    const s1 = await t.factories.schedule(admin.companyId!);
    const res = await t.as(admin).post(url, {
      name: 'Fiestas Patrias',
      date: '2026-07-28',
      applyToAll: false,
      shouldPayFullDay: false,
      scheduleIds: JSON.stringify([s1.id]),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ applyToAll: false, shouldPayFullDay: false, scheduleIds: [s1.id], isActive: true });
    await t.as(admin).post(url, { name: 'Año Nuevo', date: '2027-01-01' });
    const july = (await t.as(admin).get(`${url}?year=2026&month=7`)).json();
    expect(july.data.map((h: { name: string }) => h.name)).toEqual(['Fiestas Patrias']);
    expect(july.pagination.total).toBe(1);
    const y2027 = (await t.as(admin).get(`${url}?year=2027`)).json();
    expect(y2027.data.map((h: { name: string }) => h.name)).toEqual(['Año Nuevo']);
    const check = (await t.as(admin).get(`${url}/check?date=2026-07-28`)).json().data;
    expect(check.isHoliday).toBe(true);
    const range = (await t.as(admin).get(`${url}/range?startDate=2026-01-01&endDate=2027-12-31`)).json().data;
    expect(range).toHaveLength(2);
  });

  it("refuses another company's schedules and never touches another company's holiday", async () => {
    const admin = await t.factories.companyAdmin();
    const foreignSchedule = await t.factories.schedule();
    const res = await t.as(admin).post(url, { name: 'X', date: '2026-05-01', applyToAll: false, scheduleIds: [foreignSchedule.id] });
    expect(res.statusCode).toBe(404);
    const other = await t.factories.holiday();
    expect((await t.as(admin).get(`${url}/${other.id}`)).statusCode).toBe(404);
    expect((await t.as(admin).put(`${url}/${other.id}`, { name: 'Hack', date: '2026-01-01' })).statusCode).toBe(404);
    expect((await t.as(admin).delete(`${url}/${other.id}`)).statusCode).toBe(404);
    expect((await t.db.query.holidays.findFirst({ where: eq(holidays.id, other.id) }))?.name).toBe(other.name);
    expect((await t.as(admin).get(`${url}/check?date=2026-07-28`)).json().data.isHoliday).toBe(false);
    // The range lists only the admin's own holidays: another company's holiday on a date inside it never shows.
    const mine = await t.factories.holiday(admin.companyId!, { date: other.date, name: 'Mío' });
    const range = (await t.as(admin).get(`${url}/range?startDate=${other.date}&endDate=${other.date}`)).json().data;
    expect(range.map((h: { id: string }) => h.id)).toEqual([mine.id]);
  });

  it('updates scope and deletes', async () => {
    const admin = await t.factories.companyAdmin();
    const h = await t.factories.holiday(admin.companyId!);
    const s = await t.factories.schedule(admin.companyId!);
    const upd = await t.as(admin).put(`${url}/${h.id}`, { name: 'Cambiado', date: '2026-12-25', applyToAll: false, scheduleIds: [s.id], isActive: false });
    expect(upd.json().data).toMatchObject({ name: 'Cambiado', date: '2026-12-25', scheduleIds: [s.id], isActive: false });
    expect((await t.as(admin).get(`${url}/check?date=2026-12-25`)).json().data.isHoliday).toBe(false); // inactive
    expect((await t.as(admin).delete(`${url}/${h.id}`)).statusCode).toBe(200);
    expect((await t.as(admin).get(`${url}/${h.id}`)).statusCode).toBe(404);
  });

  it('answers 404 (never 500) when a chosen schedule is deleted while the holiday is being saved', async () => {
    const admin = await t.factories.companyAdmin();
    const gone = await t.factories.schedule(admin.companyId!);
    const body = { name: 'Aniversario', date: '2026-08-15', applyToAll: false, scheduleIds: [gone.id] };
    const deleteIt = (db: typeof t.db) => db.delete(schedules).where(eq(schedules.id, gone.id));
    if (t.deps.dbKind === 'postgres') {
      const res = await whileUncommitted(t.db, deleteIt, () => t.as(admin).post(url, body));
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Horario no encontrado');
    } else await deleteIt(t.db);
    expect((await t.as(admin).post(url, body)).statusCode).toBe(404);
    expect(await t.db.query.holidays.findFirst({ where: eq(holidays.companyId, admin.companyId!) })).toBeUndefined();
  });
});
