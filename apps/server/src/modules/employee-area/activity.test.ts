import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { activityLog } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { addActivity, BASE, local, officeEmployee } from './test-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

/** An employee in Lima with one entry of each kind on successive days of March 2026, plus others' entries. */
async function withActivity() {
  const { employee, companyId } = await officeEmployee(t);
  const admin = await t.factories.companyAdmin({ companyId, name: 'Carla Admin' });
  const colleague = (await officeEmployee(t, {}, companyId)).employee;
  const stranger = (await officeEmployee(t)).employee;
  const entries = {
    // 23:30 in Lima on 1 March is already 2 March in UTC.
    checkIn: await addActivity(t, employee, 'attendance_check_in', local('2026-03-01', '23:30')),
    checkOut: await addActivity(t, employee, 'attendance_check_out', local('2026-03-02', '18:00')),
    edit: await addActivity(t, employee, 'attendance_edit', local('2026-03-03', '10:00'), admin.id),
    created: await addActivity(t, employee, 'employee_created', local('2026-03-04', '10:00'), admin.id),
    schedule: await addActivity(t, employee, 'schedule_changed', local('2026-03-05', '10:00'), admin.id),
  };
  await addActivity(t, colleague, 'attendance_check_in', local('2026-03-02', '09:00'));
  await addActivity(t, stranger, 'attendance_check_in', local('2026-03-02', '09:00'));
  return { employee, colleague, stranger, admin, entries };
}

const ids = (res: { json(): { data: { id: string }[] } }) => res.json().data.map((e) => e.id);

