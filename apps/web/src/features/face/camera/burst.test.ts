/**
 * The kiosk's recorder (decisions 0063, 0083): at the burst's rate, and at TURN_RATE times it while a head turns, so a
 * late frame in a turn leaves a short gap. A stand-in video hands over frames at the camera's 30 fps.
 */
import { describe, expect, it, vi } from 'vitest';
import { recordBurst } from './burst';
import { TURN_RATE } from './thin';

vi.mock('./capture', () => ({ captureJpeg: async () => new Blob(['jpeg'], { type: 'image/jpeg' }) }));

/** A video whose frame callbacks the test calls, with each frame's capture time. */
function cameraAt30fps() {
  let next: ((now: number, meta: { captureTime?: number }) => void) | null = null;
  const video = {
    videoWidth: 640,
    requestVideoFrameCallback: (cb: typeof next) => {
      next = cb;
      return 1;
    },
    cancelVideoFrameCallback: () => {
      next = null;
    },
  } as unknown as HTMLVideoElement;
  let k = 0;
  /** Hands over `n` frames, 1000/30 ms apart, letting each frame's encoding finish before the next. */
  const run = async (n: number) => {
    for (const end = k + n; k < end; k++) {
      next?.((k * 1000) / 30, { captureTime: (k * 1000) / 30 });
      // The stand-in encoder answers in microtasks: let them run (no timer, decision 0064).
      for (let i = 0; i < 5; i++) await Promise.resolve();
    }
  };
  return { video, run };
}

const gaps = (ts: number[]) => ts.slice(1).map((x, i) => Math.round(x - ts[i]));

describe('recording a kiosk burst (decision 0083)', () => {
  it('takes frames at the burst rate, and twice as often while a head turns; the turn frames are marked dense', async () => {
    const { video, run } = cameraAt30fps();
    const recorder = recordBurst(video, 6);
    await run(60);
    recorder.turning(Number.POSITIVE_INFINITY);
    await run(60);
    recorder.turning(0);
    await run(30);
    const frames = await recorder.stop();
    const still = frames.filter((f) => !f.dense);
    const turn = frames.filter((f) => f.dense);
    expect(TURN_RATE).toBe(2);
    // 6 fps on a 30 fps camera: every 5th frame (167 ms); 12 fps: every 3rd (100 ms, the camera's nearest).
    expect(gaps(still.slice(0, 12).map((f) => f.t)).every((g) => g === 167)).toBe(true);
    expect(gaps(turn.map((f) => f.t)).every((g) => g === 100)).toBe(true);
    expect(turn.length).toBeGreaterThanOrEqual(19);
    expect(still.length).toBeLessThanOrEqual(19);
    expect(recorder.report()).toMatchObject({ callbacks: 150, taken: frames.length, skipped: 0, failed: 0 });
  });
});
