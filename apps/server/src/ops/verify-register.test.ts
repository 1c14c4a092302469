import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { seedCountries } from '../bootstrap.js';
import { openPglite, pgliteDir, runMigrations } from '../db/client.js';
import { attendanceRecords } from '../db/schema/index.js';
import { backfillChain } from '../modules/attendance/chain.js';
import { makeFactories } from '../test/factories.js';
import { runOps } from './cli.js';

const dir = mkdtempSync(join(tmpdir(), 'verify-register-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function withDb<T>(fn: (db: Awaited<ReturnType<typeof openPglite>>['db']) => Promise<T>) {
  const database = await openPglite({ dataDir: pgliteDir(dir) });
  try {
    await runMigrations(database);
    return await fn(database.db);
  } finally {
    await database.close();
  }
}

describe('npm run verify-register', () => {
  it('says OK on an intact register and fails (exit 1) naming the record changed by raw SQL', async () => {
    const { companyId, recordId } = await withDb(async (db) => {
      await seedCountries(db);
      const f = makeFactories(db);
      const c = await f.company({ timezone: 'America/Lima' });
      const e = await f.employee(c.id);
      const [r] = await db
        .insert(attendanceRecords)
        .values({ companyId: c.id, employeeId: e.id, date: '2026-03-04', checkIn: new Date('2026-03-04T14:20:00Z'), status: 'late' })
        .returning();
      await backfillChain(db, c.id);
      return { companyId: c.id, recordId: r.id };
    });
    const env = { DATA_DIR: dir };
    expect((await runOps(['verify-register', '--company', companyId], env)).join('\n')).toMatch(/^OK: 1 chain entries/);
    await withDb((db) => db.execute(sql`update attendance_records set status = 'present' where id = ${recordId}::uuid`));
    await expect(runOps(['verify-register', '--company', companyId], env)).rejects.toThrow(new RegExp(`BROKEN .*${recordId} of 2026-03-04`));
    await expect(runOps(['verify-register'], env)).rejects.toThrow(/Usage/);
  });
});
