import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fixedSleeps, TEST_FILE } from '@presente/shared/testing';
import { describe, expect, inject, it } from 'vitest';

const root = resolve(import.meta.dirname, '../../../..');
const SKIP = new Set(['node_modules', 'dist', '.git', '.stryker-tmp', 'data', 'reports']);

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    if (SKIP.has(d.name) || d.name.startsWith('.')) return [];
    const path = join(dir, d.name);
    return d.isDirectory() ? testFiles(path) : TEST_FILE.test(d.name) ? [path] : [];
  });
}

// A scan of the repository's files: the PGlite project runs it (the same on either database).
describe.skipIf(inject('dbKind') === 'postgres')('no fixed sleeps in tests (decision 0064)', () => {
  it('finds a sleep, a timer-resolved promise, a Playwright pause and a polling interval; not a deadline helper or a fake clock', () => {
    const source = [
      'await new Promise((r) => setTimeout(r, 150));', // 1
      'await sleep(3_000);', // 2
      'await page.waitForTimeout(500);', // 3
      'const id = setInterval(check, 5);', // 4
      "await within('the answer', answer, 5_000);", // 5
      "await until('ready', probe, { withinMs: 2_000 });", // 6
      'proxy.delay(200); // a slow network, not a wait', // 7
      'clock.advance(100);', // 8
      '// setTimeout(r, 100) in a comment', // 9
      'await delay(10);', // 10
    ].join('\n');
    expect(fixedSleeps(source).map((f) => f.line)).toEqual([1, 2, 3, 4, 10]);
  });

  it('accepts the rare justified case with its reason, on the line or the line above; not without a reason', () => {
    expect(fixedSleeps('await sleep(10); // fixed-wait-allowed: the subject is a timer')).toEqual([]);
    expect(fixedSleeps('// fixed-wait-allowed: the subject is a timer\nawait sleep(10);')).toEqual([]);
    expect(fixedSleeps('await sleep(10); // fixed-wait-allowed:')).toHaveLength(1);
  });

  it('no test file of the repository sleeps a fixed time', () => {
    // This file's own samples above are the only sleeps it may hold.
    const files = testFiles(root).filter((file) => file !== import.meta.filename);
    expect(files.length).toBeGreaterThan(100);
    const findings = files.flatMap((file) => fixedSleeps(readFileSync(file, 'utf8')).map((f) => `${relative(root, file)}:${f.line}  ${f.text}`));
    expect(findings, 'wait for an event or poll within a bound (@presente/shared/testing: gate, barrier, until, within)').toEqual([]);
  });
});