describe('activity', () => {
  it('lists only the own entries, newest first, with the admin name and details', async () => {
    const { employee, colleague, stranger, entries } = await withActivity();
    const res = await t.as(employee.account).get(`${BASE}/activity`);
    expect(res.statusCode).toBe(200);
    expect(ids(res)).toEqual([entries.schedule.id, entries.created.id, entries.edit.id, entries.checkOut.id, entries.checkIn.id]);
    expect(res.json().data[2]).toEqual({
      id: entries.edit.id,
      type: 'attendance_edit',
      title: 'Evento attendance_edit',
      description: null,
      timestamp: entries.edit.createdAt.toISOString(),
      adminName: 'Carla Admin',
      details: { date: '2026-03-03' },
    });
    expect(res.json().data[4].adminName).toBeNull();
    expect(res.json().pagination).toMatchObject({ page: 1, limit: 10, total: 5 });
    expect((await t.as(colleague.account).get(`${BASE}/activity`)).json().pagination.total).toBe(1);
    expect((await t.as(stranger.account).get(`${BASE}/activity`)).json().pagination.total).toBe(1);
  });

  it('filters attendance and admin actions', async () => {
    const { employee, entries } = await withActivity();
    const me = t.as(employee.account);
    expect(ids(await me.get(`${BASE}/activity?filter=attendance`))).toEqual([entries.edit.id, entries.checkOut.id, entries.checkIn.id]);
    expect(ids(await me.get(`${BASE}/activity?filter=admin_actions`))).toEqual([entries.schedule.id, entries.created.id, entries.edit.id]);
    const bad = await me.get(`${BASE}/activity?filter=everything`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Tipo de actividad inválido');
  });

  it('reads startDate/endDate as local days of the company timezone, inclusive', async () => {
    const { employee, entries } = await withActivity();
    const me = t.as(employee.account);
    expect(ids(await me.get(`${BASE}/activity?startDate=2026-03-01&endDate=2026-03-01`))).toEqual([entries.checkIn.id]);
    expect(ids(await me.get(`${BASE}/activity?startDate=2026-03-02&endDate=2026-03-03`))).toEqual([entries.edit.id, entries.checkOut.id]);
    expect(ids(await me.get(`${BASE}/activity?startDate=2026-03-04`))).toEqual([entries.schedule.id, entries.created.id]);
    expect(ids(await me.get(`${BASE}/activity?endDate=2026-03-01&startDate=`))).toEqual([entries.checkIn.id]);
    const bad = await me.get(`${BASE}/activity?startDate=2026-03-05&endDate=2026-03-01`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('La fecha Desde no puede ser posterior a la fecha Hasta');
    expect((await me.get(`${BASE}/activity?startDate=2026-02-30`)).json().message).toBe('Formato inválido');
  });

  it('pages 10 at a time by default', async () => {
    const { employee } = await officeEmployee(t);
    const start = local('2026-04-01', '08:00').getTime();
    for (let i = 0; i < 12; i++) await addActivity(t, employee, 'attendance_check_in', new Date(start + i * 60_000));
    const first = (await t.as(employee.account).get(`${BASE}/activity`)).json();
    expect(first.data).toHaveLength(10);
    expect(first.pagination).toMatchObject({ total: 12, pages: 2 });
    expect((await t.as(employee.account).get(`${BASE}/activity?page=2`)).json().data).toHaveLength(2);
  });

  it('a punch writes an entry the employee then sees', async () => {
    const { employee } = await officeEmployee(t, {
      startTime: '00:00',
      endTime: '23:59',
      breakStartTime: null,
      breakEndTime: null,
      workDays: '1,2,3,4,5,6,7',
      earlyCheckInMinutes: 0,
    });
    await t.as(employee.account).post(`${BASE}/attendance/check-in`, {});
    const data = (await t.as(employee.account).get(`${BASE}/activity?filter=attendance`)).json().data;
    expect(data).toMatchObject([{ type: 'attendance_check_in', title: 'Entrada registrada', adminName: null, details: { method: 'web' } }]);
  });

  it('answers titles in the request language: keys stored now, Spanish words of older entries, {params} from details', async () => {
    const { employee } = await officeEmployee(t, {
      startTime: '00:00',
      endTime: '23:59',
      breakStartTime: null,
      breakEndTime: null,
      workDays: '1,2,3,4,5,6,7',
      earlyCheckInMinutes: 0,
    });
    await t.as(employee.account).post(`${BASE}/attendance/check-in`, {});
    const [stored] = await t.db.select().from(activityLog).where(eq(activityLog.employeeId, employee.id));
    expect(stored.title).toBe('activity.checkIn');
    const base = { companyId: employee.companyId, employeeId: employee.id, type: 'attendance' };
    await t.db.insert(activityLog).values([
      {
        ...base,
        title: 'Salida no registrada: jornada incompleta',
        description: 'No se registró la salida. La jornada quedó marcada como incompleta; tu administrador puede corregirla.',
        createdAt: local('2026-01-02', '09:00'),
      },
      { ...base, title: 'Nota libre del sistema', createdAt: local('2026-01-01', '09:00') },
      { ...base, title: 'attendance.outsideGeofence', details: { distance: 250, location: 'Sede Lima', radius: 100 }, createdAt: local('2025-12-31', '09:00') },
    ]);
    const read = async (lang: string) =>
      (await t.as(employee.account).get(`${BASE}/activity`, { 'accept-language': lang }))
        .json()
        .data.map((a: { title: string; description: string | null }) => [a.title, a.description]);
    expect(await read('en')).toEqual([
      ['Check-in recorded', null],
      ['Check-out missing: incomplete workday', 'No check-out was recorded. The workday was marked incomplete; your administrator can correct it.'],
      ['Nota libre del sistema', null],
      ['You are outside the allowed area (250 m from Sede Lima; radius 100 m)', null],
    ]);
    expect(await read('es-PE,es;q=0.9')).toEqual([
      ['Entrada registrada', null],
      ['Salida no registrada: jornada incompleta', 'No se registró la salida. La jornada quedó marcada como incompleta; tu administrador puede corregirla.'],
      ['Nota libre del sistema', null],
      ['Estás fuera del área permitida (250 m de Sede Lima; radio 100 m)', null],
    ]);
  });
});
