import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { activityLog, companies, employeeSchedulePeriods, schedules, workLocations } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { whileUncommitted } from '../../test/concurrency.js';
import { repairImpossibleBreaks } from './break-repair.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
const url = '/api/company-admin-simple/schedules';
const valid = { name: 'Oficina', startTime: '09:00', endTime: '18:00', breakStartTime: '13:00', breakEndTime: '14:00' };

describe('schedules', () => {
  it('validates with the spec messages and ranges', async () => {
    const admin = await t.factories.companyAdmin();
    const res = await t.as(admin).post(url, { name: '', startTime: '', endTime: '', workDays: [] });
    expect(res.statusCode).toBe(400);
    const messages = res.json().errors.map((e: { message: string }) => e.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        'El nombre del horario es requerido',
        'La hora de inicio es requerida',
        'La hora de fin es requerida',
        'Debe seleccionar al menos un día laboral',
      ]),
    );
    const tol = await t.as(admin).post(url, { ...valid, lateToleranceMinutes: 61 });
    expect(tol.json().errors[0]).toEqual({ path: 'lateToleranceMinutes', message: 'La tolerancia debe estar entre 0 y 60 minutos' });
    const early = await t.as(admin).post(url, { ...valid, earlyCheckInMinutes: 121 });
    expect(early.json().errors[0].path).toBe('earlyCheckInMinutes');
    const halfBreak = await t.as(admin).post(url, { ...valid, breakEndTime: '' });
    expect(halfBreak.statusCode).toBe(400);
  });

  it('creates with the spec defaults and stores work days as "1,2,3,4,5"', async () => {
    const admin = await t.factories.companyAdmin();
    const res = await t.as(admin).post(url, { name: 'Mañana', startTime: '08:00', endTime: '17:00' });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      workDays: '1,2,3,4,5',
      lateToleranceMinutes: 15,
      allowEarlyCheckIn: true,
      earlyCheckInMinutes: 30,
      countActualTime: false,
      allowManualAttendance: true,
      isActive: true,
      locationId: null,
      breakStartTime: null,
    });
    const list = (await t.as(admin).get(`${url}?page=1&limit=100`)).json();
    expect(list.data).toHaveLength(1);
    expect(list.pagination).toMatchObject({ page: 1, total: 1, pages: 1 });
  });

  it('FREE allows one schedule; the second answers 403 plan_limit_reached; PREMIUM has no cap', async () => {
    const admin = await t.factories.companyAdmin();
    expect((await t.as(admin).post(url, valid)).statusCode).toBe(201);
    const second = await t.as(admin).post(url, { ...valid, name: 'Tarde', workDays: '6,7' });
    expect(second.statusCode).toBe(403);
    expect(second.json()).toMatchObject({ code: 'plan_limit_reached', feature: 'schedules', limit: 1, errors: [{ path: 'schedules' }] });
    await t.db.update(companies).set({ plan: 'PREMIUM' }).where(eq(companies.id, admin.companyId!));
    const third = await t.as(admin).post(url, { ...valid, name: 'Tarde', workDays: [7, 6, 6] });
    expect(third.statusCode).toBe(201);
    expect(third.json().data.workDays).toBe('6,7');
  });

  it('accepts only a location of the same company', async () => {
    const admin = await t.factories.companyAdmin();
    const foreign = await t.factories.location();
    const res = await t.as(admin).post(url, { ...valid, locationId: foreign.id });
    expect(res.statusCode).toBe(404);
    const mine = await t.factories.location(admin.companyId!);
    const ok = await t.as(admin).post(url, { ...valid, locationId: mine.id });
    expect(ok.json().data.locationId).toBe(mine.id);
  });

  it("updates and deletes only its own company's schedules; refuses deleting one in use", async () => {
    const admin = await t.factories.companyAdmin();
    const other = await t.factories.schedule();
    expect((await t.as(admin).put(`${url}/${other.id}`, valid)).statusCode).toBe(404);
    expect((await t.as(admin).delete(`${url}/${other.id}`)).statusCode).toBe(404);
    expect(await t.db.query.schedules.findFirst({ where: eq(schedules.id, other.id) })).toBeDefined();
    const mine = await t.factories.schedule(admin.companyId!);
    const upd = await t.as(admin).put(`${url}/${mine.id}`, { ...valid, lateToleranceMinutes: 5, allowManualAttendance: false });
    expect(upd.json().data).toMatchObject({ lateToleranceMinutes: 5, allowManualAttendance: false });
    await t.factories.employee(admin.companyId!, { scheduleId: mine.id });
    const del = await t.as(admin).delete(`${url}/${mine.id}`);
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toContain('1 empleado(s)');
  });

  it('answers 404 (never 500) when the location is deleted while the schedule is being saved', async () => {
    const admin = await t.factories.companyAdmin();
    const c = admin.companyId!;
    const sched = await t.factories.schedule(c);
    const gone = await t.factories.location(c);
    const deleteIt = (db: typeof t.db) => db.delete(workLocations).where(eq(workLocations.id, gone.id));
    if (t.deps.dbKind === 'postgres') {
      const res = await whileUncommitted(t.db, deleteIt, () => t.as(admin).put(`${url}/${sched.id}`, { ...valid, locationId: gone.id }));
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Ubicación no encontrada');
    } else await deleteIt(t.db);
    const res = await t.as(admin).put(`${url}/${sched.id}`, { ...valid, locationId: gone.id });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Ubicación no encontrada');
    expect((await t.db.query.schedules.findFirst({ where: eq(schedules.id, sched.id) }))?.locationId).toBeNull();
  });

  it('refuses a break that ends before it starts (POST and PUT): 400 validation_failed on the break field, nothing saved (decision 0024)', async () => {
    const admin = await t.factories.companyAdmin();
    const reversed = { ...valid, startTime: '08:00', endTime: '17:00', breakStartTime: '14:00', breakEndTime: '13:00' };
    const created = await t.as(admin).post(url, reversed);
    expect(created.statusCode).toBe(400);
    expect(created.json()).toMatchObject({
      code: 'validation_failed',
      errors: [{ path: 'breakEndTime', message: 'El fin del descanso debe ser posterior a su inicio' }],
    });
    expect(await t.db.query.schedules.findMany({ where: eq(schedules.companyId, admin.companyId!) })).toHaveLength(0);
    const outside = await t.as(admin).post(url, { ...reversed, breakStartTime: '16:30', breakEndTime: '17:30' });
    expect(outside.json().errors).toEqual([{ path: 'breakEndTime', message: 'El descanso debe estar dentro del horario de trabajo' }]);

    const mine = await t.factories.schedule(admin.companyId!, { startTime: '08:00', endTime: '17:00', breakStartTime: '13:00', breakEndTime: '14:00' });
    const updated = await t.as(admin).put(`${url}/${mine.id}`, reversed);
    expect(updated.statusCode).toBe(400);
    expect(updated.json().code).toBe('validation_failed');
    expect(updated.json().errors).toEqual([{ path: 'breakEndTime', message: 'El fin del descanso debe ser posterior a su inicio' }]);
    expect(await t.db.query.schedules.findFirst({ where: eq(schedules.id, mine.id) })).toMatchObject({ breakStartTime: '13:00', breakEndTime: '14:00' });
    const english = await t.as(admin).put(`${url}/${mine.id}`, reversed, { 'accept-language': 'en' });
    expect(english.json().errors[0].message).toBe('The break must end after it starts');

    // Another company's schedule is still "not found"; a night break across midnight is fine.
    const other = await t.factories.schedule();
    expect((await t.as(admin).put(`${url}/${other.id}`, valid)).statusCode).toBe(404);
    const night = await t
      .as(admin)
      .put(`${url}/${mine.id}`, { ...valid, startTime: '22:00', endTime: '06:00', breakStartTime: '23:30', breakEndTime: '00:15' });
    expect(night.statusCode).toBe(200);
  });

  it('repairs existing schedules with an impossible break at start-up: the break is cleared, logged and in the activity; once', async () => {
    const admin = await t.factories.companyAdmin();
    const c = admin.companyId!;
    const bad = await t.factories.schedule(c, { name: 'Roto', startTime: '08:00', endTime: '17:00', breakStartTime: '14:00', breakEndTime: '13:00' });
    const half = await t.factories.schedule(c, { name: 'Medio', startTime: '08:00', endTime: '17:00', breakStartTime: '13:00', breakEndTime: null });
    const good = await t.factories.schedule(c, { name: 'Noche', startTime: '22:00', endTime: '06:00', breakStartTime: '23:30', breakEndTime: '00:15' });
    const worker = await t.factories.employee(c, { scheduleId: bad.id });
    const log = { warn: vi.fn() };

    const repaired = await repairImpossibleBreaks(t.db, log);
    expect(repaired.map((r) => r.scheduleId).sort()).toEqual([bad.id, half.id].sort());
    expect(await t.db.query.schedules.findFirst({ where: eq(schedules.id, bad.id) })).toMatchObject({ breakStartTime: null, breakEndTime: null });
    expect(await t.db.query.schedules.findFirst({ where: eq(schedules.id, half.id) })).toMatchObject({ breakStartTime: null, breakEndTime: null });
    expect(await t.db.query.schedules.findFirst({ where: eq(schedules.id, good.id) })).toMatchObject({ breakStartTime: '23:30', breakEndTime: '00:15' });
    expect(log.warn).toHaveBeenCalledTimes(2);
    expect(log.warn).toHaveBeenCalledWith(expect.objectContaining({ scheduleId: bad.id, breakStartTime: '14:00', breakEndTime: '13:00' }), expect.any(String));
    const entries = await t.db.query.activityLog.findMany({ where: and(eq(activityLog.companyId, c), eq(activityLog.type, 'schedule_changed')) });
    expect(entries).toHaveLength(2);
    expect(entries.find((e) => (e.details as { scheduleId: string }).scheduleId === bad.id)).toMatchObject({
      title: 'activity.scheduleBreakCleared',
      details: { scheduleName: 'Roto', breakStartTime: '14:00', breakEndTime: '13:00' },
    });
    // The employee's rules from today carry no break.
    const periods = await t.db.query.employeeSchedulePeriods.findMany({ where: eq(employeeSchedulePeriods.employeeId, worker.id) });
    expect(periods.at(-1)?.schedule).toMatchObject({ breakStartTime: null, breakEndTime: null });

    expect(await repairImpossibleBreaks(t.db, log)).toEqual([]);
    expect(log.warn).toHaveBeenCalledTimes(2);
  });
});
