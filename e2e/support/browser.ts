import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { artifactsDir } from './server.js';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-quic',
];

export async function launch(extraArgs: string[] = []): Promise<Browser> {
  // A missing browser fails the journey with what to do, on CI and off it (never a skip, issue 21 item 4).
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}: install it or set CHROMIUM_PATH; the journeys need a real browser`);
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: [...ARGS, ...extraArgs] });
}

/** A fresh browser profile (no cookies, no storage) in Spanish unless told otherwise. */
export async function newContext(browser: Browser, baseURL: string, opts: { locale?: string; mobile?: boolean } = {}): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL,
    locale: opts.locale ?? 'es-PE',
    viewport: opts.mobile ? { width: 390, height: 844 } : { width: 1280, height: 800 },
    ...(opts.mobile ? { isMobile: true, hasTouch: true } : {}),
  });
  // Generous but bounded: a 2-core machine runs two servers and Chromium at once.
  context.setDefaultTimeout(15_000);
  context.setDefaultNavigationTimeout(20_000);
  return context;
}

/** Saves a screenshot under e2e/artifacts/screens for people to look at. */
export async function shot(page: Page, name: string) {
  const dir = join(artifactsDir, 'screens');
  mkdirSync(dir, { recursive: true });
  // Let opening menus, drawers and toasts finish their transitions so the picture shows the end state.
  await page
    .waitForFunction(
      () => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Number.POSITIVE_INFINITY),
      undefined,
      { timeout: 3_000 },
    )
    .catch(() => {});
  // A full-page picture is drawn at the current scroll; sticky panels look misplaced unless at the top.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true });
}

/** Mails the server wrote to its outbox (DATA_DIR/outbox/*.json), newest last. */
export function outbox(dataDir: string): { to: string; subject: string; text: string; links?: string[] }[] {
  const dir = join(dataDir, 'outbox');
  let files: string[] = [];
  try {
    files = readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .sort();
  } catch {
    return [];
  }
  const mails: { to: string; subject: string; text: string; links?: string[] }[] = [];
  for (const f of files) {
    try {
      mails.push(JSON.parse(readFileSync(join(dir, f), 'utf8')));
    } catch {
      // Being written right now: it will be read on the next look.
    }
  }
  return mails;
}

export async function waitForMail(dataDir: string, to: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const mail = outbox(dataDir)
      .filter((m) => m.to.toLowerCase() === to.toLowerCase())
      .at(-1);
    if (mail) return mail;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
}
