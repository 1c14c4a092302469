// `npm run test:mutation`: every mutation run of issue 21, one after the other, each printing its score per file and
// failing under its floor (scripts/mutation-floors.mjs of packages/shared). A run that fails does not stop the others;
// the exit code is 1 if any failed. Hours on 2 cores: not part of `npm test`, which runs the fast set (the attendance
// rules, incremental). `node scripts/mutation.mjs <name> ...` runs only those sets.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
/** Each set: its workspace and npm script (decisions 0064, 0077, 0079). */
const SETS = {
  rules: ['packages/shared', 'test:mutation'], // the attendance rules, payroll and the plans; floor 90 % on the rules
  schemas: ['packages/shared', 'test:mutation:schemas'], // the schemas' logic
  punch: ['apps/server', 'test:mutation'], // the punch path and the plan limits; floor 80 %
  kiosk: ['apps/server', 'test:mutation:kiosk'], // the kiosk services; floor 80 %
  'kiosk-units': ['apps/server', 'test:mutation:kiosk-units'], // the kiosk's small checks, against their own tests; floor 80 %
};
const asked = process.argv.slice(2);
const names = asked.length ? asked : Object.keys(SETS);
const failed = [];
for (const name of names) {
  const set = SETS[name];
  if (!set) {
    console.error(`unknown mutation set "${name}" (${Object.keys(SETS).join(', ')})`);
    process.exit(2);
  }
  console.log(`\n=== mutation: ${name} (${set[0]}, npm run ${set[1]}) ===`);
  const r = spawnSync('npm', ['run', set[1]], { cwd: join(root, set[0]), stdio: 'inherit' });
  if (r.status !== 0) failed.push(name);
}
if (failed.length) {
  console.error(`\nmutation sets below their floor or failed: ${failed.join(', ')}`);
  process.exit(1);
}
