/**
 * Perceptual hashes of kiosk frames (decision 0033), on PGlite and PostgreSQL: the same picture re-encoded is the
 * same frame, another scene is not; the distance counts only bits sure in both, refuses to judge under 64 of them,
 * and a frame is "seen" strictly under 5 % apart. A claim stores the burst's hashes at once, is refused with the first
 * seen frame's index, forgets hashes older than a day and other companies' hashes; a failed mark gives its frames back.
 */
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { kioskFrameHashes } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { claimFrames, FRAME_HASH, frameHash, hashDistance, pruneFrameHashes, releaseFrames, replayedAt } from './frame-hashes.js';
import { texturedJpeg } from './scripted-engine.js';

const BYTES = (FRAME_HASH.side * FRAME_HASH.side) / 8; // 128 bytes of bits, then 128 of mask
const DAY = FRAME_HASH.keepHours * 3_600_000;

/** A hash by hand: `sure` mask bits set from bit 0, and `differ` of them flipped in the bits (against `base`). */
function handHash(sure: number, flipped = 0): string {
  const out = Buffer.alloc(BYTES * 2);
  for (let b = 0; b < sure; b++) out[BYTES + (b >> 3)] |= 1 << (b & 7);
  for (let b = 0; b < flipped; b++) out[b >> 3] |= 1 << (b & 7);
  return out.toString('hex');
}

