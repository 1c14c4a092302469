import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { attendanceArchive, attendanceRecords } from '../db/schema/index.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { jobHandlers, recurringJobs } from './index.js';
import { EVIDENCE_YEARS, PRUNE_RETENTION, pruneRetention, retentionCutoff } from './retention.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const NOW = new Date('2026-11-24T15:00:00Z');

describe('retention: 5 years of attendance; the evidence, IP, device and GPS go after 1 year', () => {
  it('cuts off five years back, a day earlier, leap days included', () => {
    expect(retentionCutoff(NOW)).toBe('2021-11-23');
    expect(retentionCutoff(new Date('2028-02-29T03:00:00Z'))).toBe('2023-02-28');
    expect(retentionCutoff(new Date('2026-01-01T00:00:00Z'))).toBe('2020-12-31');
    expect(retentionCutoff(NOW, EVIDENCE_YEARS)).toBe('2025-11-23');
  });

  it('deletes archived records past 5 years and strips the evidence and GPS of records past 1 year, in every company, keeping the rest', async () => {
    const evidence = { distance: 0.31, ip: '203.0.113.7', userAgent: 'Kiosk', liveness: { passed: true } };
    const gps = { checkInLatitude: -12.05, checkInLongitude: -77.04, checkOutLatitude: -12.05, checkOutLongitude: -77.04 };
    const seed = async () => {
      const c = await t.factories.company({ timezone: 'America/Lima' });
      const e = await t.factories.employee(c.id, { hireDate: '2020-01-01' });
      const [old, recent] = await t.db
        .insert(attendanceRecords)
        .values([
          { companyId: c.id, employeeId: e.id, date: '2025-11-22', checkIn: new Date('2025-11-22T14:00:00Z'), notes: 'antiguo', evidence, ...gps },
          { companyId: c.id, employeeId: e.id, date: '2025-11-23', checkIn: new Date('2025-11-23T14:00:00Z'), evidence, ...gps },
        ])
        .returning();
      const archive = (date: string) => ({ id: randomUUID(), companyId: c.id, employeeId: e.id, date, record: { evidence }, reason: 'duplicado' });
      await t.db.insert(attendanceArchive).values([archive('2021-11-22'), archive('2021-11-23')]);
      return { c, old, recent };
    };
    const [a, b] = [await seed(), await seed()];

    expect(await pruneRetention(t.deps, NOW)).toEqual({ archived: 2, stripped: 2, purged: 0, companiesPurged: 0 });
    for (const { c, old, recent } of [a, b]) {
      const kept = await t.db.select().from(attendanceArchive).where(eq(attendanceArchive.companyId, c.id));
      expect(kept.map((k) => k.date)).toEqual(['2021-11-23']);
      const [oldNow] = await t.db.select().from(attendanceRecords).where(eq(attendanceRecords.id, old.id));
      // The register's fields stay: date, times, notes; the evidence and positions are gone.
      expect(oldNow).toMatchObject({
        date: '2025-11-22',
        checkIn: old.checkIn,
        notes: 'antiguo',
        evidence: null,
        checkInLatitude: null,
        checkOutLongitude: null,
      });
      const [recentNow] = await t.db.select().from(attendanceRecords).where(eq(attendanceRecords.id, recent.id));
      expect(recentNow).toMatchObject({ evidence, ...gps });
    }
    expect(await pruneRetention(t.deps, NOW)).toEqual({ archived: 0, stripped: 0, purged: 0, companiesPurged: 0 }); // nothing left to do
  });

  it('runs once a day with the other jobs', () => {
    expect(recurringJobs).toContainEqual({ type: PRUNE_RETENTION, everyMs: 86_400_000 });
    expect(jobHandlers[PRUNE_RETENTION]).toBeTypeOf('function');
  });
});
