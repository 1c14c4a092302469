import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * CI fails on a lint or a type error (issue 20 item 5): `.ci/run` stops at the first failing command and runs
 * `npm run lint` and `npm run typecheck` (every workspace) before `npm test`; Biome and tsc exit non-zero on an error.
 * About the repository, not a database: run once (server-pglite).
 */
const ROOT = new URL('../../../', import.meta.url).pathname;
let probe = '';
afterAll(() => {
  if (probe) rmSync(probe, { recursive: true, force: true });
});

const run = (cmd: string, args: string[]) => spawnSync(cmd, args, { cwd: ROOT, encoding: 'utf8', timeout: 120_000 });

describe.skipIf(process.env.TEST_DB === 'postgres')('.ci/run fails on a lint or type error', { timeout: 150_000 }, () => {
  it('stops at the first failure and checks lint and every workspace type before the tests', () => {
    const script = readFileSync(join(ROOT, '.ci/run'), 'utf8');
    expect(script).toMatch(/^set -euo pipefail$/m);
    const at = (line: string) => script.split('\n').findIndex((l) => l.trim() === line);
    expect(at('npm run lint')).toBeGreaterThan(0);
    expect(at('npm run typecheck')).toBeGreaterThan(at('npm run lint'));
    expect(at('npm test')).toBeGreaterThan(at('npm run typecheck'));
    const scripts = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts as Record<string, string>;
    expect(scripts.lint).toBe('biome check .');
    for (const workspace of ['packages/shared', 'apps/server', 'apps/web', 'e2e', 'bench']) expect(scripts.typecheck).toContain(`tsc -p ${workspace}`);
    // A script that fails under `set -e` ends the run with its exit code.
    expect(spawnSync('bash', ['-c', 'set -euo pipefail; false; echo reached'], { encoding: 'utf8' })).toMatchObject({ status: 1, stdout: '' });
  });

  it('Biome exits non-zero on a lint error, tsc on a type error', () => {
    probe = mkdtempSync(join(ROOT, 'apps/server/.ci-probe-'));
    const lint = join(probe, 'lint.ts');
    writeFileSync(lint, 'export function f(a: number) {\n  if (a == 1) debugger;\n  return a;\n}\n');
    const biome = run('npx', ['biome', 'check', lint]);
    expect(biome.status, biome.stdout + biome.stderr).not.toBe(0);

    const types = join(probe, 'types.ts');
    writeFileSync(types, "export const n: number = 'not a number';\n");
    const tsc = run('npx', ['tsc', '--noEmit', '--strict', types]);
    expect(tsc.status).not.toBe(0);
    expect(tsc.stdout).toContain('TS2322');
  });
});
