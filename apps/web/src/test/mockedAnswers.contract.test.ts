import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Web tests mock server answers only through `mockAnswer(schema, value)` / `mockRefusal(status, code, message)`
 * (apps/web/src/test/answers.ts, issue 21 item 6, decision 0064), so an answer the server can no longer send fails
 * the test that mocks it. A raw answer (`{ body: ... }` in a route table, or a hand-built `new Response(...)`) is
 * untyped and unchecked: it fails here with its file and line, so the count of raw mocks cannot grow back.
 *
 * Scanned: every `*.test.ts(x)` under apps/web/src and every file in a `test/` folder (fixtures build answers too).
 * A line that truly needs a raw body (the api client's own tests read malformed answers, a request body) says so
 * on the line or the line above: `// raw-answer-allowed: <reason>` (a reason is required).
 */
const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The transport and the typed builders themselves: the one home of a raw body. */
const HOME = new Set(['test/renderApp.tsx', 'test/answers.ts']);

/**
 * Files still being rewritten by other work (left for later): they may keep their raw answers until converted.
 * It can only shrink: an entry with no raw answer left, or gone, fails too. Empty since every web test was
 * converted (issue 21 item 6): a new raw answer fails at once.
 */
const PENDING: string[] = [];

const RAW = /\bbody\s*:|new Response\(/;
const ALLOWED = /\/\/ raw-answer-allowed: \S/;

function testFiles(dir: string, inTestFolder = false): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return testFiles(path, inTestFolder || e.name === 'test');
    return /\.tsx?$/.test(e.name) && (inTestFolder || /\.test\.tsx?$/.test(e.name)) ? [path] : [];
  });
}

/** `file:line: text` of every raw answer in a source text. */
export function rawAnswers(name: string, text: string): string[] {
  const lines = text.split('\n');
  return lines.flatMap((line, i) => {
    if (!RAW.test(line) || ALLOWED.test(line) || ALLOWED.test(lines[i - 1] ?? '')) return [];
    return [`${name}:${i + 1}: ${line.trim()}`];
  });
}

const files = testFiles(SRC)
  .map((path) => relative(SRC, path))
  .filter((name) => !HOME.has(name) && name !== 'test/mockedAnswers.contract.test.ts');
const rawOf = (name: string) => rawAnswers(name, readFileSync(join(SRC, name), 'utf8'));

describe('web tests mock answers through their schemas', () => {
  it('finds the web test files', () => {
    expect(files.length).toBeGreaterThan(60);
  });

  it('no web test mocks an answer without mockAnswer / mockRefusal (unless pending)', () => {
    const offenders = files.filter((f) => !PENDING.includes(f)).flatMap(rawOf);
    expect(offenders).toEqual([]);
  });

  it('the pending list only shrinks: no entry is converted by now, or gone', () => {
    const stale = PENDING.filter((f) => !files.includes(f) || rawOf(f).length === 0);
    expect(stale, 'converted or removed: delete these from PENDING').toEqual([]);
  });

  it('the detector catches a raw answer, a hand-built Response and a bare allow comment; it passes a typed one', () => {
    const probe = [
      "'GET /api/x': { body: { data: 1 } },",
      "'GET /api/y': mockAnswer(dataAnswer(z.number()), { data: 1 }),",
      'vi.fn(async () => new Response("{}")),',
      '// raw-answer-allowed:',
      "'GET /api/z': { status: 500, body: {} },",
      '// raw-answer-allowed: the client reads a malformed answer',
      "jsonResponse(200, '<html>'), body: 'x',",
    ].join('\n');
    expect(rawAnswers('probe.test.ts', probe)).toEqual([
      "probe.test.ts:1: 'GET /api/x': { body: { data: 1 } },",
      'probe.test.ts:3: vi.fn(async () => new Response("{}")),',
      "probe.test.ts:5: 'GET /api/z': { status: 500, body: {} },",
    ]);
  });
});
