import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { artifactsDir } from './server.js';

/** WCAG 2.1 A and AA, what issue 16 asks of every page. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
const BLOCKING = new Set(['critical', 'serious']);

export interface AxeSummary {
  /** Critical and serious violations: a test fails on any. */
  blocking: string[];
  /** Moderate and minor ones, listed for people (artifacts/axe/<name>.json) but not failing. */
  advisory: string[];
}

interface Violation {
  id: string;
  impact?: string | null;
  help: string;
  nodes: { target: unknown[]; any: { message: string }[] }[];
}

function describeViolation(v: Violation): string {
  // The element and why (for contrast: the ratio and both colours).
  const where = v.nodes
    .slice(0, 5)
    .map((n) => `${n.target.join(' ')}${n.any[0] ? ` [${n.any[0].message}]` : ''}`)
    .join(' | ');
  return `${v.impact} ${v.id}: ${v.help} (${v.nodes.length}×: ${where}${v.nodes.length > 5 ? ' …' : ''})`;
}

/**
 * Runs axe-core on the page as it is now and throws when it finds a critical or serious violation,
 * listing each with the elements it found it on. Moderate ones are written to artifacts/axe/<name>.json.
 */
export async function expectAccessible(page: Page, name: string, opts: { exclude?: string[] } = {}): Promise<AxeSummary> {
  // A dialog or menu still fading in blends its colours with the page: judge the end state.
  await page
    .waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity), null, {
      timeout: 3_000,
    })
    .catch(() => {});
  // Label in name (WCAG 2.5.3, level A) is one of axe's experimental rules, off unless asked for: the issue found the
  // user menu's and the phone calendar's day buttons failing it, so every page is checked for it (decision 0050).
  let builder = new AxeBuilder({ page }).withTags(TAGS).options({ rules: { 'label-content-name-mismatch': { enabled: true } } });
  for (const selector of opts.exclude ?? []) builder = builder.exclude(selector);
  const results = await builder.analyze();
  const blocking = results.violations.filter((v) => BLOCKING.has(v.impact ?? '')).map(describeViolation);
  const advisory = results.violations.filter((v) => !BLOCKING.has(v.impact ?? '')).map(describeViolation);
  const dir = join(artifactsDir, 'axe');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `${name}.json`), JSON.stringify({ url: page.url(), blocking, advisory }, null, 2));
  // AXE_REPORT_ONLY=1 records every page without failing (an audit of an older build, WEB_DIST=...).
  if (blocking.length > 0 && process.env.AXE_REPORT_ONLY !== '1')
    throw new Error(`axe found ${blocking.length} critical/serious violation(s) on ${name} (${page.url()}):\n${blocking.join('\n')}`);
  return { blocking, advisory };
}
