import { type KeySettings, masterKey, resolveKeyring } from '../face/seal.js';
import { readEntry } from './archive.js';
import { BackupError, type BackupNotes, type OpenedBackup } from './backup-file.js';

/** What a backup records of the biometric keys: their ids (never the keys) and whether they came from the environment. */
export function biometricKeysOf(env: KeySettings, dataDir: string): Pick<BackupNotes, 'biometricKeyIds' | 'biometricKeyFromEnv'> {
  const ring = resolveKeyring(env, dataDir, false);
  return { biometricKeyIds: ring?.keys.map((k) => k.id) ?? [], biometricKeyFromEnv: ring?.source === 'env' };
}

/**
 * Before a restore touches anything (decision 0029): the keys that will be in effect after it (BIOMETRIC_KEY when
 * set, else the backup's biometric-master.key) must include every key the backup's face data may be sealed with.
 * Otherwise the restored templates could never be opened: refuse, saying which key is needed and where it was.
 */
export async function biometricKeyCheck(file: string, backup: OpenedBackup, env: KeySettings): Promise<void> {
  const needed = backup.manifest.biometricKeyIds ?? [];
  if (!needed.length) return;
  let have: string[] = [];
  let from = '';
  if (env.BIOMETRIC_KEY) {
    have = [env.BIOMETRIC_KEY, ...(env.BIOMETRIC_KEY_PREVIOUS ?? '').split(',')]
      .filter((k) => k.trim())
      .map((k) => masterKey(Buffer.from(k.trim(), 'base64')).id);
    from = 'BIOMETRIC_KEY here';
  } else {
    const entry = backup.keys.get('biometric-master.key');
    if (entry) {
      const lines = (await readEntry(file, entry))
        .toString('utf8')
        .split('\n')
        .filter((l) => l.trim());
      have = lines.map((l) => masterKey(Buffer.from(l.trim(), 'base64')).id);
    }
    from = entry ? "the backup's biometric-master.key" : 'no key (the backup holds no biometric-master.key and BIOMETRIC_KEY is not set)';
  }
  const missing = needed.filter((id) => !have.includes(id));
  if (!missing.length) return;
  const where = backup.manifest.biometricKeyFromEnv
    ? 'It was made by a server whose BIOMETRIC_KEY was that key: set BIOMETRIC_KEY to the same value and restore again.'
    : "It was in the backed-up DATA_DIR's biometric-master.key: put that file's key in BIOMETRIC_KEY, or unset BIOMETRIC_KEY to use the backup's file.";
  throw new BackupError(
    `Not restored: this backup's face templates and photos are sealed with biometric key ${missing.join(', ')}, and the restored server would have ${
      have.length ? `${have.join(', ')} (${from})` : from
    }: they could never be opened.\n${where}`,
  );
}
