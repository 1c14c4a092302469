import { appendFileSync, existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { artifactsDir } from './server.js';

/** The run's timings, one JSON line each (e2e/artifacts/timings.jsonl), printed together when the run ends. */
const FILE = join(artifactsDir, 'timings.jsonl');

export interface Timing {
  name: string;
  ms: number;
  note?: string;
}

/** Records a figure a person would notice (click to result, realtime delay) and prints it at once. */
export function timing(name: string, ms: number, note?: string): void {
  console.info(`timing: ${name}: ${ms} ms${note ? ` (${note})` : ''}`);
  appendFileSync(FILE, `${JSON.stringify({ name, ms, note } satisfies Timing)}\n`);
}

/** Global set-up: a run starts with no figures of an earlier one. */
export function resetTimings(): void {
  rmSync(FILE, { force: true });
}

/** Global teardown: the run's figures as one block, so they land in the run's log (walk-through finding 26). */
export function printTimings(): Timing[] {
  if (!existsSync(FILE)) return [];
  const all = readFileSync(FILE, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Timing);
  if (all.length) console.info(['e2e timings:', ...all.map((t) => `  ${t.name}: ${t.ms} ms${t.note ? ` (${t.note})` : ''}`)].join('\n'));
  return all;
}
