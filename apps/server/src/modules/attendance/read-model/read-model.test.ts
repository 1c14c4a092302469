import { attendanceRecordAnswer } from '@presente/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { attendanceRecords } from '../../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { local } from '../../employee-area/test-helpers.js';
import { loadRegister } from '../../register/register.data.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const ADMIN = '/api/company-admin-simple';

/** A Lima company with an office schedule, its admin, one employee on it, a holiday and two records in March 2026. */
async function march() {
  const c = await t.factories.company({ timezone: 'America/Lima' });
  const admin = await t.factories.companyAdmin({ companyId: c.id });
  const schedule = await t.factories.schedule(c.id, {
    startTime: '09:00',
    endTime: '18:00',
    breakStartTime: '13:00',
    breakEndTime: '14:00',
    workDays: '1,2,3,4,5',
    lateToleranceMinutes: 10,
  });
  const ana = await t.factories.employee(c.id, { scheduleId: schedule.id, hireDate: '2026-01-01' });
  await t.factories.holiday(c.id, { date: '2026-03-10', name: 'Feriado regional', description: 'Solo Lima' });
  const [late] = await t.db
    .insert(attendanceRecords)
    .values({
      companyId: c.id,
      employeeId: ana.id,
      date: '2026-03-11',
      checkIn: local('2026-03-11', '09:30'),
      checkOut: local('2026-03-11', '18:00'),
      workHours: '7.50',
      status: 'late',
      method: 'face_recognition',
      checkInLatitude: -12.0464,
      checkInLongitude: -77.0428,
      checkOutLatitude: -12.1111,
      checkOutLongitude: -77.2222,
      evidence: {
        checkIn: {
          distance: 0.31,
          ip: '203.0.113.77',
          userAgent: 'KioskAgent/9',
          rawDescriptor: [0.5, 0.25],
          location: { latitude: -12.0464, longitude: -77.0428, distance: 12 },
        },
        checkOut: { distance: 0.29, location: { latitude: -12.1111, longitude: -77.2222, distance: 40 } },
      },
    })
    .returning();
  return { c, admin, ana, late };
}

describe('the attendance read model: one fact, the same everywhere', () => {
  it('a holiday in range and a record’s status and hours read the same through the calendar, the employee area, the employee list and the register', async () => {
    const { c, admin, ana, late } = await march();

    const calendar = (await t.as(admin).get(`${ADMIN}/attendance/monthly-calendar?month=3&year=2026&employeeId=${ana.id}`)).json().data[0];
    const cell = (date: string) => calendar.days.find((d: { date: string }) => d.date === date);

    const mine = (await t.as(ana.account).get('/api/employee/attendance/calendar?month=3&year=2026')).json().data;
    const myDay = (date: string) => mine.days.find((d: { date: string }) => d.date === date);

    const list = (await t.as(admin).get(`${ADMIN}/employees/${ana.id}/attendance?startDate=2026-03-01&endDate=2026-03-31`)).json().data;

    const register = await loadRegister(t.db, c.id, { from: '2026-03', to: '2026-03' });
    const lines = register.months.flatMap((m) => m.lines).filter((l) => l.employeeId === ana.id);

    // The holiday: the admin's cell and the employee's day both name it.
    expect(cell('2026-03-10')).toMatchObject({ status: 'holiday', holiday: { name: 'Feriado regional', description: 'Solo Lima' } });
    expect(myDay('2026-03-10')).toMatchObject({ status: 'holiday', holiday: { name: 'Feriado regional', description: 'Solo Lima' } });

    // The record: status and hours as the admin's calendar shows them, in the employee's calendar, the list and the register.
    expect(cell('2026-03-11')).toMatchObject({ status: 'late', workHours: 7.5, attendance: { id: late.id } });
    expect(myDay('2026-03-11')).toMatchObject({ status: 'late', workHours: 7.5, record: { id: late.id, status: 'late' } });
    expect(list).toEqual([expect.objectContaining({ id: late.id, date: '2026-03-11', status: 'late', workHours: 7.5 })]);
    // The register names the holiday too, on a line without invented times (decision 0053), then the record.
    expect(lines).toEqual([
      expect.objectContaining({ date: '2026-03-10', holiday: 'Feriado regional', checkIn: '', checkOut: '', hours: null }),
      expect.objectContaining({ date: '2026-03-11', holiday: null, checkIn: '09:30', checkOut: '18:00', hours: 7.5 }),
    ]);
    // The check-in time itself is the same instant in every answer.
    expect(myDay('2026-03-11').record.checkIn).toBe(cell('2026-03-11').attendance.checkIn);
    expect(list[0].checkIn).toBe(cell('2026-03-11').attendance.checkIn);

    // Counted alike: the month's stats of both calendars agree on the statuses they share.
    for (const k of ['present', 'late', 'holiday', 'permission'] as const) expect(mine.stats[k]).toBe(calendar.stats[k]);
  });
});

describe('GET /employees/:id/attendance answers only its declared fields', () => {
  it('spec §7 record fields (check-in place included); no evidence unless asked (then only its declared keys), no check-out GPS, no internals; another company is 404', async () => {
    const { admin, ana, late } = await march();
    const res = await t.as(admin).get(`${ADMIN}/employees/${ana.id}/attendance?page=1&limit=10`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.pagination).toMatchObject({ page: 1, limit: 10, total: 1 });
    const [record] = body.data;
    // The spec's attendance record (§ data model) and the declared extensions, nothing else.
    expect(Object.keys(record).sort()).toEqual(Object.keys(attendanceRecordAnswer.shape).sort());
    expect(record).toMatchObject({
      id: late.id,
      date: '2026-03-11',
      checkIn: late.checkIn!.toISOString(),
      checkOut: late.checkOut!.toISOString(),
      workHours: 7.5,
      status: 'late',
      notes: null,
      isPermission: false,
      method: 'face_recognition',
      location: { latitude: -12.0464, longitude: -77.0428 },
    });
    for (const key of ['evidence', 'checkInLatitude', 'checkOutLatitude', 'checkOutLongitude', 'companyId', 'employeeId', 'createdAt', 'updatedAt']) {
      expect(record).not.toHaveProperty(key);
    }
    // Nothing of the evidence or the check-out place anywhere in the answer.
    expect(res.body).not.toContain('203.0.113.77');
    expect(res.body).not.toContain('KioskAgent');
    expect(res.body).not.toContain('-12.1111');

    // The admin's day view asks for the evidence: each punch's declared evidence, nothing the schema does not name.
    const day = (await t.as(admin).get(`${ADMIN}/employees/${ana.id}/attendance?startDate=2026-03-11&endDate=2026-03-11&limit=1&include=evidence`)).json()
      .data[0];
    expect(day.evidence).toMatchObject({ checkIn: { distance: 0.31, location: { distance: 12 } }, checkOut: { distance: 0.29 } });
    expect(day.evidence.checkIn).not.toHaveProperty('rawDescriptor');
    expect(day).not.toHaveProperty('checkOutLatitude');

    const other = await t.factories.companyAdmin({ companyId: (await t.factories.company()).id });
    const refused = await t.as(other).get(`${ADMIN}/employees/${ana.id}/attendance`);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ code: 'not_found' });
    expect(refused.body).not.toContain(late.id);
  });
});
