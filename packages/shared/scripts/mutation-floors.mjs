// Prints the mutation score of each file from Stryker's JSON report and fails under the floors (issue 21):
// `node scripts/mutation-floors.mjs reports/mutation/mutation-fast.json [--floor N]`.
// Score = detected (killed + timed out) / (detected + survived + no coverage); mutants marked in the source
// with `// Stryker disable …: reason` (equivalent: nothing observable changes) are left out, as Stryker does.
import { readFileSync } from 'node:fs';

/** The floor per file (percent); files not listed are printed without one. */
export const FLOORS = {
  'src/attendance/rules.ts': 90,
  'src/attendance/time.ts': 90,
  'src/attendance/judge.ts': 90,
  'src/attendance/periods.ts': 90,
};

const file = process.argv[2] ?? 'reports/mutation/mutation.json';
/** `--floor N`: the floor of the files FLOORS does not list (the server services' run: 80). */
const floorAt = process.argv.indexOf('--floor');
const defaultFloor = floorAt > 0 ? Number(process.argv[floorAt + 1]) : undefined;
const report = JSON.parse(readFileSync(file, 'utf8'));
const rows = [];
let failed = false;
for (const [path, { mutants }] of Object.entries(report.files)) {
  const n = (s) => mutants.filter((m) => m.status === s).length;
  const detected = n('Killed') + n('Timeout');
  const valid = detected + n('Survived') + n('NoCoverage');
  const score = valid === 0 ? 100 : (detected / valid) * 100;
  const floor = FLOORS[path] ?? defaultFloor;
  const below = floor !== undefined && score < floor;
  failed ||= below;
  rows.push([
    path,
    mutants.length,
    detected,
    n('Survived'),
    n('NoCoverage'),
    n('Ignored'),
    `${score.toFixed(1)} %`,
    floor === undefined ? '' : `${floor} %${below ? '  BELOW' : ''}`,
  ]);
}
const head = ['file', 'mutants', 'killed', 'survived', 'no cover', 'marked', 'score', 'floor'];
const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
for (const r of [head, ...rows]) console.log(r.map((c, i) => (i === 0 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join('  '));
if (failed) {
  console.error('\nA file is below its mutation floor: kill its survivors with tests, or mark the equivalent ones with the reason.');
  process.exit(1);
}
