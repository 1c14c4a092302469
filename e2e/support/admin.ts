import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { ApiClient, dashboardReady, see, uniqueEmail, uniqueSuffix, withDni } from './app.js';
import { shot } from './browser.js';
import { SUPERADMIN } from './server.js';

// Helpers of the Administration journeys (super admin and company admin screens).

const BASE = '/company-admin-simple';

/** An API session of a company's admin (for seeding and for checking what was written). */
export async function adminApi(baseUrl: string, admin: { adminEmail: string; password: string }): Promise<ApiClient> {
  const api = new ApiClient(baseUrl);
  await api.login(admin.adminEmail, admin.password);
  return api;
}

/** An API session of the platform's super admin. */
export async function superAdminApi(baseUrl: string): Promise<ApiClient> {
  const api = new ApiClient(baseUrl);
  await api.login(SUPERADMIN.email, SUPERADMIN.password);
  return api;
}

/** Creates `count` employees through the API (faster than the form; the form is exercised separately). */
export async function seedEmployees(api: ApiClient, count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    const suffix = uniqueSuffix();
    const res = await api.post(`${BASE}/employees`, {
      firstName: 'Semilla',
      lastName: `Número ${i + 1} ${suffix}`,
      email: uniqueEmail('semilla'),
      employeeCode: `S${i + 1}-${suffix}`,
      ...withDni(),
    });
    if (res.status !== 201) throw new Error(`seeding employee ${i + 1} failed: ${res.status} ${JSON.stringify(res.body)}`);
  }
}

/** A work location, a schedule at it and a holiday, through the API, so that every tab has rows to lay out. */
export async function seedCompanySetup(api: ApiClient, year: number): Promise<void> {
  const post = async (path: string, body: unknown) => {
    const res = await api.post<{ id: string }>(`${BASE}${path}`, body);
    if (res.status !== 201) throw new Error(`POST ${path} failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data!;
  };
  const location = await post('/work-locations', {
    name: 'Oficina principal San Isidro',
    address: 'Av. Javier Prado Este 123, San Isidro, Lima',
    latitude: -12.0931,
    longitude: -77.0465,
    allowedRadius: 200,
  });
  await post('/schedules', {
    name: 'Turno mañana administrativo',
    startTime: '08:00',
    endTime: '17:00',
    breakStartTime: '13:00',
    breakEndTime: '14:00',
    workDays: '1,2,3,4,5,6',
    lateToleranceMinutes: 10,
    locationId: location.id,
  });
  await post('/holidays', { name: 'Fiestas Patrias', date: `${year}-07-28`, description: 'Día de la Independencia del Perú' });
}

/** How many employees the company has, as the server counts them (the plan usage). */
export async function employeeCount(api: ApiClient): Promise<number> {
  const res = await api.get<{ usage: { employees: { used: number; limit: number } } }>(`${BASE}/company/settings`);
  if (res.status !== 200) throw new Error(`company settings: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data!.usage.employees.used;
}

/** Picks `option` in a Mantine Select / combobox, as a person does: open it, click the option. */
export async function choose(page: Page, combobox: Locator, option: string | RegExp): Promise<void> {
  const target = page.getByRole('option', { name: option, exact: typeof option === 'string' });
  // A list that opened hidden is closed and opened again, as a person clicks the field again: Mantine hides a
  // dropdown while floating-ui takes its field for out of view (`hideDetached`); face.e2e once saw the year's option
  // in the page but never shown, after the calendar's data arrived; and a face journey under load saw the month's
  // option shown, then hidden while the click waited for it (15 s), so the click is retried the same way.
  for (let attempt = 1; ; attempt++) {
    await combobox.click();
    try {
      await target.waitFor({ state: 'visible', timeout: 4_000 });
      await target.click({ timeout: 4_000 });
      break;
    } catch (error) {
      if (attempt === 3) throw error;
      await page.keyboard.press('Escape');
    }
  }
  await expect.poll(() => page.getByRole('listbox').filter({ visible: true }).count()).toBe(0);
}

/** Types "HH:mm" into a 24-hour TimeField (separate hours and minutes inputs named '<label>: horas/minutos'). */
export async function typeTime(scope: Locator, label: string, hhmm: string): Promise<void> {
  const [hours, minutes] = hhmm.split(':');
  const page = scope.page();
  await scope.getByLabel(`${label}: horas`).click();
  await page.keyboard.type(hours);
  await scope.getByLabel(`${label}: minutos`).click();
  await page.keyboard.type(minutes);
}

/** A CSV file for a file input, built from a header and rows (values must not contain commas). */
export function csvFile(name: string, header: string[], rows: string[][]) {
  const text = [header, ...rows].map((r) => r.join(',')).join('\r\n');
  return { name, mimeType: 'text/csv', buffer: Buffer.from(`\uFEFF${text}\r\n`, 'utf8') };
}

/** Clicks a tab in the sidebar (the drawer on a phone is not used here: desktop journeys). */
export async function openTab(page: Page, label: string, path: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: label, exact: true }).click();
  await page.waitForURL((url) => url.pathname === path);
  await see(page.getByRole('banner').getByRole('heading', { name: label }));
}

/** The modal dialog with this title. */
export function dialog(page: Page, title: string): Locator {
  return page.getByRole('dialog', { name: title });
}

/** A table row (desktop) containing this text. */
export function row(scope: Page | Locator, text: string): Locator {
  return scope.getByRole('row').filter({ hasText: text });
}

/** Nothing in the page is wider than the viewport (no sideways scrolling of the whole page). */
export async function fitsViewport(page: Page): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth, `page ${new URL(page.url()).pathname} is wider than the screen`).toBeLessThanOrEqual(innerWidth);
}

export interface ScreenTab {
  path: string;
  name: string;
  /** Something the tab shows once its data is loaded. */
  ready: (page: Page) => Locator;
  /** Its table is meant to scroll sideways (a month of days per employee). */
  wideTable?: boolean;
}

/** Headers of the tables that need sideways scrolling inside their box (none should at desktop width). */
export async function scrollingTables(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('table')]
      // A table that says it is wide (the payroll's 15 figures per worker) scrolls on purpose, in a focusable area.
      .filter((table) => !table.hasAttribute('data-wide-table'))
      .filter((table) => {
        let box = table.parentElement;
        while (box && !['auto', 'scroll'].includes(getComputedStyle(box).overflowX)) box = box.parentElement;
        return box !== null && box.scrollWidth > box.clientWidth + 1;
      })
      .map((table) => table.querySelector('thead')?.textContent ?? 'table without header'),
  );
}

/**
 * Opens every tab by its address, waits for its content, checks it fits the screen (at desktop size, its
 * tables too), and saves a screenshot.
 */
export async function shootTabs(page: Page, tabs: ScreenTab[], prefix: string, size: 'desktop' | 'mobile'): Promise<void> {
  for (const tab of tabs) {
    await page.goto(tab.path);
    await dashboardReady(page);
    await see(tab.ready(page), 20_000);
    await fitsViewport(page);
    if (size === 'desktop' && !tab.wideTable) expect(await scrollingTables(page), `tables of ${tab.path} that scroll sideways at 1280 px`).toEqual([]);
    await shot(page, `${prefix}-${tab.name}-${size}`);
  }
}
