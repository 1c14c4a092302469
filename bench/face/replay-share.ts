/**
 * How much of a genuine burst looks like frames accepted earlier the same day, against a replayed burst (decision 0033's
 * perceptual frame hashes; stop 37). The attack bench at N=150 refused 95 genuine marks `frame_replayed`: the rendered
 * heads come back to the same kiosk, before the same wall, in the same light, as people do every day. For each
 * rendered head, `--bursts` genuine bursts (random challenges, the head's own place and light each time) in order: the
 * share of each burst's frames within FRAME_HASH.maxShare of a frame of an EARLIER burst (any head: one company), and
 * the same share for the burst re-encoded (attack-suite's ALTERATIONS, the `replayed_burst` species).
 *   npx tsx bench/face/replay-share.ts --fixtures /work/shared/faces [--bursts 8]
 * Prints one JSON line: the sorted shares of both kinds, and how many of each a rule "refuse when at least this share
 * of the frames was seen" would refuse, for a few shares.
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { randomStepChallenge } from '../../apps/server/src/face/challenge.js';
import { FRAME_HASH, frameHash, hashDistance, judgedFrames } from '../../apps/server/src/modules/face/frame-hashes.js';
import { renderedSource } from './attack-source.js';
import { seeded } from './photo-attacks.js';

const { values } = parseArgs({ options: { fixtures: { type: 'string' }, bursts: { type: 'string', default: '8' } } });
const fixtures = values.fixtures ?? process.env.FACE_FIXTURES_DIR;
if (!fixtures) throw new Error('--fixtures DIR');
const random = seeded(37);
const started = performance.now();
const source = await renderedSource(fixtures, random);
const known: string[] = [];
const seenShare = (hashes: string[]) => hashes.filter((h) => known.some((k) => hashDistance(h, k) < FRAME_HASH.maxShare)).length / hashes.length;
const r2 = (n: number) => Math.round(n * 100) / 100;
const genuine: number[] = [];
const replayed: number[] = [];
/**
 * The same shares over the frames a replay is judged on (frame-hashes.ts `judgedFrames`, decision 0087) at a few
 * thresholds of motion: a still person matches an earlier visit's still frames; a replay matches in its motion too.
 */
const MOVES = [0.06, FRAME_HASH.moveShare, 0.15];
const movingShares = (hashes: string[]) => MOVES.map((move) => r2(seenShare(judgedFrames(hashes, move).map((i) => hashes[i]))));
const genuineMoving: number[][] = MOVES.map(() => []);
const replayedMoving: number[][] = MOVES.map(() => []);
const steps: number[] = [];
for (let i = 0; i < Number(values.bursts); i++)
  for (const person of source.people) {
    const frames = await source.genuine(person, randomStepChallenge(), i);
    const hashes = await Promise.all(frames.map((f) => frameHash(f)));
    genuine.push(r2(seenShare(hashes)));
    for (const [k, share] of movingShares(hashes).entries()) genuineMoving[k].push(share);
    steps.push(...hashes.slice(1).map((h, k) => r2(hashDistance(h, hashes[k]))));
    known.push(...hashes);
    const again = await source.altered(frames, person, [], i);
    const againHashes = await Promise.all(again.map((f) => frameHash(f)));
    replayed.push(r2(seenShare(againHashes)));
    for (const [k, share] of movingShares(againHashes).entries()) replayedMoving[k].push(share);
    console.error(`${person} #${i}: genuine ${genuine.at(-1)}, replayed ${replayed.at(-1)}`);
  }
await source.close();
const sorted = (a: number[]) => [...a].sort((x, y) => x - y);
const refusedAt = (share: number) => ({
  share,
  genuine: genuine.filter((s) => s >= share && s > 0).length,
  replayed: replayed.filter((s) => s >= share && s > 0).length,
});
console.log(
  JSON.stringify({
    bench: 'replay-share',
    bursts: genuine.length,
    genuine: sorted(genuine),
    replayed: sorted(replayed),
    rules: [1 / 24, 0.25, 0.5, 0.75].map((s) => refusedAt(r2(s))),
    // Neighbouring frames' hash distances in genuine bursts (deciles), and the moving frames' rule at 75 %.
    steps: [0.1, 0.25, 0.5, 0.75, 0.9].map((q) => sorted(steps)[Math.floor(q * steps.length)]),
    moving: MOVES.map((move, k) => ({
      move,
      genuineRefused: genuineMoving[k].filter((s) => s >= FRAME_HASH.replayShare).length,
      replayedRefused: replayedMoving[k].filter((s) => s >= FRAME_HASH.replayShare).length,
      genuine: sorted(genuineMoving[k]),
      replayed: sorted(replayedMoving[k]),
    })),
    seconds: Math.round((performance.now() - started) / 1000),
    load: loadavg().map((l) => Math.round(l * 100) / 100),
  }),
);
