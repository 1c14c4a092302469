import http from 'node:http';
import { localToInstant } from '@presente/shared';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { attendanceRecords } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
const url = '/api/company-admin-simple/attendance/monthly-calendar?month=3&year=2026';
const lima = (date: string, minutes: number) => localToInstant(date, minutes, 'America/Lima');

// The calendar's JSON is written as text (calendar-records.ts, calendar.service.ts): user text must come back exactly.
describe('GET /attendance/monthly-calendar writes its JSON as text', () => {
  it('keeps quotes, new lines, accents and emoji in names, notes and holidays; nulls stay null', async () => {
    const c = await t.factories.company({ timezone: 'America/Lima' });
    const admin = await t.factories.companyAdmin({ companyId: c.id });
    const schedule = await t.factories.schedule(c.id, {
      startTime: '09:00',
      endTime: '18:00',
      breakStartTime: null,
      breakEndTime: null,
      workDays: '1,2,3,4,5',
    });
    const dept = await t.factories.department(c.id, 'Ventas "Norte"');
    const ana = await t.factories.employee(c.id, {
      firstName: 'Ána "La Jefa"',
      lastName: 'Ñuñez\\Díaz',
      scheduleId: schedule.id,
      departmentId: dept.id,
      hireDate: '2026-01-01',
    });
    const libre = await t.factories.employee(c.id, { firstName: 'Zoe', lastName: 'Zárate', scheduleId: null, position: null, hireDate: '2026-01-01' });
    await t.factories.holiday(c.id, { date: '2026-03-20', name: 'Día "del" trabajador\\', description: 'línea 1\nlínea 2' });
    const notes = 'Llegó tarde: "tráfico"\ten la\nPanamericana 🚗';
    await t.db.insert(attendanceRecords).values([
      {
        companyId: c.id,
        employeeId: ana.id,
        date: '2026-03-02',
        checkIn: lima('2026-03-02', 9 * 60 + 40),
        checkOut: lima('2026-03-02', 18 * 60),
        status: 'late',
        notes,
        isManual: true,
        method: 'manual',
      },
      { companyId: c.id, employeeId: ana.id, date: '2026-03-03', checkIn: lima('2026-03-03', 8 * 60 + 50), status: 'early' },
      { companyId: c.id, employeeId: libre.id, date: '2026-03-04', notes: 'Navidad adelantada 🎄' },
    ]);

    const res = await t.as(admin).get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const { data, pagination, meta } = res.json();
    expect(pagination).toMatchObject({ total: 2, pages: 1 });
    expect(meta).toEqual({ timezone: 'America/Lima', month: 3, year: 2026 });
    const byId = (id: string) => data.find((r: { employeeId: string }) => r.employeeId === id);
    const [a, z] = [byId(ana.id), byId(libre.id)];
    expect(a).toMatchObject({
      employeeId: ana.id,
      employeeName: 'Ána "La Jefa" Ñuñez\\Díaz',
      department: { id: dept.id, name: 'Ventas "Norte"' },
      schedule: { id: schedule.id, startTime: '09:00', endTime: '18:00', breakStartTime: null, breakEndTime: null },
    });
    expect(a.days[1]).toEqual({
      date: '2026-03-02',
      status: 'late',
      workHours: 8.33,
      attendance: {
        id: expect.any(String),
        checkIn: '2026-03-02T14:40:00.000Z',
        checkOut: '2026-03-02T23:00:00.000Z',
        status: 'late',
        notes,
        isPermission: false,
        method: 'manual',
        isManual: true,
        incomplete: false,
      },
    });
    expect(a.days[2]).toMatchObject({ status: 'early', workHours: null, attendance: { checkOut: null, notes: null, method: 'web', isManual: false } });
    expect(a.days[19]).toEqual({
      date: '2026-03-20',
      status: 'holiday',
      attendance: null,
      workHours: null,
      holiday: { name: 'Día "del" trabajador\\', description: 'línea 1\nlínea 2' },
    });
    expect(a.days[0]).toEqual({ date: '2026-03-01', status: 'day_off', attendance: null, workHours: null });
    expect(a.stats).toMatchObject({ late: 1, early: 1, holiday: 1, totalHours: 8.33 });
    // Without a schedule the spec's fallback reads the note: 🎄 is a holiday; a day without record is absent.
    expect(z).toMatchObject({ employeeName: 'Zoe Zárate', position: null, department: null, schedule: null });
    expect(z.days[3]).toMatchObject({ status: 'holiday', attendance: { notes: 'Navidad adelantada 🎄', checkIn: null, status: null } });
    expect(z.days[4]).toMatchObject({ status: 'absent', attendance: null });
  });

  it('writes stored microseconds truncated to milliseconds, a check-out on the next UTC day, a permission and an incomplete record', async () => {
    const c = await t.factories.company({ timezone: 'America/Lima' });
    const admin = await t.factories.companyAdmin({ companyId: c.id });
    const night = await t.factories.schedule(c.id, { startTime: '22:00', endTime: '06:00', breakStartTime: null, breakEndTime: null, workDays: '1,2,3,4,5' });
    const e = await t.factories.employee(c.id, { scheduleId: night.id, hireDate: '2026-01-01' });
    const [rec] = await t.db
      .insert(attendanceRecords)
      .values([
        { companyId: c.id, employeeId: e.id, date: '2026-03-02', checkIn: lima('2026-03-02', 22 * 60), checkOut: lima('2026-03-03', 6 * 60), incomplete: true },
        {
          companyId: c.id,
          employeeId: e.id,
          date: '2026-03-03',
          checkIn: lima('2026-03-03', 22 * 60),
          checkOut: lima('2026-03-04', 6 * 60),
          isPermission: true,
          notes: 'Permiso justificado',
        },
      ])
      .returning();
    // The app writes milliseconds; a row written by hand (or an import) may hold microseconds: the API truncates them.
    await t.db.execute(sql`update attendance_records set check_in = '2026-03-03T03:00:00.123999Z' where id = ${rec.id}`);
    const [row] = (await t.as(admin).get(url)).json().data;
    expect(row.days[1]).toMatchObject({
      status: 'present',
      attendance: { checkIn: '2026-03-03T03:00:00.123Z', checkOut: '2026-03-03T11:00:00.000Z', isPermission: false, incomplete: true },
    });
    expect(row.days[2]).toMatchObject({
      status: 'permission',
      attendance: {
        checkIn: '2026-03-04T03:00:00.000Z',
        checkOut: '2026-03-04T11:00:00.000Z',
        isPermission: true,
        notes: 'Permiso justificado',
        incomplete: false,
      },
    });
  });

  it("streams a big calendar whole, with its length, while another company's is asked and sent meanwhile", async () => {
    const setup = async (tag: string) => {
      const c = await t.factories.company({ timezone: 'America/Lima' });
      const admin = await t.factories.companyAdmin({ companyId: c.id });
      const schedule = await t.factories.schedule(c.id, { startTime: '09:00', endTime: '18:00', workDays: '1,2,3,4,5' });
      const ids: string[] = [];
      for (let i = 0; i < 40; i++) ids.push((await t.factories.employee(c.id, { scheduleId: schedule.id, hireDate: '2026-01-01' })).id);
      // Long notes make a ~8 MB answer, streamed from several slabs (lib/byte-slabs.ts).
      const rows = ids.flatMap((employeeId) =>
        Array.from({ length: 31 }, (_, d) => {
          const date = `2026-03-${String(d + 1).padStart(2, '0')}`;
          return {
            companyId: c.id,
            employeeId,
            date,
            checkIn: lima(date, 9 * 60),
            checkOut: lima(date, 18 * 60),
            notes: `${tag} ${date} ${tag.repeat(1500)} ñ`,
          };
        }),
      );
      for (let i = 0; i < rows.length; i += 200) await t.db.insert(attendanceRecords).values(rows.slice(i, i + 200));
      return { cookie: `presente_session=${admin.sessionToken}`, ids: new Set(ids), tag };
    };
    const [north, south] = [await setup('Norte'), await setup('Sur')];
    const base = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const check = (text: string, { ids, tag }: typeof north) => {
      const { data } = JSON.parse(text) as { data: { employeeId: string; days: { date: string; attendance: { notes: string } | null }[] }[] };
      expect(data).toHaveLength(40);
      for (const row of data) {
        expect(ids.has(row.employeeId)).toBe(true);
        expect(row.days.every((d) => d.attendance?.notes === `${tag} ${d.date} ${tag.repeat(1500)} ñ`)).toBe(true);
      }
    };
    // North's answer is read a little, then left unread while South's is asked twice and read whole.
    const northText = new Promise<string>((resolve, reject) => {
      http.get(`${base}${url}&limit=1000`, { headers: { cookie: north.cookie } }, (res) => {
        const chunks: Buffer[] = [];
        res.once('data', async (first: Buffer) => {
          chunks.push(first);
          res.pause();
          try {
            for (let i = 0; i < 2; i++) {
              const other = await fetch(`${base}${url}&limit=1000`, { headers: { cookie: south.cookie, 'accept-encoding': 'identity' } });
              const body = await other.text();
              expect(Number(other.headers.get('content-length'))).toBe(Buffer.byteLength(body));
              check(body, south);
            }
          } catch (err) {
            reject(err);
          }
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
          res.resume();
        });
      });
    });
    const text = await northText;
    expect(Buffer.byteLength(text)).toBeGreaterThan(6_000_000);
    expect(text.endsWith('"meta":{"timezone":"America/Lima","month":3,"year":2026}}')).toBe(true);
    check(text, north);
  }, 60_000);

  it('answers an empty page and a page past the end with valid JSON', async () => {
    const c = await t.factories.company({ timezone: 'America/Lima' });
    const admin = await t.factories.companyAdmin({ companyId: c.id });
    expect((await t.as(admin).get(url)).json()).toEqual({
      data: [],
      pagination: expect.objectContaining({ total: 0 }),
      meta: { timezone: 'America/Lima', month: 3, year: 2026 },
    });
    await t.factories.employee(c.id, {});
    expect((await t.as(admin).get(`${url}&page=3&limit=1`)).json().data).toEqual([]);
  });
});
