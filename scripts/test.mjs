// npm test: every test. Unit + API (PGlite and PostgreSQL) + web components, the mutation floors, then the e2e journeys.
import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { buildWebIfNeeded, root, run } from './lib.mjs';
import { e2ePartEnv, PARALLEL_ENV, parallelArgs, soloArgs } from './solo-tests.mjs';

const pgUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
async function postgresAnswers() {
  const client = new pg.Client({ connectionString: pgUrl, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

const projects = ['shared', 'server-pglite', 'web', 'web-node'];
if (await postgresAnswers()) projects.push('server-postgres');
else if (process.env.CI) {
  console.error(`PostgreSQL does not answer at ${pgUrl}; CI must run the database tests on it.`);
  process.exit(1);
} else console.warn(`\n!! PostgreSQL does not answer at ${pgUrl}: database tests run on PGlite only.\n`);

const results = [];
function readFacts(file) {
  try {
    const facts = JSON.parse(readFileSync(file, 'utf8'));
    rmSync(file, { force: true });
    return facts;
  } catch {
    return { files: [], errors: [] };
  }
}
const reportFile = (name) => join(tmpdir(), `presente-vitest-${name}-${process.pid}.json`);
/**
 * A failure in a few lines: its first line (up to 1,200 characters: the face journeys put the server's refusal evidence
 * there), what a Playwright wait was waiting for, and the test file's line it failed at. Stop 31's CI said only
 * "locator.waitFor: Timeout 15000ms exceeded." for a roles journey with a dozen waits.
 */
function briefFailure(message) {
  const lines = String(message ?? '').split('\n');
  const waiting = lines.find((l) => /waiting for /.test(l))?.trim();
  const where = lines.map((l) => /([\w./-]+\.(?:e2e|test)\.tsx?:\d+)/.exec(l)?.[1]).find(Boolean);
  return [lines[0].slice(0, 1200), waiting && `(${waiting.slice(0, 300)})`, where && `at ${where}`].filter(Boolean).join(' ');
}

async function vitest(name, args, env = {}) {
  const started = Date.now();
  const out = reportFile(name);
  const factsFile = reportFile(`${name}-facts`);
  const code = await run(
    'npx',
    ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--reporter=${join(root, 'scripts/vitest-run-facts.mjs')}`, `--outputFile.json=${out}`],
    { env: { ...process.env, ...env, PRESENTE_RUN_FACTS: factsFile } },
  );
  const facts = readFacts(factsFile);
  try {
    const r = JSON.parse(readFileSync(out, 'utf8'));
    // The failures' names go into the summary, the last lines CI keeps, so a red run says what broke.
    const failures = r.testResults.flatMap((file) =>
      file.assertionResults
        .filter((t) => t.status === 'failed')
        .map((t) => `${file.name.replace(`${root}/`, '')} > ${t.fullName}: ${briefFailure(t.failureMessages?.[0])}`),
    );
    for (const file of r.testResults)
      if (file.status === 'failed' && file.assertionResults.every((t) => t.status !== 'failed'))
        failures.push(
          `${file.name.replace(`${root}/`, '')}: ${String(file.message ?? '')
            .split('\n')[0]
            .slice(0, 300)}`,
        );
    // Unhandled errors fail the run with every test passed: name them (and where they came from).
    for (const e of facts.errors)
      failures.push(
        `unhandled ${e.name}: ${e.message}${e.file ? ` (in ${e.file.replace(`${root}/`, '')}${e.test ? ` > ${e.test}` : ''})` : ''}${e.where ? ` at ${e.where}` : ''}`,
      );
    if (code !== 0 && failures.length === 0) failures.push(`vitest exited ${code} with no failed test and no unhandled error reported (see its output above)`);
    results.push({
      name,
      passed: r.numPassedTests,
      failed: r.numFailedTests + facts.errors.length + (code !== 0 && r.numFailedTests === 0 && facts.errors.length === 0 ? 1 : 0),
      skipped: r.numPendingTests + r.numTodoTests,
      failures,
      slowest: facts.files.sort((a, b) => b.ms - a.ms).slice(0, 8),
      totalMs: facts.files.reduce((n, f) => n + f.ms, 0),
      wallMs: Date.now() - started,
    });
    rmSync(out, { force: true });
  } catch {
    results.push({ name, passed: 0, failed: 1, skipped: 0, failures: [`no report from vitest (exit ${code})`], wallMs: Date.now() - started });
  }
  return code;
}

// Unit and API tests on two workers, then the files that time real work alone (scripts/solo-tests.mjs, decision 0078).
const projectArgs = projects.flatMap((p) => ['--project', p]);
// The parallel run adds each server project's isolated part (decision 0088: the rest shares a module graph per worker).
const parallelProjects = [...projectArgs, ...projects.filter((p) => p.startsWith('server-')).flatMap((p) => ['--project', `${p}-isolated`])];
let failed = (await vitest('unit', [...parallelProjects, ...parallelArgs()], PARALLEL_ENV)) !== 0;
if ((await vitest('unit-solo', [...projectArgs, ...soloArgs()])) !== 0) failed = true;
// Mutation floors (issue 21, decision 0064): the incremental Stryker run of the attendance rules
// (packages/shared/mutation/ holds the last results; only mutants whose code or covering tests changed are
// re-tested), failing under the floors of scripts/mutation-floors.mjs. A no-change run measured 56 s (67 s with
// npx) on the shared 2-core machine at load 28; `--no-mutation` leaves it out.
if (!process.argv.includes('--no-mutation')) {
  const started = Date.now();
  const code = await run('npm', ['run', 'test:mutation:fast'], { cwd: join(root, 'packages/shared') });
  results.push({
    name: 'mutation',
    passed: code === 0 ? 1 : 0,
    failed: code === 0 ? 0 : 1,
    skipped: 0,
    failures: code === 0 ? [] : ['mutation: a file of the attendance rules is below its floor (or Stryker failed); see its table above'],
    wallMs: Date.now() - started,
  });
  if (code !== 0) failed = true;
}
if (!process.argv.includes('--no-e2e')) {
  const started = Date.now();
  const built = await buildWebIfNeeded();
  results.push({
    name: 'web build',
    passed: 0,
    failed: built === 0 ? 0 : 1,
    skipped: 0,
    failures: built === 0 ? [] : ['the web build failed'],
    wallMs: Date.now() - started,
  });
  if (built !== 0) failed = true;
  else {
    // The journeys on two workers, then the ones that run alone (decision 0089: the phase used half a core on one worker).
    const e2e = ['--config', join(root, 'e2e/vitest.config.ts')];
    if ((await vitest('e2e', e2e, e2ePartEnv('parallel'))) !== 0) failed = true;
    if ((await vitest('e2e-solo', e2e, e2ePartEnv('solo'))) !== 0) failed = true;
  }
}

const sum = (k) => results.reduce((n, r) => n + r[k], 0);
console.log('\nSummary:');
for (const r of results) {
  // The wall time of each phase (stop 43's CI took 2,735 s and the files' sums did not say where).
  console.log(`  ${r.name}: ${r.passed} passed, ${r.failed} failed, ${r.skipped} skipped (${Math.round(r.wallMs / 1000)} s)`);
  for (const f of r.failures) console.log(`    FAILED ${f}`);
  if (r.slowest?.length)
    console.log(
      `    slowest files (of ${Math.round(r.totalMs / 1000)} s in files): ${r.slowest
        .map((f) => `${f.file.replace(`${root}/`, '')} [${f.project}] ${Math.round(f.ms / 1000)} s`)
        .join('; ')}`,
    );
}
console.log(`${sum('passed')} passed, ${sum('failed')} failed, ${sum('skipped')} skipped`);
process.exit(failed || sum('failed') > 0 ? 1 : 0);
