import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import { employees, schedules } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { BASE, officeEmployee } from './test-helpers.js';

/**
 * The check-in's employee is read in the session's statement (plugins/auth.ts, decision 0068): no second read of the
 * employee before the batch, and nothing kept between requests (a change by the admin is seen by the next check-in).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const allDay = { startTime: '00:00', endTime: '23:59', breakStartTime: null, breakEndTime: null, workDays: '1,2,3,4,5,6,7', earlyCheckInMinutes: 0 };

/** Counts the statements built on the company's handle outside a transaction (the batch is one transaction). */
function countCompanyReads(companyId: string) {
  const counted = { selects: 0 };
  const original = t.deps.tenantDb;
  t.deps.tenantDb = (id: string) => {
    const db = original(id);
    if (id !== companyId) return db;
    return new Proxy(db, {
      get(target, key, receiver) {
        if (key === 'select') counted.selects++;
        return Reflect.get(target, key, receiver);
      },
    }) as Db;
  };
  const restore = () => {
    t.deps.tenantDb = original;
  };
  return { counted, restore };
}

describe('the check-in reads its employee with the session', () => {
  it('a check-in over HTTP makes no read of its employee on the company handle before the batch', async () => {
    const { employee, companyId } = await officeEmployee(t, allDay);
    const { counted, restore } = countCompanyReads(companyId);
    try {
      const res = await t.as(employee.account).post(`${BASE}/attendance/check-in`, {});
      expect(res.statusCode).toBe(201);
    } finally {
      restore();
    }
    expect(counted.selects).toBe(0);
  });

  it("the next check-in sees the admin's change at once: Solo Facial, an inactive employee, a deleted one", async () => {
    const { employee, schedule } = await officeEmployee(t, allDay);
    const me = t.as(employee.account);
    await t.db.update(schedules).set({ allowManualAttendance: false }).where(eq(schedules.id, schedule.id));
    const faceOnly = await me.post(`${BASE}/attendance/check-in`, {});
    expect(faceOnly.statusCode).toBe(403);
    expect(faceOnly.json().code).toBe('manual_not_allowed');

    await t.db.update(schedules).set({ allowManualAttendance: true }).where(eq(schedules.id, schedule.id));
    await t.db.update(employees).set({ status: 'INACTIVE' }).where(eq(employees.id, employee.id));
    expect((await me.post(`${BASE}/attendance/check-in`, {})).statusCode).toBe(403);

    await t.db.update(employees).set({ status: 'ACTIVE', deletedAt: new Date() }).where(eq(employees.id, employee.id));
    const deleted = await me.post(`${BASE}/attendance/check-in`, {});
    expect(deleted.statusCode).toBe(403);
    expect(deleted.json().message).toBe('Tu usuario no está vinculado a un empleado');
  });

  it("an inactive schedule counts as none in the session's read too (no Solo Facial from it)", async () => {
    const { employee, schedule } = await officeEmployee(t, allDay);
    await t.db.update(schedules).set({ allowManualAttendance: false, isActive: false }).where(eq(schedules.id, schedule.id));
    const res = await t.as(employee.account).post(`${BASE}/attendance/check-in`, {});
    expect(res.statusCode).toBe(201);
  });
});
