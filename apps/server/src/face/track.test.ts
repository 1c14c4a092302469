/** Tracking a recording's face (decision 0081): when a tracked face is taken, and where the next crop goes. */
import { describe, expect, it } from 'vitest';
import type { HumanFace, Tensor } from './runtime.js';
import { meshShape, type Seed, TRACK, track } from './track.js';

/** A stand-in face: 468 points on two rings around (x, y), `r` pixels out; found by a crop that contains its centre. */
function faceAt(x: number, y: number, r: number) {
  const mesh: [number, number, number][] = Array.from({ length: 468 }, (_, k) => {
    const a = (2 * Math.PI * k) / 234;
    const ring = k < 234 ? r : r / 2;
    return [x + ring * Math.cos(a), y + ring * Math.sin(a), 0];
  });
  const crops: { centre: [number, number]; side: number }[] = [];
  const meshAt = async (_image: Tensor, centre: [number, number], side: number): Promise<HumanFace | null> => {
    crops.push({ centre, side });
    if (Math.abs(centre[0] - x) > side / 2 || Math.abs(centre[1] - y) > side / 2) return null;
    return { box: [x - side / 2, y - side / 2, side, side], score: 0.9, boxScore: 0.9, faceScore: 0.9, mesh };
  };
  return { meshAt, crops, spread: meshShape(mesh).spread };
}
const image = {} as Tensor;
const seedAt = (x: number, y: number, spread: number, velocity: [number, number] = [0, 0]): Seed => ({ side: 300, spread, centre: [x, y], scale: 1, velocity });

describe('a tracked frame (decision 0081)', () => {
  it('a face where it was: one mesh pass, and the next crop follows it', async () => {
    const f = faceAt(320, 240, 80);
    const got = await track(f.meshAt, image, seedAt(320, 240, f.spread));
    expect(got?.face.mesh).toHaveLength(468);
    expect(f.crops).toHaveLength(1);
    expect(got?.next).toMatchObject({ centre: [320, 240], velocity: [0, 0], scale: 1 });
  });

  it('a face that moved: a second pass centred where the first found it; the next crop aims where it is going', async () => {
    const f = faceAt(340, 236, 80);
    const got = await track(f.meshAt, image, seedAt(320, 240, f.spread));
    expect(f.crops.map((c) => c.centre)).toEqual([
      [320, 240],
      [340, 236],
    ]);
    expect(got?.next.velocity).toEqual([20, -4]);
    // The next frame's first crop goes where the face is heading.
    const g = faceAt(360, 232, 80);
    await track(g.meshAt, image, got!.next);
    expect(g.crops[0].centre).toEqual([360, 232]);
    expect(g.crops).toHaveLength(1);
  });

  it('a face that grew: the second crop is scaled with it', async () => {
    const f = faceAt(320, 240, 88);
    const got = await track(f.meshAt, image, seedAt(320, 240, faceAt(0, 0, 80).spread));
    expect(f.crops.map((c) => Math.round(c.side))).toEqual([300, 330]);
    expect(got?.next.scale).toBeCloseTo(1.1, 5);
  });

  it('refuses the track (the frame then runs the detector) when the face jumped, changed size too much or was not found', async () => {
    const spread = faceAt(0, 0, 80).spread;
    // Jumped: a photo swapped a quarter of the crop aside.
    expect(await track(faceAt(320 + 0.25 * 300, 240, 80).meshAt, image, seedAt(320, 240, spread))).toBeNull();
    // Just within the allowed shift, it is taken.
    expect(await track(faceAt(320 + (TRACK.maxShift - 0.01) * 300, 240, 80).meshAt, image, seedAt(320, 240, spread))).not.toBeNull();
    // Grew or shrank past the allowed scale.
    expect(await track(faceAt(320, 240, 80 * (TRACK.maxScale + 0.03)).meshAt, image, seedAt(320, 240, spread))).toBeNull();
    expect(await track(faceAt(320, 240, 80 * (TRACK.minScale - 0.03)).meshAt, image, seedAt(320, 240, spread))).toBeNull();
    // A photo jerked back against its last move: the first crop, aimed ahead, finds it far off its centre (a mesh of a
    // face cut by the crop's edge), though it is where it was two frames ago.
    expect(await track(faceAt(320, 240, 80).meshAt, image, seedAt(320, 240, spread, [60, 0]))).toBeNull();
    // Out of the crop (the mesh model finds nothing there).
    expect(await track(faceAt(320 + 200, 240, 80).meshAt, image, seedAt(320, 240, spread))).toBeNull();
  });
});