describe('frameHash and hashDistance', () => {
  it('finds a re-encoded, resized or brightened copy the same frame, and another scene a different one', async () => {
    const scene = await texturedJpeg('frame-hash-a');
    const h = await frameHash(scene);
    expect(h).toHaveLength(BYTES * 4); // hex of 256 bytes
    expect(await frameHash(scene)).toBe(h);
    const copies = [
      await sharp(scene).jpeg({ quality: 60 }).toBuffer(),
      await sharp(scene).webp().toBuffer(),
      await sharp(scene).resize(320).jpeg().toBuffer(),
      await sharp(scene).modulate({ brightness: 1.15 }).jpeg().toBuffer(),
    ];
    for (const copy of copies) expect(hashDistance(h, await frameHash(copy))).toBeLessThan(FRAME_HASH.maxShare);
    expect(hashDistance(h, await frameHash(await texturedJpeg('frame-hash-b')))).toBeGreaterThan(0.2);
  });

  it('marks as sure only cells whose neighbours differ by 4 grey levels or more: a flat frame cannot be judged', async () => {
    const flat = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#777' } })
      .jpeg()
      .toBuffer();
    const h = await frameHash(flat);
    expect(Buffer.from(h, 'hex').subarray(BYTES).equals(Buffer.alloc(BYTES))).toBe(true);
    expect(hashDistance(h, h)).toBe(1);
    // A gentle ramp (3 grey levels per cell) is not sure either; a steeper one (5) is.
    const ramp = async (step: number) => {
      const w = FRAME_HASH.side + 1;
      const pixels = Buffer.alloc(w * FRAME_HASH.side);
      for (let y = 0; y < FRAME_HASH.side; y++) for (let x = 0; x < w; x++) pixels[y * w + x] = 20 + x * step;
      return frameHash(
        await sharp(pixels, { raw: { width: w, height: FRAME_HASH.side, channels: 1 } })
          .png()
          .toBuffer(),
      );
    };
    const sureBits = (hash: string) => [...Buffer.from(hash, 'hex').subarray(BYTES)].reduce((n, b) => n + b.toString(2).replaceAll('0', '').length, 0);
    expect(sureBits(await ramp(3))).toBe(0);
    expect(sureBits(await ramp(4))).toBe(FRAME_HASH.side * FRAME_HASH.side);
    expect(sureBits(await ramp(5))).toBe(FRAME_HASH.side * FRAME_HASH.side);
    // A flat frame's cells are not darker than their neighbours: no bit set.
    expect(Buffer.from(h, 'hex').subarray(0, BYTES).equals(Buffer.alloc(BYTES))).toBe(true);
    // Every cell of a rising ramp is brighter than its left neighbour: every bit set.
    expect(
      Buffer.from(await ramp(5), 'hex')
        .subarray(0, BYTES)
        .equals(Buffer.alloc(BYTES, 0xff)),
    ).toBe(true);
  });

  it('hashes the whole frame (squeezed, not its middle cut out), and a frame whose data ends early', async () => {
    // A wide ramp rising 1 grey level a pixel: squeezed to 33 cells, 10 levels a cell (sure); its middle 33 pixels would be 1.
    const w = 330;
    const pixels = Buffer.alloc(w * FRAME_HASH.side);
    for (let y = 0; y < FRAME_HASH.side; y++) for (let x = 0; x < w; x++) pixels[y * w + x] = Math.round(x * 0.7);
    const wide = await sharp(pixels, { raw: { width: w, height: FRAME_HASH.side, channels: 1 } })
      .png()
      .toBuffer();
    const mask = Buffer.from(await frameHash(wide), 'hex').subarray(BYTES);
    expect(mask.equals(Buffer.alloc(BYTES, 0xff))).toBe(true);
    // A camera JPEG cut short after its first rows (a warning, not an error): still hashed, like the decoder shows it.
    const scene = await texturedJpeg('frame-hash-cut');
    const cut = Buffer.concat([scene.subarray(0, Math.floor(scene.length * 0.6)), Buffer.from([0xff, 0xd9])]);
    expect(await frameHash(cut)).toHaveLength(BYTES * 4);
  });

  it('counts the differing share of the bits sure in both, and judges nothing under 64 of them', () => {
    expect(hashDistance(handHash(100), handHash(100, 5))).toBe(0.05);
    expect(hashDistance(handHash(100), handHash(100, 0))).toBe(0);
    // Bits not sure in both do not count: 100 sure in one, 80 in the other.
    expect(hashDistance(handHash(100, 90), handHash(80, 0))).toBe(1);
    expect(hashDistance(handHash(100, 8), handHash(80, 0))).toBe(0.1);
    expect(hashDistance(handHash(FRAME_HASH.minSureBits), handHash(FRAME_HASH.minSureBits))).toBe(0);
    expect(hashDistance(handHash(FRAME_HASH.minSureBits - 1), handHash(FRAME_HASH.minSureBits - 1))).toBe(1);
    // Hashes of different lengths are never the same frame.
    expect(hashDistance(handHash(100), handHash(100).slice(0, -2))).toBe(1);
  });

  it('calls a frame seen strictly under 5 % from a known one, and answers the first such frame', () => {
    const known = [handHash(100, 0)];
    expect(replayedAt([handHash(100, 5)], known)).toBe(-1);
    expect(replayedAt([handHash(100, 4)], known)).toBe(0);
    expect(replayedAt([handHash(100, 50), handHash(100, 4), handHash(100, 0), handHash(100, 1)], known)).toBe(1);
    expect(replayedAt([handHash(100, 4)], [])).toBe(-1);
    expect(replayedAt([handHash(100, 50)], [handHash(100, 50), handHash(100, 0)])).toBe(0);
  });

  it('a burst is a replay when 75 % of its frames were seen, not when a still moment looks like an earlier one', () => {
    const known = [handHash(100, 0)];
    const seen = handHash(100, 1);
    const other = handHash(100, 60);
    // A person at the same kiosk: one frame in four like an earlier mark's (stop 37: refused before).
    expect(replayedAt([other, seen, other, other], known)).toBe(-1);
    expect(replayedAt([other, seen, seen, other], known)).toBe(-1);
    // Three in four: a replay, named by its first seen frame.
    expect(replayedAt([other, seen, seen, seen], known)).toBe(1);
    expect(replayedAt([seen, seen, seen, seen], known)).toBe(0);
    // A 24-frame burst: 17 seen is under 75 %, 18 is a replay.
    const burst = (n: number) => Array.from({ length: 24 }, (_, i) => (i < n ? seen : other));
    expect(replayedAt(burst(17), known)).toBe(-1);
    expect(replayedAt(burst(18), known)).toBe(0);
  });

  it('judges a burst by its moving frames: a person still as on an earlier visit who then turns is not a replay (decision 0087)', () => {
    const known = [handHash(100, 0)];
    const still = handHash(100, 1);
    // Six frames of a turn, each 10 % of the bits from the one before, none like a known frame.
    const turn = [20, 30, 40, 50, 60, 70].map((k) => handHash(100, k));
    const person = [...Array.from({ length: 18 }, () => still), ...turn];
    // 18 of 24 frames seen (75 %) was a replay; the motion, never seen, says it is not.
    expect(replayedAt(person, known)).toBe(-1);
    // The same burst replayed: its motion was seen too (named by the first moving frame).
    expect(replayedAt(person, [...known, ...turn])).toBe(18);
    // Five of six moving frames seen is 83 %: a replay; four of six is not.
    expect(replayedAt(person, [...known, ...turn.slice(1)])).toBe(19);
    expect(replayedAt(person, [...known, ...turn.slice(2)])).toBe(-1);
    // Fewer than five moving frames: judged on all the frames, as before.
    const fewer = [...Array.from({ length: 18 }, () => still), ...turn.slice(0, 4)];
    expect(replayedAt(fewer, known)).toBe(0);
  });
});

