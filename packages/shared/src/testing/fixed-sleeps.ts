/**
 * Finds fixed sleeps in test code (issue 21 item 5, decision 0064): a test must wait for an event or poll within
 * a bound (`@presente/shared/testing`), never sleep a fixed time to prove that something did not happen. A line
 * is a finding when it calls `setTimeout(`, `setInterval(`, `waitForTimeout(` or a bare `sleep(` / `delay(`,
 * unless it, or the line above it, says `fixed-wait-allowed: <the reason>` (the rare justified case).
 */
const TIMER = /\b(setTimeout|setInterval|waitForTimeout)\s*\(|(?<![\w.$])(sleep|delay)\s*\(/;
const ALLOWED = /fixed-wait-allowed:\s*\S/;

export interface SleepFinding {
  line: number;
  text: string;
}

export function fixedSleeps(source: string): SleepFinding[] {
  const lines = source.split('\n');
  const found: SleepFinding[] = [];
  for (const [i, raw] of lines.entries()) {
    const code = raw.replace(/\/\/.*$/, '');
    if (/^\s*(\*|\/\*)/.test(raw) || !TIMER.test(code)) continue;
    if (ALLOWED.test(raw) || ALLOWED.test(lines[i - 1] ?? '')) continue;
    found.push({ line: i + 1, text: raw.trim() });
  }
  return found;
}

/** Test files: unit, component and API tests, and the e2e journeys. */
export const TEST_FILE = /\.(test\.tsx?|e2e\.ts)$/;
