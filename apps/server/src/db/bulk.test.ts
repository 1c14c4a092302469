/**
 * `insertRows` (bulk.ts) writes and answers exactly what drizzle's `.values(rows)` writes and answers: the same rows
 * read back, the same `returning()` values and types, the same defaults, on PGlite and PostgreSQL; and the statement's
 * text does not grow with the rows.
 */

import { eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/database.js';
import { makeFactories } from '../test/factories.js';
import { insertRows, rowsSelect } from './bulk.js';
import type { Database } from './client.js';
import { activityLog, attendanceRecords, jobs } from './schema/index.js';

let database: Database;
let f: ReturnType<typeof makeFactories>;
beforeAll(async () => {
  database = await openTestDatabase();
  f = makeFactories(database.db);
});
afterAll(() => database.close());

/** A row as read back, without what the database itself draws (ids, now()). */
const comparable = ({ id: _id, createdAt: _c, updatedAt: _u, ...rest }: Record<string, unknown>) => rest;

const evidenceArb = fc.option(
  fc.record(
    { ip: fc.ipV4(), accuracy: fc.option(fc.double({ min: 0, max: 5000, noNaN: true })), note: fc.string(), tags: fc.array(fc.string(), { maxLength: 3 }) },
    { noNullPrototype: true },
  ),
  { nil: null },
);

describe('insertRows', () => {
  it('writes and returns what .values() writes and returns (attendance records, any mix of values)', async () => {
    const company = await f.company();
    const people = await Promise.all(Array.from({ length: 4 }, () => f.employee(company.id)));
    let day = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            who: fc.nat({ max: 3 }),
            checkIn: fc.option(fc.date({ min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true }), { nil: null }),
            status: fc.option(fc.constantFrom('present', 'late', 'absent'), { nil: null }),
            method: fc.constantFrom('web', 'face_recognition', 'qr_code' as const),
            latitude: fc.option(fc.double({ min: -90, max: 90, noNaN: true }), { nil: null }),
            evidence: evidenceArb,
            workHours: fc.option(fc.constantFrom('8.00', '7.25', '0.00'), { nil: null }),
          }),
          { minLength: 1, maxLength: 6 },
        ),
        async (drawn) => {
          const rowsFor = () =>
            drawn.map((d) => {
              day++;
              return {
                companyId: company.id,
                employeeId: people[d.who].id,
                date: new Date(Date.UTC(2001, 0, day)).toISOString().slice(0, 10),
                checkIn: d.checkIn,
                status: d.status,
                method: d.method,
                checkInLatitude: d.latitude,
                evidence: d.evidence,
                workHours: d.workHours,
              };
            });
          const viaValues = await database.db.insert(attendanceRecords).values(rowsFor()).returning();
          const bulk = rowsFor();
          expect(rowsSelect(attendanceRecords, bulk)).toBeDefined();
          const viaBulk = await insertRows(database.db, attendanceRecords, bulk).returning();
          expect(viaBulk.map(comparable)).toEqual(viaValues.map((r, i) => ({ ...comparable(r), date: bulk[i].date })));
          for (const r of viaBulk) {
            expect(r.createdAt).toBeInstanceOf(Date);
            expect(r.id).toMatch(/^[0-9a-f-]{36}$/);
            expect(r.isPermission).toBe(false); // the literal default
          }
          const [stored] = await database.db.select().from(attendanceRecords).where(eq(attendanceRecords.id, viaBulk[0].id));
          expect(stored).toEqual(viaBulk[0]);
        },
      ),
      { numRuns: 25 },
    );
  });

  it('keeps the columns’ defaults: jsonb, literal, now(), and a nullable column left out', async () => {
    const before = new Date(Date.now() - 60_000);
    const [job] = await insertRows(database.db, jobs, [{ type: 'bulk.test' }]).returning();
    expect(job).toMatchObject({ type: 'bulk.test', payload: {}, status: 'pending', attempts: 0, lastError: null, lockedUntil: null });
    expect(job.runAt.getTime()).toBeGreaterThan(before.getTime());
    expect(job.createdAt.getTime()).toBeGreaterThan(before.getTime());
  });

  it('is one statement text for 1 row or 200 (the rows are one parameter)', async () => {
    const company = await f.company();
    const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ companyId: company.id, type: 't', title: `n${i}`, details: { i } }));
    const one = database.db
      .insert(activityLog)
      .select(rowsSelect(activityLog, rows(1))!)
      .toSQL();
    const many = database.db
      .insert(activityLog)
      .select(rowsSelect(activityLog, rows(200))!)
      .toSQL();
    expect(many.sql).toBe(one.sql);
    expect(many.params).toHaveLength(1);
    const written = await insertRows(database.db, activityLog, rows(200)).returning();
    expect(written.map((r) => r.details)).toEqual(rows(200).map((r) => r.details));
    const read = await database.db
      .select()
      .from(activityLog)
      .where(
        inArray(
          activityLog.id,
          written.map((r) => r.id),
        ),
      );
    expect(read).toHaveLength(200);
  });

  it('falls back to .values() for what JSON cannot carry, with the same answer', async () => {
    const company = await f.company();
    const odd = [
      { companyId: company.id, type: 't', title: 'a', createdAt: new Date('2024-05-05T10:00:00Z') },
      { companyId: company.id, type: 't', title: 'b' }, // createdAt left to now() in one row only
    ];
    expect(rowsSelect(activityLog, odd)).toBeUndefined();
    const written = await insertRows(database.db, activityLog, odd).returning();
    expect(written[0].createdAt.toISOString()).toBe('2024-05-05T10:00:00.000Z');
    expect(written[1].createdAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('conflicts as .values() does: onConflictDoNothing skips the existing row', async () => {
    const company = await f.company();
    const person = await f.employee(company.id);
    const row = { companyId: company.id, employeeId: person.id, date: '2002-02-02', method: 'web' as const };
    await insertRows(database.db, attendanceRecords, [row]).returning();
    const again = await insertRows(database.db, attendanceRecords, [row, { ...row, date: '2002-02-03' }])
      .onConflictDoNothing()
      .returning();
    expect(again.map((r) => r.date)).toEqual(['2002-02-03']);
  });
});
