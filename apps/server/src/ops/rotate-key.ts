import { type Database, lockDataDir, openPglite, openPostgres, pgliteDir, runMigrations } from '../db/client.js';
import { BiometricKeyError, type KeySettings, newMasterKey, readKeyFile, resolveKeyring, useKeyring, writeKeyFile } from '../face/seal.js';
import { resealBiometrics } from '../modules/face/reseal.js';
import { BackupError } from './backup-file.js';

/**
 * npm run rotate-biometric-key (decision 0029). With the key file (the embedded default): a new key is put first
 * in DATA_DIR/biometric-master.key with the old one kept after it, every row is re-sealed in batches, then the
 * old key is dropped from the file. Interrupted, the file still holds both keys and the next run (or start)
 * finishes the same rotation instead of starting another. With BIOMETRIC_KEY: the operator sets the new key in
 * BIOMETRIC_KEY and the old one in BIOMETRIC_KEY_PREVIOUS, runs this, then removes BIOMETRIC_KEY_PREVIOUS.
 * The servers are stopped meanwhile (PGlite: the DATA_DIR lock makes sure).
 */
export async function rotateBiometricKey(env: KeySettings & { DATABASE_URL?: string }, dataDir: string): Promise<string[]> {
  if (env.BIOMETRIC_KEY && !env.BIOMETRIC_KEY_PREVIOUS) {
    throw new BackupError(
      'BIOMETRIC_KEY is set: put the new key in BIOMETRIC_KEY and the old one in BIOMETRIC_KEY_PREVIOUS, then run this again (openssl rand -base64 32 makes a key).',
    );
  }
  const unlock = env.DATABASE_URL ? () => {} : lockDataDir(dataDir);
  let database: Database | undefined;
  try {
    database = env.DATABASE_URL ? openPostgres(env.DATABASE_URL, 2, { statementMs: 0 }) : await openPglite({ dataDir: pgliteDir(dataDir) });
    await runMigrations(database);
    const lines: string[] = [];
    if (!env.BIOMETRIC_KEY) {
      const keys = readKeyFile(dataDir);
      if (keys.length === 1) writeKeyFile(dataDir, [newMasterKey(), ...keys]);
      else if (keys.length > 1) lines.push(`Finishing the rotation to key ${keys[0].id} that was interrupted.`);
    }
    const ring = resolveKeyring(env, dataDir, true);
    if (!ring) throw new BiometricKeyError('No biometric key.');
    useKeyring(ring);
    const done = await resealBiometrics(database.db, ring);
    lines.push(`Re-sealed ${done.templates} face templates and ${done.photos} enrolment photos with key ${ring.current.id}.`);
    if (done.unreadable) lines.push(`${done.unreadable} rows do not open with any known key (altered or moved in the database): left as they are.`);
    if (ring.source === 'file') {
      writeKeyFile(dataDir, [ring.current]);
      lines.push(`The old key is dropped from ${dataDir}/biometric-master.key: backups made before today need the old key file (keep it with them).`);
    } else {
      lines.push('Remove BIOMETRIC_KEY_PREVIOUS from the environment and start the servers with the new BIOMETRIC_KEY.');
    }
    return lines;
  } catch (err) {
    if (err instanceof BiometricKeyError) throw new BackupError(err.message);
    throw err;
  } finally {
    await database?.close();
    unlock();
  }
}
