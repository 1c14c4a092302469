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

// Moves the clock, waits (bounded) until the main thread reads the move, starts a worker thread (which runs the preload
// too) and reports what each thread reads and what the file holds afterwards.
const SCRIPT = `
import { Worker } from 'node:worker_threads';
import { readFileSync, writeFileSync } from 'node:fs';
const file = process.env.E2E_CLOCK_FILE;
const offset = () => Math.round((Date.now() - performance.timeOrigin - performance.now()) / 60_000);
writeFileSync(file, String(-2 * 3600_000));
const deadline = performance.now() + 5000;
while (offset() !== -120 && performance.now() < deadline) await new Promise((r) => setImmediate(r));
const moved = offset();
const body = 'import { parentPort } from "node:worker_threads"; parentPort.postMessage(Math.round((Date.now() - performance.timeOrigin - performance.now()) / 60000));';
const worker = new Worker(new URL('data:text/javascript,' + encodeURIComponent(body)));
const inWorker = await new Promise((r) => worker.on('message', r));
await worker.terminate();
console.log(JSON.stringify({ moved, inWorker, file: readFileSync(file, 'utf8').trim() }));
`;

describe('the journeys’ server clock', () => {
  it('keeps the main thread’s moved clock when a worker thread starts after the move', async () => {
    const env = serverClockEnv(dir);
    const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', SCRIPT], { env: { ...process.env, ...env } });
    const read = JSON.parse(stdout.trim().split('\n').at(-1)!) as { moved: number; inWorker: number; file: string };
    expect(read.moved).toBe(-120);
    // The worker reads the move, and the file still holds it (the old preload wrote 0 in the worker: the main
    // thread's clock then jumped back to the real time).
    expect(read.inWorker).toBe(-120);
    expect(read.file).toBe(String(-2 * 3600_000));
  });
});
