/**
 * Session reads grouped (session-read.ts, decision 0068 "Amendment (stop 39)"): reads that arrive together go in
 * few statements, each token still answers its own session (or none: unknown, expired, another's), and a read alone
 * is not held back. Through the routes: 40 employees checking in at once read their sessions in a few statements.
 */
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { attendanceRecords, sessions } from '../db/schema/index.js';
import { randomToken, sha256 } from '../lib/crypto.js';
import { BASE, officeEmployee } from '../modules/employee-area/test-helpers.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { IN_FLIGHT, readSession, sessionReadStats } from './session-read.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

describe('grouped session reads', () => {
  it('answers each token its own session, none for an unknown or expired one, in fewer statements than reads', async () => {
    const company = await t.factories.company();
    const people = await Promise.all(Array.from({ length: 12 }, () => t.factories.employeeUser({ companyId: company.id })));
    const expired = await t.factories.employeeUser({ companyId: company.id });
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, sha256(expired.sessionToken)));
    const stats = sessionReadStats(t.db);
    const before = { ...stats };
    const tokens = [...people.map((p) => p.sessionToken), expired.sessionToken, randomToken(), people[3].sessionToken];
    const rows = await Promise.all(tokens.map((token) => readSession(t.db, sha256(token))));

    expect(rows.map((r) => r?.userId)).toEqual([...people.map((p) => p.id), undefined, undefined, people[3].id]);
    expect(rows[0]).toMatchObject({ role: 'EMPLOYEE', companyId: company.id, isActive: true });
    expect(stats.tokens - before.tokens).toBe(tokens.length);
    // The first IN_FLIGHT go alone at once; the rest wait for one of them and go together.
    expect(stats.statements - before.statements).toBeLessThanOrEqual(IN_FLIGHT + 2);
  });

  it('a read alone goes at once, in a statement of its own', async () => {
    const someone = await t.factories.companyAdmin();
    const stats = sessionReadStats(t.db);
    const before = { ...stats };
    const row = await readSession(t.db, sha256(someone.sessionToken));
    expect(row?.userId).toBe(someone.id);
    expect(stats.statements - before.statements).toBe(1);
    expect(stats.tokens - before.tokens).toBe(1);
  });

  // PostgreSQL: its pool reads side by side, so reads pile up behind the running ones. On PGlite's one connection
  // the punch gate lets the check-ins in a few at a time and each read is done before the next arrives.
  it.runIf(inject('dbKind') === 'postgres')(
    '40 check-ins at once through the routes: every one answered for its own employee, sessions read in a few statements',
    async () => {
      const allDay = { startTime: '00:00', endTime: '23:59', breakStartTime: null, breakEndTime: null, workDays: '1,2,3,4,5,6,7', earlyCheckInMinutes: 0 };
      const { companyId, schedule } = await officeEmployee(t, allDay);
      const staff = await Promise.all(Array.from({ length: 40 }, () => t.factories.employee(companyId, { scheduleId: schedule.id })));
      const stats = sessionReadStats(t.db);
      const before = { ...stats };
      const answers = await Promise.all(staff.map((e) => t.as(e.account).post(`${BASE}/attendance/check-in`, {})));
      expect(answers.map((a) => a.statusCode)).toEqual(staff.map(() => 201));
      const ids: string[] = answers.map((a) => a.json().data.record.id);
      const written = await t.db
        .select({ id: attendanceRecords.id, employeeId: attendanceRecords.employeeId })
        .from(attendanceRecords)
        .where(inArray(attendanceRecords.id, ids));
      const owner = new Map(written.map((r) => [r.id, r.employeeId]));
      expect(ids.map((id) => owner.get(id))).toEqual(staff.map((e) => e.id));
      // One statement per check-in before (40); grouped, far fewer.
      expect(stats.statements - before.statements).toBeLessThan(20);
    },
  );
});
