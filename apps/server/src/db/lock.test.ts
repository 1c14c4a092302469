/**
 * The DATA_DIR lock (decision 0028): a lock whose pid is alive but belongs to a process started at another time
 * than recorded (the pid was reused after a crash or a reboot) is stale and taken over; a lock naming a live
 * process with its true start time refuses start-up with a clear message.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { lockDataDir, lockOwnerPath, processStartTime } from './client.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
/** A DATA_DIR whose lock names `pid` and records `startTime` (as a crashed server would leave it). */
function staleDir(pid: number, startTime?: string | null): string {
  const dir = mkdtempSync(join(tmpdir(), 'presente-lock-'));
  dirs.push(dir);
  writeFileSync(join(dir, 'presente.lock'), String(pid));
  if (startTime !== undefined) writeFileSync(lockOwnerPath(join(dir, 'presente.lock')), JSON.stringify({ pid, startTime }));
  return dir;
}

describe('DATA_DIR lock', () => {
  it('knows when a process started, and tells two processes apart', () => {
    const own = processStartTime(process.pid);
    expect(own).toMatch(/\S/);
    expect(processStartTime(process.pid)).toBe(own);
    expect(processStartTime(2 ** 22 + 12345)).toBeNull();
  });

  for (const [who, pid] of [
    ['the test runner’s parent', process.ppid],
    ['PID 1', 1],
  ] as const) {
    it(`takes over a lock naming ${who} (alive) with another start time: the pid was reused`, () => {
      const dir = staleDir(pid, '12345');
      expect(processStartTime(pid)).not.toBe('12345');
      const unlock = lockDataDir(dir);
      expect(Number(readFileSync(join(dir, 'presente.lock'), 'utf8'))).toBe(process.pid);
      expect(JSON.parse(readFileSync(lockOwnerPath(join(dir, 'presente.lock')), 'utf8'))).toEqual({
        pid: process.pid,
        startTime: processStartTime(process.pid),
      });
      unlock();
      expect(existsSync(join(dir, 'presente.lock'))).toBe(false);
      expect(existsSync(lockOwnerPath(join(dir, 'presente.lock')))).toBe(false);
    });
  }

  it('refuses a lock naming a live process with its true start time, saying which and how to fix it', () => {
    const pid = process.ppid;
    const dir = staleDir(pid, processStartTime(pid));
    expect(() => lockDataDir(dir)).toThrow(
      new RegExp(`DATA_DIR .* is in use by another Presente process \\(pid ${pid}, started ${processStartTime(pid)}\\)\\. Stop it or use another DATA_DIR`),
    );
    expect(readFileSync(join(dir, 'presente.lock'), 'utf8')).toBe(String(pid));
  });

  it('an older lock without a start time is trusted while its pid lives; a dead pid is taken over', () => {
    expect(() => lockDataDir(staleDir(process.ppid))).toThrow(/in use by another Presente process/);
    const dead = staleDir(2 ** 22 + 12345, '1');
    lockDataDir(dead)();
  });
});
