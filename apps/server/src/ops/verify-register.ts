import { type Database, lockDataDir, openPglite, openPostgres, pgliteDir, runMigrations } from '../db/client.js';
import { verifyChain } from '../modules/attendance/chain.js';
import { BackupError } from './backup-file.js';

/**
 * npm run verify-register -- --company ID: recomputes the company's attendance hash chain (decision 0038)
 * in the database the server would use. A broken link throws (the CLI exits 1) naming the record and its date.
 */
export async function verifyRegister(env: { DATABASE_URL?: string }, dataDir: string, companyId: string | undefined): Promise<string[]> {
  if (!companyId || !/^[0-9a-f-]{36}$/i.test(companyId)) throw new BackupError('Usage: npm run verify-register -- --company <company id>');
  const unlock = env.DATABASE_URL ? () => {} : lockDataDir(dataDir);
  let database: Database | undefined;
  try {
    database = env.DATABASE_URL ? openPostgres(env.DATABASE_URL, 2, { statementMs: 0 }) : await openPglite({ dataDir: pgliteDir(dataDir) });
    await runMigrations(database);
    const report = await verifyChain(database.db, companyId);
    if (!report.ok) {
      const b = report.broken;
      throw new BackupError(
        `BROKEN at entry ${b.seq ?? '-'} (${b.reason}): record ${b.recordId} of ${b.date} does not match the chain. ${report.entries} entries checked.`,
      );
    }
    return [`OK: ${report.entries} chain entries of company ${companyId} verified; head ${report.headHash}.`];
  } finally {
    await database?.close();
    unlock();
  }
}
