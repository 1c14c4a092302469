import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { E2E_SOLO, ISOLATED_TESTS, SOLO_TESTS } from '../../../../scripts/solo-tests.mjs';

const root = resolve(import.meta.dirname, '../../../..');
const serverSrc = resolve(import.meta.dirname, '..');

/**
 * What changes every module of a worker for the files after it (decision 0088): a module mock, a spy (on `Date.now`,
 * on a library), fake timers, a stubbed environment or global. Not `vi.fn()`: a mock function is the test's own.
 */
const WORKER_WIDE = /\bvi\.(mock|doMock|spyOn|useFakeTimers|stubEnv|stubGlobal|setSystemTime)\(|process\.env\.\w+\s*=[^=]|delete process\.env/;

function serverTestFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const path = join(dir, d.name);
    return d.isDirectory() ? serverTestFiles(path) : d.name.endsWith('.test.ts') ? [relative(root, path)] : [];
  });
}

// A scan of the repository's files: the PGlite project runs it (the same on either database).
describe.skipIf(inject('dbKind') === 'postgres')('server test files that share a worker (decision 0088)', () => {
  it('finds a module mock, a spy, fake timers and a written environment; not a mock function or a read', () => {
    const hits = [
      "vi.mock('../attendance/punch.service.js', async () => ({}));",
      "vi.spyOn(Date, 'now').mockReturnValue(now);",
      'vi.useFakeTimers();',
      "vi.stubEnv('TZ', 'UTC');",
      "process.env.TZ = 'UTC';",
      'delete process.env.TZ;',
    ];
    const misses = ['const send = vi.fn();', "const onPostgres = process.env.TEST_DB === 'postgres';", '// vi.mock is not used here'];
    expect(hits.filter((line) => !WORKER_WIDE.test(line))).toEqual([]);
    expect(misses.filter((line) => WORKER_WIDE.test(line))).toEqual([]);
  });

  it('every server test file that changes what its worker sees runs isolated or alone', () => {
    const apart = new Set([...ISOLATED_TESTS, ...SOLO_TESTS]);
    const sharing = serverTestFiles(serverSrc).filter((f) => f !== relative(root, import.meta.filename) && !apart.has(f));
    const offenders = sharing.filter((f) =>
      readFileSync(join(root, f), 'utf8')
        .split('\n')
        .some((line) => WORKER_WIDE.test(line)),
    );
    expect(offenders, 'add these to ISOLATED_TESTS in scripts/solo-tests.mjs').toEqual([]);
    // The list names files that exist (a moved file would otherwise share a worker unnoticed).
    expect(ISOLATED_TESTS.filter((f) => !existsSync(join(root, f)))).toEqual([]);
  });

  it('every e2e journey that drives the puppet head, moves the shared server clock or reads its log runs alone (decision 0089)', () => {
    const e2e = join(root, 'e2e');
    const specs = readdirSync(join(e2e, 'specs')).map((f) => `specs/${f}`);
    const disturbs = /puppet-camera\.js|mainServerClock\(|`server-\$\{main/;
    const offenders = specs.filter((f) => !E2E_SOLO.includes(f) && disturbs.test(readFileSync(join(e2e, f), 'utf8')));
    expect(offenders, 'add these to E2E_SOLO in scripts/solo-tests.mjs').toEqual([]);
    expect(E2E_SOLO.filter((f) => !specs.includes(f))).toEqual([]);
    // Checked against the journeys that do: taking one off the list names it.
    expect(['specs/face.e2e.ts', 'specs/kiosk-offline-punch.e2e.ts'].every((f) => disturbs.test(readFileSync(join(e2e, f), 'utf8')))).toBe(true);
  });
});
