// npm run backup [-- --out <folder|file>],  npm run restore -- <file> [--force],  npm run rotate-biometric-key,
// npm run cert [-- --host <name|address> ...]
// The database is the one the server would use with the same environment: PostgreSQL with DATABASE_URL,
// else PGlite in DATA_DIR (decision 0027).
import { existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { configSchema } from '../config.js';
import { BiometricKeyError } from '../face/seal.js';
import { BackupError, type BackupKind, backupName, KIND_LABEL, openBackup, privateDir } from './backup-file.js';
import { biometricKeyCheck, biometricKeysOf } from './biometric-keys.js';
import { backupPglite, restorePglite } from './pglite-backup.js';
import { backupPostgres, restorePostgres } from './postgres-backup.js';
import { rotateBiometricKey } from './rotate-key.js';
import { verifyRegister } from './verify-register.js';

const env = configSchema.pick({
  DATA_DIR: true,
  DATABASE_URL: true,
  SESSION_SECRET: true,
  BIOMETRIC_KEY: true,
  BIOMETRIC_KEY_PREVIOUS: true,
  PORT: true,
  HTTP_REDIRECT_PORT: true,
});

export function sizeOf(bytes: number): string {
  return bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** Runs one command; returns what to print (errors meant for the operator come as BackupError). */
export async function runOps(argv: string[], environment: NodeJS.ProcessEnv = process.env): Promise<string[]> {
  const config = env.parse(environment);
  const dataDir = resolve(config.DATA_DIR);
  const kind: BackupKind = config.DATABASE_URL ? 'postgres' : 'pglite';
  const [command, ...rest] = argv;
  const flag = (name: string) => rest.includes(name);
  const option = (name: string) => (rest.includes(name) ? rest[rest.indexOf(name) + 1] : undefined);

  if (command === 'backup') {
    const name = backupName(kind);
    const wanted = option('--out');
    const out = !wanted
      ? join(privateDir(join(dataDir, 'backups')), name)
      : existsSync(wanted) && statSync(wanted).isDirectory()
        ? join(resolve(wanted), name)
        : resolve(wanted);
    const secretFromEnv = !!config.SESSION_SECRET;
    const notes = { sessionSecretFromEnv: secretFromEnv, ...biometricKeysOf(config, dataDir) };
    const done = config.DATABASE_URL ? await backupPostgres(config.DATABASE_URL, dataDir, out, notes) : await backupPglite(dataDir, out, notes);
    const lines = [`Backup of ${KIND_LABEL[kind]}, ${done.via}, written in ${(done.ms / 1000).toFixed(1)} s:`, `  ${done.file}  ${sizeOf(done.bytes)}`];
    const keys = done.keys.length ? `DATA_DIR's keys (${done.keys.join(', ')})` : 'no key file (DATA_DIR has none)';
    lines.push(`It holds the database and ${keys}: keep it private, and copy it off this machine.`);
    if (secretFromEnv) lines.push('SESSION_SECRET is set in the environment and is NOT in the backup: keep its value with the backup.');
    if (notes.biometricKeyFromEnv) {
      lines.push('BIOMETRIC_KEY is set in the environment and is NOT in the backup: keep its value with the backup (no face data opens without it).');
    }
    return lines;
  }

  if (command === 'rotate-biometric-key') return rotateBiometricKey(config, dataDir);
  if (command === 'cert') return (await import('./cert.js')).runCert(dataDir, rest, config.PORT, config.HTTP_REDIRECT_PORT ?? 8080);
  if (command === 'verify-register') return verifyRegister(config, dataDir, option('--company'));

  if (command === 'restore') {
    const file = rest.find((a) => !a.startsWith('--'));
    if (!file) throw new BackupError('Usage: npm run restore -- <backup file> [--force]');
    const backup = await openBackup(resolve(file));
    if (backup.manifest.kind !== kind) {
      throw new BackupError(
        backup.manifest.kind === 'pglite'
          ? 'This is a PGlite (embedded database) backup, but DATABASE_URL is set: it restores into DATA_DIR only. Unset DATABASE_URL to restore it.'
          : 'This is a PostgreSQL backup (pg_dump), but DATABASE_URL is not set: set DATABASE_URL to an empty PostgreSQL database to restore it.',
      );
    }
    await biometricKeyCheck(resolve(file), backup, config);
    const done = config.DATABASE_URL
      ? await restorePostgres(resolve(file), backup, config.DATABASE_URL, dataDir, flag('--force'))
      : await restorePglite(resolve(file), backup, dataDir);
    const lines = [`Restored the ${KIND_LABEL[kind]} backup of ${backup.manifest.createdAt}.`];
    if (done.keys.length) lines.push(`Keys put back in ${dataDir}: ${done.keys.join(', ')}.`);
    if (done.aside) lines.push(`What was there before is kept in ${done.aside} (delete it once the restored data is checked).`);
    if (backup.manifest.sessionSecretFromEnv || config.SESSION_SECRET) {
      lines.push('SESSION_SECRET comes from the environment: it must be the value the backed-up server used, or kiosk links will not open.');
    }
    lines.push('Start the server: pending migrations run at start.');
    return lines;
  }
  throw new BackupError(
    'Usage: npm run backup [-- --out <folder|file>]  |  npm run restore -- <file> [--force]  |  npm run rotate-biometric-key  |  npm run cert',
  );
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  runOps(process.argv.slice(2)).then(
    (lines) => console.log(lines.join('\n')),
    (err) => {
      console.error(err instanceof BackupError || err instanceof BiometricKeyError ? err.message : err);
      process.exit(1);
    },
  );
}
