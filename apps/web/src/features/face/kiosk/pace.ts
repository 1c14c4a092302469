/**
 * The kiosk page's pace, in one pure module (no React): the page (useKioskFlow) runs it, and the attack benches' model
 * of a person following the page (bench/face/head3d/bursts.ts) reads it, so both keep the same timing (decision 0085).
 */
import { TURN_RETURN_MS } from '../camera/thin';

/**
 * The challenge's pace (decision 0063). The whole burst is thinned to the challenge's `maxFrames` (48) keeping the
 * gaps even, and the server judges continuity per time gap: the longer the challenge, the longer the gaps and the
 * weaker that check, so every step is brisk (3-4 steps: about 3.5-6 s in all).
 */
export const KIOSK_TIMING = {
  /** Facing the screen before the first prompt (the server's baseline for smiles, mouths and nods: ≥ 0.5 s). */
  restMs: 700,
  /** A smile, an open mouth, a blink, a nod: shown this long (the person reacts in 0.3-0.6 s and holds). */
  moveMs: 1100,
  /**
   * A smile or an open mouth asked right after a turn: the person first comes back to the front. At 1.1 s the e2e puppet
   * (300-500 ms to react, 450 ms back, 450 ms into the smile) and people who do one move after the other held it for
   * one frame or none: `bench:kiosk-click` refused 2 genuine marks of 12 so (decision 0091).
   */
  moveAfterTurnMs: 1700,
  /** Where in a move the page keeps a frame when thinning (the expression held); after a turn, as near the end. */
  moveKeepAt: 0.6,
  /** A head turn: until the guidance sees it (two looks in a row), at most this; then held a moment. */
  turnTimeoutMs: 1400,
  holdMs: 500,
  /** Without live guidance (Human could not load): a turn is shown this long. */
  unguidedTurnMs: 1400,
  /** The front between opposite turns: until the guidance sees it, at least the first, at most the second. */
  frontMinMs: 300,
  frontMaxMs: 700,
  /** After a turn, the next step's frames stay part of the turn this long (thin.ts, decision 0080). */
  turnReturnMs: TURN_RETURN_MS,
  /**
   * After the last step: the answer held a few frames. A move asked last is shown `moveMs`, and a person (or the e2e
   * puppet: 300-500 ms to react, 450 ms to move) reaches it 0.75-0.95 s in: with 250 ms here the open mouth of a last
   * step fell on one frame or none, and the offline journey's first punch was refused pose_sequence (stop 32).
   */
  tailMs: 600,
  /** After the click, how long to wait for the live guidance still loading (then the steps run without it). */
  guideWaitMs: 15_000,
  /** The result stays this long, then the kiosk is ready for the next person. */
  resultMs: 6000,
  /** A refusal stays this long unless the person retries. */
  refusalMs: 20_000,
} as const;
