// A vitest reporter for `npm test` (scripts/test.mjs): writes what the JSON report leaves out to the file named by
// PRESENTE_RUN_FACTS: the run's unhandled errors (vitest exits 1 on them with every test passed: stop 30's CI
// failed that way and its summary said "0 failed") and each file's duration (the slowest go into the summary, so a
// slow CI says where its time went).
import { writeFileSync } from 'node:fs';

export default class RunFacts {
  onTestRunEnd(testModules, unhandledErrors, reason) {
    const out = process.env.PRESENTE_RUN_FACTS;
    if (!out) return;
    const files = testModules.map((m) => ({
      file: m.moduleId,
      project: m.project.name,
      ms: Math.round(m.diagnostic().duration),
    }));
    const errors = unhandledErrors.map((e) => ({
      name: e?.name ?? 'Error',
      message: String(e?.message ?? e)
        .split('\n')[0]
        .slice(0, 300),
      where: String(e?.stack ?? '')
        .split('\n')
        .find((l) => l.includes('/src/') || l.includes('/specs/') || l.includes('/support/'))
        ?.trim()
        .slice(0, 200),
      test: e?.testName ?? e?.VITEST_TEST_NAME,
      file: e?.VITEST_TEST_PATH,
    }));
    writeFileSync(out, JSON.stringify({ reason, files, errors }));
  }
}
