// npm run audit: known vulnerabilities in the production dependencies (`npm audit --omit=dev`).
// Where the registry does not answer the advisory endpoint (an offline or mirrored registry), it says so and
// exits 0: no answer is not a clean bill. Exits 1 when the registry reports high or critical advisories.
import { spawnSync } from 'node:child_process';
import { root } from './lib.mjs';

const run = spawnSync('npm', ['audit', '--omit=dev', '--json'], { cwd: root, encoding: 'utf8', timeout: 120_000 });
let report;
try {
  report = JSON.parse(run.stdout || '{}');
} catch {
  report = {};
}
const counts = report.metadata?.vulnerabilities;
if (!counts) {
  const why = report.message ?? report.error?.summary ?? run.stderr?.trim().split('\n').at(-1) ?? run.error?.message ?? 'no answer';
  console.log(`npm audit: the registry did not answer the advisory check (${why}). Nothing was checked; run it where the public registry is reachable.`);
  process.exit(0);
}
const serious = (counts.high ?? 0) + (counts.critical ?? 0);
console.log(`npm audit (production dependencies): ${JSON.stringify(counts)}`);
for (const [name, v] of Object.entries(report.vulnerabilities ?? {})) {
  if (v.severity === 'high' || v.severity === 'critical') console.log(`  ${v.severity}: ${name} ${v.range ?? ''}`);
}
process.exit(serious > 0 ? 1 : 0);