describe('claimFrames', () => {
  let t: TestApp;
  let companyId: string;
  let otherId: string;
  beforeAll(async () => {
    t = await createTestApp();
    companyId = (await t.factories.companyAdmin()).companyId!;
    otherId = (await t.factories.companyAdmin()).companyId!;
  });
  const stored = (id: string) => t.db.select().from(kioskFrameHashes).where(eq(kioskFrameHashes.companyId, id));

  it("stores a burst's hashes at once and refuses a replayed burst, naming its first seen frame; other companies' frames do not count", async () => {
    const burst = [handHash(200, 100), handHash(200, 0)];
    const first = await claimFrames(t.db, companyId, burst);
    expect('ids' in first && first.ids).toHaveLength(2);
    expect((await stored(companyId)).map((r) => r.hash).sort()).toEqual([...burst].sort());
    expect(await claimFrames(t.db, companyId, [handHash(200, 150), handHash(200, 1), handHash(200, 101), handHash(200, 2)])).toEqual({ seen: 1 });
    // One frame in two like an earlier one is a person standing still, not a replay: not refused (and not stored here).
    const half = await claimFrames(t.db, companyId, [handHash(200, 150), handHash(200, 1)]);
    expect('ids' in half).toBe(true);
    await releaseFrames(t.db, (half as { ids: string[] }).ids);
    // The refused burst stored nothing.
    expect(await stored(companyId)).toHaveLength(2);
    // Another company never saw them.
    expect('ids' in (await claimFrames(t.db, otherId, burst))).toBe(true);
    // A failed mark gives its frames back: the same burst passes again.
    await releaseFrames(t.db, (first as { ids: string[] }).ids);
    expect(await stored(companyId)).toHaveLength(0);
    const again = await claimFrames(t.db, companyId, burst);
    expect('ids' in again).toBe(true);
    await releaseFrames(t.db, (again as { ids: string[] }).ids);
    await releaseFrames(t.db, []);
  });

  it('forgets hashes older than a day, to the millisecond; the housekeeping deletes only those', async () => {
    const now = new Date('2026-11-28T12:00:00Z');
    const hash = handHash(300, 7);
    await claimFrames(t.db, companyId, [hash], new Date(now.getTime() - DAY));
    const newer = handHash(300, 200);
    await claimFrames(t.db, companyId, [newer], new Date(now.getTime() - DAY + 1));
    // Exactly a day old: forgotten; a millisecond younger: seen.
    expect(await claimFrames(t.db, companyId, [newer], now)).toEqual({ seen: 0 });
    const reclaimed = await claimFrames(t.db, companyId, [hash], now);
    expect('ids' in reclaimed).toBe(true);
    await claimFrames(t.db, companyId, [handHash(300, 100)], new Date(now.getTime() - DAY - 1));
    // The housekeeping deletes what is more than a day old.
    await pruneFrameHashes(t.db, now);
    const left = await stored(companyId);
    expect(left.map((r) => r.createdAt.getTime()).sort()).toEqual([now.getTime() - DAY, now.getTime() - DAY + 1, now.getTime()]);
  });
});
