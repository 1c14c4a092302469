/**
 * The kiosk's random challenge with non-rigid steps (issue 17 item 2, decision 0060): 3-4 steps drawn without
 * repetition from turn left, turn right, look up, look down, blink, smile and open the mouth, at least one of them not
 * a head rotation (a still photo or its mirror image can be turned or tilted, it cannot blink or smile). The server
 * judges each step across the burst's frames (events.ts for the non-rigid steps and the nods), never from one frame.
 * The kiosk's challenges come from here since decision 0063.
 */
import { randomInt } from 'node:crypto';
import { type ChallengeStep, NON_ROTATION_STEPS } from '@presente/shared';

/**
 * The steps a new challenge draws from ('straight' is where every burst starts, not a step of its own). No blink: the
 * server's engine runs without Human's iris model, and without it a blink is seen in 27 % of genuine bursts and cannot
 * be told from a waved print (decision 0060); smile and open mouth are judged 100 %, so every challenge has one of them.
 * No nods either (decision 0063, amended): the nose-offset judge saw 62-77 % of genuine nods down, and the face journey's
 * rendered head was refused on a "down" step; a nod is weak evidence anyway (a photo swapped for one looking up reads
 * as a nod). Their judges stay registered (STEP_JUDGES) for when they are calibrated.
 */
export const CHALLENGE_STEPS: readonly ChallengeStep[] = ['left', 'right', 'smile', 'mouth'];

export interface ChallengeOptions {
  /** An integer in [0, n): crypto's by default (tests inject a seeded one). */
  randomInt?: (n: number) => number;
  minSteps?: number;
  maxSteps?: number;
}

/** A fresh random challenge: 3-4 distinct steps, at least one non-rotation step, in random order. */
export function randomStepChallenge(opts: ChallengeOptions = {}): ChallengeStep[] {
  const pick = opts.randomInt ?? ((n: number) => randomInt(n));
  const [min, max] = [opts.minSteps ?? 3, opts.maxSteps ?? 4];
  const count = min + pick(max - min + 1);
  // One non-rotation step first (so the rule always holds), the rest from what is left, then shuffled.
  const moves = NON_ROTATION_STEPS.filter((s) => CHALLENGE_STEPS.includes(s));
  const steps: ChallengeStep[] = [moves[pick(moves.length)]];
  const rest = CHALLENGE_STEPS.filter((s) => s !== steps[0]);
  while (steps.length < count) steps.push(rest.splice(pick(rest.length), 1)[0]);
  for (let i = steps.length - 1; i > 0; i--) {
    const j = pick(i + 1);
    [steps[i], steps[j]] = [steps[j], steps[i]];
  }
  return steps;
}
