import { and, asc, eq, gt, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { facePhotos, faceTemplates } from '../../db/schema/index.js';
import { BiometricKeyError, type BiometricKeyring, openDescriptor, openPhoto, sealDescriptor, sealPhoto } from '../../face/seal.js';
import { rowsOf } from '../../lib/sql.js';

/**
 * The one pass that brings every biometric row under the keyring's current key (decision 0029): a plain row
 * of before (descriptor / jpeg) is sealed and its plain column emptied; a row sealed with an older key
 * (a rotation) is opened and sealed again. It runs at every start-up (a no-op when all is sealed with the
 * current key) and from `npm run rotate-biometric-key`. Batches of BATCH rows, each in its own transaction,
 * so an interruption leaves only whole rows and the next run goes on where it stopped.
 *
 * Before anything, a row sealed with a key the keyring does not hold stops it: the key file or BIOMETRIC_KEY
 * is missing or not the one that sealed the data (a restore without its key), and nothing can be matched.
 */
const BATCH = 500;

/** Key ids of the sealed rows (the 4 bytes after the format byte). */
const keyIdOf = (column: typeof faceTemplates.sealed | typeof facePhotos.sealed) => sql<string>`encode(substring(${column} from 2 for 4), 'hex')`;

export async function sealedKeyIds(db: Db): Promise<string[]> {
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`select distinct ${keyIdOf(faceTemplates.sealed)} as id from ${faceTemplates} where ${faceTemplates.sealed} is not null
        union select distinct ${keyIdOf(facePhotos.sealed)} from ${facePhotos} where ${facePhotos.sealed} is not null`,
  );
  return rows.map((r) => r.id).sort();
}

export function unknownKeyMessage(missing: string[], ring: BiometricKeyring | null): string {
  const have = ring ? `${ring.keys.map((k) => k.id).join(', ')} (from ${ring.source === 'env' ? 'BIOMETRIC_KEY' : 'DATA_DIR/biometric-master.key'})` : 'none';
  return [
    `The face templates and photos in this database are sealed with biometric key ${missing.join(', ')}, which this server does not have (it has: ${have}).`,
    'Put back the biometric-master.key file of the backup into DATA_DIR, or set BIOMETRIC_KEY to the value the server that sealed them used.',
  ].join('\n');
}

export interface ResealResult {
  templates: number;
  photos: number;
  /** Rows whose seal does not open with a known key (altered, or moved from another row): left as they are, matched by nobody. */
  unreadable: number;
}

/** The opened bytes, or undefined when GCM refuses them. */
function opened<T>(open: () => T): T | undefined {
  try {
    return open();
  } catch {
    return undefined;
  }
}

export async function resealBiometrics(db: Db, ring: BiometricKeyring): Promise<ResealResult> {
  const known = new Set(ring.keys.map((k) => k.id));
  const missing = (await sealedKeyIds(db)).filter((id) => !known.has(id));
  if (missing.length) throw new BiometricKeyError(unknownKeyMessage(missing, ring));
  const current = ring.current.id;
  const done: ResealResult = { templates: 0, photos: 0, unreadable: 0 };

  let last = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const rows = await db
      .select()
      .from(faceTemplates)
      .where(and(gt(faceTemplates.id, last), or(isNotNull(faceTemplates.descriptor), isNull(faceTemplates.sealed), ne(keyIdOf(faceTemplates.sealed), current))))
      .orderBy(asc(faceTemplates.id))
      .limit(BATCH);
    if (!rows.length) break;
    last = rows[rows.length - 1].id;
    await db.transaction(async (tx) => {
      for (const row of rows) {
        const plain = row.sealed ? opened(() => openDescriptor(row, row.sealed!, ring)) : row.descriptor;
        if (plain === undefined) done.unreadable++;
        else if (!plain)
          await tx.delete(faceTemplates).where(eq(faceTemplates.id, row.id)); // neither: nothing to match, ever
        else {
          await tx
            .update(faceTemplates)
            .set({ sealed: sealDescriptor(row, plain, ring), descriptor: null })
            .where(eq(faceTemplates.id, row.id));
          done.templates++;
        }
      }
    });
  }

  last = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const rows = await db
      .select()
      .from(facePhotos)
      .where(and(gt(facePhotos.employeeId, last), or(isNotNull(facePhotos.jpeg), isNull(facePhotos.sealed), ne(keyIdOf(facePhotos.sealed), current))))
      .orderBy(asc(facePhotos.employeeId))
      .limit(BATCH);
    if (!rows.length) break;
    last = rows[rows.length - 1].employeeId;
    await db.transaction(async (tx) => {
      for (const row of rows) {
        const plain = row.sealed ? opened(() => openPhoto(row, row.sealed!, ring)) : row.jpeg;
        const where = and(eq(facePhotos.employeeId, row.employeeId), eq(facePhotos.companyId, row.companyId));
        if (plain === undefined) done.unreadable++;
        else if (!plain) await tx.delete(facePhotos).where(where);
        else {
          await tx
            .update(facePhotos)
            .set({ sealed: sealPhoto(row, plain, ring), jpeg: null })
            .where(where);
          done.photos++;
        }
      }
    });
  }
  return done;
}
