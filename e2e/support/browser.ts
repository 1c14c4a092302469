import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { artifactsDir } from './server.js';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync', '--disable-quic'];

export async function launch(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: [...ARGS, ...extraArgs] });
}

/** A fresh browser profile (no cookies, no storage) in Spanish unless told otherwise. */
export async function newContext(browser: Browser, baseURL: string, opts: { locale?: string; mobile?: boolean } = {}): Promise<BrowserContext> {
  return browser.newContext({
    baseURL,
    locale: opts.locale ?? 'es-PE',
    viewport: opts.mobile ? { width: 390, height: 844 } : { width: 1280, height: 800 },
  });
}

/** Saves a screenshot under e2e/artifacts/screens for people to look at. */
export async function shot(page: Page, name: string) {
  const dir = join(artifactsDir, 'screens');
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true });
}

/** Mails the server wrote to its outbox (DATA_DIR/outbox/*.json), newest last. */
export function outbox(dataDir: string): { to: string; subject: string; text: string; links?: string[] }[] {
  const dir = join(dataDir, 'outbox');
  let files: string[] = [];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.json')).sort();
  } catch {
    return [];
  }
  return files.map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')));
}

export async function waitForMail(dataDir: string, to: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const mail = outbox(dataDir).filter((m) => m.to === to).at(-1);
    if (mail) return mail;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
}
