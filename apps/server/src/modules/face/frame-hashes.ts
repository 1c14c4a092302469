import { and, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db } from '../../db/client.js';
import { kioskFrameHashes } from '../../db/schema/index.js';

/**
 * Perceptual hashes of kiosk frames (decision 0033): a difference hash of the whole decoded frame (grey,
 * 33x32 cells, each bit "this cell is darker than its right neighbour", 1,024 bits) with a mask of the bits
 * that are sure (the neighbours differ by 4 grey levels or more; flat background cells flip with any noise).
 * Two frames are the same picture when fewer than 5 % of the bits sure in both differ. Measured on the face
 * fixtures placed in a 640x480 scene: re-encoded (JPEG 60, WebP), resized, brightened, blurred copies differ
 * in 0-3.7 % of the bits; the same photo moved by 3-10 px in 0-24 % (median 6 %); other photos 1-81 %
 * (median 42 %).
 */
export const FRAME_HASH = {
  side: 32,
  sureStep: 4,
  maxShare: 0.05,
  minSureBits: 64,
  keepHours: 24,
  replayShare: 0.75,
  /** A frame whose hash differs from the burst's previous frame by this share or more: the picture moved (replayedAt). */
  moveShare: 0.1,
  /** Fewer moving frames than this: the burst is judged on all its frames. */
  minMoving: 5,
} as const;

/** The frame's hash: 128 bytes of bits then 128 bytes of mask, as hex. */
export async function frameHash(image: Buffer): Promise<string> {
  const n = FRAME_HASH.side;
  const { data } = await sharp(image, { failOn: 'none' })
    .greyscale()
    .resize(n + 1, n, { fit: 'fill' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const out = Buffer.alloc((n * n) / 4);
  const maskAt = (n * n) / 8;
  let bit = 0;
  // Stryker disable next-line EqualityOperator: one row more reads past the pixels (NaN sets no bit) and writes past the buffer (ignored)
  for (let y = 0; y < n; y++)
    for (let x = 0; x < n; x++, bit++) {
      const d = data[y * (n + 1) + x + 1] - data[y * (n + 1) + x];
      if (d > 0) out[bit >> 3] |= 1 << (bit & 7);
      if (Math.abs(d) >= FRAME_HASH.sureStep) out[maskAt + (bit >> 3)] |= 1 << (bit & 7);
    }
  return out.toString('hex');
}

const POP = Uint8Array.from({ length: 256 }, (_, i) => {
  let n = 0;
  for (let v = i; v; v >>= 1) n += v & 1;
  return n;
});

/** The share (0-1) of the bits sure in both hashes that differ; 1 when fewer than minSureBits are comparable. */
export function hashDistance(a: string, b: string): number {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  const half = x.length / 2;
  if (y.length !== x.length) return 1;
  let sure = 0;
  let differ = 0;
  // Stryker disable next-line EqualityOperator: one byte more reads past both hashes (undefined & undefined is 0: nothing counted)
  for (let i = 0; i < half; i++) {
    const both = x[half + i] & y[half + i];
    sure += POP[both];
    differ += POP[(x[i] ^ y[i]) & both];
  }
  return sure < FRAME_HASH.minSureBits ? 1 : differ / sure;
}

/**
 * The frames a replay is judged on (indices): those whose hash differs from the previous frame's by `move` or more,
 * or all of them when fewer than `minMoving` moved.
 */
export function judgedFrames(hashes: readonly string[], move: number = FRAME_HASH.moveShare): number[] {
  const moving = hashes.flatMap((h, i) => (i > 0 && hashDistance(h, hashes[i - 1]) >= move ? [i] : []));
  return moving.length >= FRAME_HASH.minMoving ? moving : hashes.map((_, i) => i);
}

/**
 * A replayed burst: at least `replayShare` (75 %) of its frames where the picture moved look like frames accepted
 * within the last day. Answers the index of the first such frame, else -1.
 *
 * Not any one frame (decision 0033 until stop 37): a person comes back to the same kiosk, before the same wall, in the
 * same light, and a still moment of theirs looks like an earlier one. With ANY frame, the attack bench at N=150 refused
 * 95 genuine marks as replays (decision 0074's amendment).
 *
 * The moving frames only (decision 0087): a frame counts when its hash differs from the burst's previous frame by
 * `moveShare` or more, and a burst with fewer than `minMoving` such frames is judged on all of them. A person's still
 * moments match an earlier visit's; the motion of a replay matches too, a new visit's does not. Measured on rendered
 * heads (bench/face/replay-share.ts --bursts 30: 30 visits of each of 4 heads in a day): with all the frames, 8 genuine
 * bursts of 120 were 75 % seen or more; with the moving ones, 3; a replayed burst, re-encoded, 120 of 120 either way.
 */
export function replayedAt(hashes: string[], known: string[]): number {
  const judged = judgedFrames(hashes);
  const seen = judged.filter((i) => known.some((k) => hashDistance(hashes[i], k) < FRAME_HASH.maxShare));
  return seen.length > 0 && seen.length >= FRAME_HASH.replayShare * judged.length ? seen[0] : -1;
}

/**
 * Claims the frames for this mark in one transaction under the company's advisory lock: refused (the index
 * of the first seen frame) when the burst is a replay (`replayedAt`), else the hashes are stored
 * at once (so two requests racing with the same burst cannot both pass) and their row ids returned, to be
 * released if the mark fails later.
 */
export async function claimFrames(db: Db, companyId: string, hashes: string[], now = new Date()): Promise<{ seen: number } | { ids: string[] }> {
  const since = new Date(now.getTime() - FRAME_HASH.keepHours * 3_600_000);
  return db.transaction(async (tx) => {
    // Stryker disable next-line StringLiteral: another key is another lock; one lock for every company would serialise more, not decide otherwise
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`kiosk-frames:${companyId}`}))`);
    const rows = await tx
      .select({ hash: kioskFrameHashes.hash })
      .from(kioskFrameHashes)
      .where(and(eq(kioskFrameHashes.companyId, companyId), gt(kioskFrameHashes.createdAt, since)));
    const seen = replayedAt(
      hashes,
      rows.map((r) => r.hash),
    );
    if (seen >= 0) return { seen };
    const inserted = await tx
      .insert(kioskFrameHashes)
      .values(hashes.map((hash) => ({ companyId, hash, createdAt: now })))
      .returning({ id: kioskFrameHashes.id });
    return { ids: inserted.map((r) => r.id) };
  });
}

/** Gives back the frames of a mark that failed after its claim (they were never accepted). */
export async function releaseFrames(db: Db, ids: string[]) {
  // Stryker disable next-line ConditionalExpression: deleting the rows of no id deletes nothing; the check saves the statement
  if (ids.length) await db.delete(kioskFrameHashes).where(inArray(kioskFrameHashes.id, ids));
}

/** Housekeeping: hashes older than a day are worthless. */
export async function pruneFrameHashes(db: Db, now = new Date()) {
  await db.delete(kioskFrameHashes).where(lt(kioskFrameHashes.createdAt, new Date(now.getTime() - FRAME_HASH.keepHours * 3_600_000)));
}
