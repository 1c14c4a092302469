import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
// altcha-lib is the server's ALTCHA library (hoisted to the workspace root): seeding through the API
// solves the same proof of work the browser widget solves.
import { type Challenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';
import { launch, newContext, waitForMail } from './browser.js';
import { artifactsDir } from './server.js';

// ---------------------------------------------------------------------------------------------
// Servers under test
// ---------------------------------------------------------------------------------------------

export interface Target {
  name: 'pglite' | 'postgres';
  /** Human title for describe blocks. */
  title: string;
  /** '' when that server is not running (PostgreSQL not answering): its journeys are skipped. */
  baseUrl: string;
  dataDir: string;
}

/** The embedded-database server (always) and the PostgreSQL one (when global setup could start it). */
export function targets(): Target[] {
  const pgUrl = inject('pgBaseUrl');
  return [
    { name: 'pglite', title: 'on PGlite (embedded)', baseUrl: inject('baseUrl'), dataDir: inject('dataDir') },
    {
      name: 'postgres',
      title: pgUrl ? 'on PostgreSQL' : 'on PostgreSQL: SKIPPED, no PostgreSQL answered at 127.0.0.1:5432 (TEST_DATABASE_URL)',
      baseUrl: pgUrl,
      dataDir: inject('pgDataDir'),
    },
  ];
}

/** The shared embedded-database server's clock (server-clock.ts): a journey that moves it puts it back to 0. */
export function mainServerClock(): Record<string, string> {
  return { E2E_CLOCK_FILE: inject('mainClockFile') };
}

/** The embedded-database server: the one journeys use unless they run on both. */
export function mainTarget(): Target {
  return targets()[0];
}

// ---------------------------------------------------------------------------------------------
// Unique data per test
// ---------------------------------------------------------------------------------------------

/** A fresh address nobody else in this run (or an earlier run on the same data) has used. */
export function uniqueEmail(tag: string): string {
  return `${tag}-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}@e2e.presente.test`;
}

export function uniqueSuffix(): string {
  return randomBytes(3).toString('hex');
}

let dniSeq = randomBytes(4).readUInt32BE() % 80_000_000;
/** A fresh valid DNI (8 digits, unique in this run): a Peruvian company's worker needs one (decision 0062). */
export function uniqueDni(): string {
  return String(10_000_000 + (++dniSeq % 90_000_000));
}
/** The document fields of a worker of a Peruvian company (the e2e companies register as Peruvian). */
export const withDni = () => ({ documentType: 'DNI', documentNumber: uniqueDni() });

// ---------------------------------------------------------------------------------------------
// API client for seeding (cookie jar, language, ALTCHA solved in Node)
// ---------------------------------------------------------------------------------------------

export interface ApiBody<T> {
  data?: T;
  message?: string;
  code?: string;
  errors?: { path: string; message: string }[];
  [key: string]: unknown;
}

export interface ApiAnswer<T = unknown> {
  status: number;
  body: ApiBody<T>;
}

/** Talks to /api like the web app does: JSON, Accept-Language, and the session cookie it was given. */
export class ApiClient {
  private readonly cookies = new Map<string, string>();

  constructor(
    readonly baseUrl: string,
    readonly lang: 'es' | 'en' = 'es',
  ) {}

  async request<T = unknown>(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<ApiAnswer<T>> {
    const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': this.lang };
    const form = body instanceof FormData;
    if (body !== undefined && !form) headers['Content-Type'] = 'application/json';
    if (this.cookies.size) headers.Cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(`${this.baseUrl}/api${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : form ? body : JSON.stringify(body),
      signal: AbortSignal.timeout(20_000),
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some((a) => /^\s*max-age=0\s*$/i.test(a) || /^\s*expires=thu, 01 jan 1970/i.test(a));
      if (!value || expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as ApiBody<T>) : {} };
  }

  get<T = unknown>(path: string) {
    return this.request<T>('GET', path);
  }

  post<T = unknown>(path: string, body: unknown = {}) {
    return this.request<T>('POST', path, body);
  }

  /** A multipart POST (files), as the browser's FormData sends it. */
  postForm<T = unknown>(path: string, form: FormData) {
    return this.request<T>('POST', path, form);
  }

  /** A solved ALTCHA challenge from this server, as the widget would send it in `turnstileToken`. */
  async captchaToken(): Promise<string> {
    const res = await fetch(`${this.baseUrl}/api/auth/altcha/challenge`, { signal: AbortSignal.timeout(10_000) });
    if (!res.ok) throw new Error(`ALTCHA challenge: HTTP ${res.status}`);
    const challenge = (await res.json()) as Challenge;
    const solution = await solveChallenge({ challenge, deriveKey });
    if (!solution) throw new Error('ALTCHA challenge could not be solved');
    return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  }

  async login(email: string, password: string) {
    const res = await this.post('/auth/login', { email, password, turnstileToken: await this.captchaToken() });
    if (res.status !== 200) throw new Error(`login of ${email} failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data as {
      user: { id: string; role: string; name: string; email: string; companyId: string | null };
      companyConfig: { timezone: string; locale: string };
    };
  }
}

// ---------------------------------------------------------------------------------------------
// Seeding
// ---------------------------------------------------------------------------------------------

export interface RegisteredCompany {
  companyName: string;
  adminName: string;
  adminEmail: string;
  password: string;
}

/** Registers a company with its admin through POST /api/auth/register (as the registration page does). */
export async function registerCompany(baseUrl: string, overrides: Partial<RegisteredCompany> = {}): Promise<RegisteredCompany> {
  const suffix = uniqueSuffix();
  const company: RegisteredCompany = {
    companyName: `Empresa E2E ${suffix}`,
    adminName: `Admin ${suffix} Prueba`,
    adminEmail: uniqueEmail('admin'),
    password: `Clave-${suffix}-2026`,
    ...overrides,
  };
  const api = new ApiClient(baseUrl);
  const res = await api.post('/auth/register', {
    name: company.companyName,
    email: uniqueEmail('empresa'),
    // A valid RUC (SUNAT check digit): required for a Peruvian company (decision 0037).
    ruc: '20100070970',
    country: 'PE',
    timezone: 'America/Lima',
    locale: 'es-PE',
    adminName: company.adminName,
    adminEmail: company.adminEmail,
    password: company.password,
    confirmPassword: company.password,
    turnstileToken: await api.captchaToken(),
  });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
  return company;
}

export interface CreatedEmployee {
  id: string;
  name: string;
  email: string;
  password: string;
}

/**
 * Creates an employee as the company's admin (POST /api/company-admin-simple/employees with the admin's
 * session) and reads the password the product mailed to the employee from the outbox.
 */
export async function createEmployee(
  baseUrl: string,
  dataDir: string,
  admin: { adminEmail: string; password: string },
  /** More fields of the employee form (scheduleId, hireDate, position...). */
  fields: Record<string, unknown> = {},
): Promise<CreatedEmployee> {
  const api = new ApiClient(baseUrl);
  await api.login(admin.adminEmail, admin.password);
  const suffix = uniqueSuffix();
  const employee = { firstName: 'Elena', lastName: `Prueba ${suffix}`, email: uniqueEmail('empleado'), employeeCode: `E2E-${suffix}`, ...withDni(), ...fields };
  const res = await api.post<{ id: string }>('/company-admin-simple/employees', employee);
  if (res.status !== 201) throw new Error(`create employee failed: ${res.status} ${JSON.stringify(res.body)}`);
  const mail = await waitForMail(dataDir, employee.email, 15_000);
  const password = /(?:Contraseña|Password): (\S+)/.exec(mail.text)?.[1];
  if (!password) throw new Error(`no password in the mail to ${employee.email}: ${mail.text}`);
  return { id: res.body.data!.id, name: `${employee.firstName} ${employee.lastName}`, email: employee.email, password };
}

// ---------------------------------------------------------------------------------------------
// Browser per spec file, contexts per test
// ---------------------------------------------------------------------------------------------

export interface BrowserSession {
  /** A fresh profile (no cookies, no storage) on `baseUrl` with one open page. */
  open(baseUrl: string, opts?: { locale?: string; mobile?: boolean }): Promise<{ context: BrowserContext; page: Page }>;
}

/**
 * One Chromium for the spec file; every context a test opens is closed after it. Uncaught errors in
 * the pages fail the test that caused them.
 */
export function useBrowser(): BrowserSession {
  let browser: Browser | undefined;
  let contexts: BrowserContext[] = [];
  let pageErrors: string[] = [];

  beforeAll(async () => {
    browser = await launch();
  });
  afterEach(async (ctx) => {
    const open = contexts;
    contexts = [];
    // A failed journey leaves a picture of every page it had open (e2e/artifacts/failures): what it saw, to find why.
    if (ctx.task.result?.state === 'fail') {
      const name = ctx.task.name.replace(/[^\w-]+/g, '-').slice(0, 80);
      const pages = open.flatMap((c, i) => c.pages().map((p, j) => ({ p, path: join(artifactsDir, 'failures', `${name}-${i}-${j}.png`) })));
      await Promise.all(pages.map(({ p, path }) => p.screenshot({ path, fullPage: true }).catch(() => {})));
    }
    await Promise.all(open.map((c) => c.close().catch(() => {})));
    const errors = pageErrors;
    pageErrors = [];
    expect(errors, 'uncaught errors in the page').toEqual([]);
  });
  afterAll(async () => {
    await browser?.close();
  });

  return {
    async open(baseUrl, opts) {
      if (!browser) throw new Error('browser not launched');
      const context = await newContext(browser, baseUrl, opts);
      contexts.push(context);
      context.on('page', (p) => p.on('pageerror', (err) => pageErrors.push(`${p.url()}: ${err.message}`)));
      const page = await context.newPage();
      return { context, page };
    },
  };
}

// ---------------------------------------------------------------------------------------------
// What the user sees
// ---------------------------------------------------------------------------------------------

/**
 * Waits until the locator is visible (Playwright's auto-wait for Vitest assertions). When it never shows, the error's
 * first line (the one CI's summary keeps) says what the page showed instead: describePage.
 */
export async function see(locator: Locator, timeout?: number): Promise<Locator> {
  try {
    await locator.first().waitFor({ state: 'visible', timeout });
  } catch (error) {
    if (error instanceof Error) {
      const seen = await describePage(locator.page()).catch((e: unknown) => `page not readable: ${String(e).slice(0, 80)}`);
      const [first, ...rest] = error.message.split('\n');
      error.message = [`${first} [the page showed: ${seen}]`, ...rest].join('\n');
    }
    throw error;
  }
  return locator;
}

/**
 * One line on what a page shows: its path, open dialogs and toasts, headings, the focused element and any tour
 * overlay. Failed waits carry it, so a journey that fails once on a loaded machine says why without a rerun.
 */
export async function describePage(page: Page): Promise<string> {
  const seen = await page.evaluate(() => {
    const visible = (e: Element) => {
      const r = e.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && getComputedStyle(e).visibility !== 'hidden';
    };
    const text = (e: Element | null | undefined) => (e?.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 80);
    const all = (selector: string) => [...document.querySelectorAll(selector)].filter(visible);
    const nameOf = (e: Element) => {
      const by = e.getAttribute('aria-labelledby');
      return e.getAttribute('aria-label') ?? (by ? text(document.getElementById(by)) : text(e));
    };
    const focused = document.activeElement;
    return {
      path: `${location.pathname}${location.search}`,
      dialogs: all('[role="dialog"],[role="alertdialog"]').map(nameOf),
      toasts: all('.mantine-Notification-root').map(text),
      headings: all('h1,h2,h3').map(text).slice(0, 6),
      focused: focused && focused !== document.body ? `${focused.tagName.toLowerCase()} "${nameOf(focused)}"` : 'body',
      tour: document.querySelector('.driver-overlay') ? 'tour overlay' : '',
      loading: all('[aria-busy="true"],.mantine-Loader-root').length,
    };
  });
  return [
    `path ${seen.path}`,
    `dialogs ${JSON.stringify(seen.dialogs)}`,
    `toasts ${JSON.stringify(seen.toasts)}`,
    `headings ${JSON.stringify(seen.headings)}`,
    `focused ${seen.focused}`,
    seen.loading ? `${seen.loading} loading` : '',
    seen.tour,
  ]
    .filter(Boolean)
    .join('; ');
}

/** Waits until nothing matching the locator is visible. */
export async function gone(locator: Locator, timeout?: number): Promise<void> {
  await expect.poll(() => locator.filter({ visible: true }).count(), { timeout: timeout ?? 10_000 }).toBe(0);
}

/** Waits for the page to be at `path` (pathname only, or pathname + search when `path` has a '?'). */
export async function atPath(page: Page, path: string, timeout = 15_000): Promise<void> {
  await page.waitForURL((url) => (path.includes('?') ? `${url.pathname}${url.search}` : url.pathname) === path, { timeout });
}

export function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

/** A toast (Mantine notification) with this text. */
export function toast(page: Page, text: string | RegExp): Locator {
  return page.locator('.mantine-Notifications-root').getByText(text);
}

/**
 * Closes every toast with its close button, as a person would. Toasts sit at the top right under the
 * header for 4-7 s (specs/toasts.e2e.ts) and can still hide the top of the page or a message a journey
 * looks for next; closing them lets the journey go on without waiting.
 */
export async function dismissToasts(page: Page): Promise<void> {
  const toasts = page.locator('.mantine-Notifications-root .mantine-Notification-root');
  for (let i = 0; i < 10 && (await toasts.count()) > 0; i++) {
    const handle = await toasts
      .first()
      .elementHandle({ timeout: 2_000 })
      .catch(() => null);
    if (!handle) break;
    await (await handle.$('.mantine-Notification-closeButton'))?.click({ timeout: 2_000 }).catch(() => {});
    await handle.waitForElementState('hidden', { timeout: 3_000 }).catch(() => {});
  }
  await gone(toasts);
}

/** The ALTCHA widget of the form on the page. */
export function captchaWidget(page: Page): Locator {
  return page.locator('altcha-widget');
}

/**
 * Does what a person does with the ALTCHA widget: ticks "No soy un robot" (or "I'm not a robot") and
 * waits for the proof of work to finish and the widget to say 'Verificado' / 'Verified'.
 */
export async function verifyHuman(page: Page): Promise<void> {
  const widget = captchaWidget(page);
  await see(widget.locator('.altcha[data-state="unverified"]'), 20_000);
  // The check mark drawn over the box takes the click; the label is what a person clicks.
  await widget.locator('.altcha-checkbox-wrap label').click();
  await see(widget.locator('.altcha[data-state="verified"]'), 30_000);
  await see(widget.getByText(/^(Verificado|Verified)$/));
}

/** Fills the /login form (already open) and sends it after passing the human verification. */
export async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel(/^(Correo electrónico|Email)/).fill(email);
  await page.getByLabel(/^(Contraseña|Password)/).fill(password);
  await verifyHuman(page);
  await page.getByRole('button', { name: /^(Iniciar sesión|Log in)$/ }).click();
}

const HOME: Record<string, string> = { SUPER_ADMIN: '/super-admin', COMPANY_ADMIN: '/company-admin', EMPLOYEE: '/employee' };

/** Logs in through /login and waits for the role's area (`expectPath`, default: the company admin's). */
export async function login(page: Page, email: string, password: string, expectPath: string = HOME.COMPANY_ADMIN): Promise<void> {
  await page.goto('/login');
  await see(page.getByRole('heading', { level: 1, name: /^(Iniciar sesión|Log in)$/ }));
  await submitLogin(page, email, password);
  await atPath(page, expectPath);
  await dashboardReady(page);
}

/** The area shell is drawn: header with the tab title and the user menu. */
export async function dashboardReady(page: Page): Promise<void> {
  await see(page.getByRole('banner').getByRole('button', { name: /(Menú de usuario|User menu)$/ }), 20_000);
}

/**
 * The guided tour starts by itself 1 s after a new company admin's dashboard loads (spec §2, §9) and
 * covers the page with its overlay. Closes it with its ✕ like a person would, and waits until the server
 * has recorded it as seen (so it does not start again on the next load). Resolves to whether it showed.
 */
export async function closeGuidedTour(page: Page, appearWithinMs = 6_000): Promise<boolean> {
  const tour = page.locator('.driver-popover[role="dialog"]');
  try {
    await tour.waitFor({ state: 'visible', timeout: appearWithinMs });
  } catch {
    return false;
  }
  // Closed at once, even during the first highlight's animation: the product records it as seen then too (the
  // administration journey checks that).
  const recorded = page.waitForResponse((r) => r.url().endsWith('/tour/complete'), { timeout: 10_000 });
  await tour.getByRole('button', { name: /^(Cerrar|Close)$/ }).click();
  await tour.waitFor({ state: 'detached' });
  await page.locator('.driver-overlay').waitFor({ state: 'detached' });
  expect((await recorded).status(), 'POST /tour/complete after closing the tour').toBe(200);
  return true;
}

/** Opens the header's user menu and picks an item ('Configuración', 'Cerrar Sesión'). */
export async function userMenu(page: Page, item: string | RegExp): Promise<void> {
  await page
    .getByRole('banner')
    .getByRole('button', { name: /(Menú de usuario|User menu)$/ })
    .click();
  await page.getByRole('menuitem', { name: item }).click();
}
