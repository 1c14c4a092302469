/**
 * How far a head must turn for the server to see a turn: people differ (Human reads 0.45-0.75 of the rendered
 * angle on the fixture heads, decision 0040), and a person at a kiosk turns until the screen says so. The
 * smallest of `angles` whose renders to both sides the engine reads at least `minYaw` (the server's turn
 * threshold plus a margin) is the head's turn; the largest when none does.
 */
import type { Analysis } from '../../../apps/server/src/face/engine.js';
import { LIVENESS } from '../../../apps/server/src/face/liveness.js';
import { type HeadRenderer, jpegOf } from './render.js';
import { NEUTRAL } from './script.js';

export async function calibrateTurn(
  renderer: HeadRenderer,
  analyze: (jpeg: Buffer) => Promise<Analysis>,
  { angles = [20, 25, 30, 35, 40, 45], minYaw = LIVENESS.turnMinYaw + 3 } = {},
): Promise<{ turn: number; engineYaw: [number, number] }> {
  let last: [number, number] = [0, 0];
  for (const turn of angles) {
    const seen = await Promise.all(
      [turn, -turn].map(async (yaw) => (await analyze(await jpegOf(await renderer.render({ ...NEUTRAL, yaw })))).faces[0]?.yaw ?? 0),
    );
    last = [seen[0], seen[1]];
    if (seen[0] >= minYaw && seen[1] <= -minYaw) return { turn, engineYaw: last };
  }
  return { turn: angles[angles.length - 1], engineYaw: last };
}
