import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { serverClockEnv } from '../support/server-clock.js';

/**
 * The journeys' server clock (server-clock.mjs) stays where the test moved it when the server starts a worker thread
 * afterwards. Node runs the preload again in each worker; the face pool's workers used to write 0 over the move, so the
 * server's clock jumped forward by it and face.e2e.ts's registration was refused `captcha_expired` (2 of 9 runs in
 * stop 37, and decision 0073's setup failure).
 */
const dir = mkdtempSync(join(tmpdir(), 'presente-clock-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const SCRIPT = `
import { Worker } from 'node:worker_threads';
import { writeFileSync } from 'node:fs';
const MOVE = -2 * 3600_000;
const offset = () => Math.round((Date.now() - performance.timeOrigin - performance.now()) / 60_000);
writeFileSync(process.env.E2E_CLOCK_FILE, String(MOVE));
const until = async (ok) => { for (let i = 0; i < 200 && !ok(); i++) await new Promise((r) => setTimeout(r, 10)); };
await until(() => offset() === -120);
const moved = offset();
const w2 = new Worker(new URL('data:text/javascript,' + encodeURIComponent('import { parentPort } from "node:worker_threads"; parentPort.postMessage(Math.round((Date.now() - performance.timeOrigin - performance.now()) / 60000));')));
const inFileWorker = await new Promise((r) => w2.on('message', r));
await w2.terminate();
await new Promise((r) => setTimeout(r, 300));
console.log(JSON.stringify({ moved, inFileWorker, after: offset() }));
`;

describe('the journeys’ server clock', () => {
  it('keeps the main thread’s moved clock when a worker thread starts after the move', async () => {
    const env = serverClockEnv(dir);
    const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', SCRIPT], { env: { ...process.env, ...env } });
    const read = JSON.parse(stdout.trim().split('\n').at(-1)!) as { moved: number; inFileWorker: number; after: number };
    expect(read.moved).toBe(-120);
    // A worker loaded from a module runs the preload: it reads the move and leaves the file alone.
    expect(read.inFileWorker).toBe(-120);
    expect(read.after).toBe(-120);
  });
});
