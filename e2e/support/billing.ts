import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { ApiClient, atPath, type RegisteredCompany, registerCompany, see, uniqueDni, uniqueEmail, uniqueSuffix } from './app.js';
import { shot } from './browser.js';
import { artifactsDir } from './server.js';

/** A new employee's fields as the form and the API take them. */
export function employeeFields(tag: string) {
  const suffix = uniqueSuffix();
  return {
    firstName: 'Lucía',
    lastName: `${tag} ${suffix}`,
    email: uniqueEmail('empleado'),
    employeeCode: `${tag}-${suffix}`,
    documentType: 'DNI',
    documentNumber: uniqueDni(),
  };
}

/**
 * A FREE company (5 employees allowed) already holding `count` employees, created through the API with
 * the admin's session as the employees tab would. Returns the company and the admin's API session.
 */
export async function freeCompanyWithEmployees(baseUrl: string, count: number): Promise<{ company: RegisteredCompany; api: ApiClient }> {
  const company = await registerCompany(baseUrl);
  const api = new ApiClient(baseUrl);
  await api.login(company.adminEmail, company.password);
  for (let i = 1; i <= count; i++) {
    const res = await api.post('/company-admin-simple/employees', employeeFields(`E${i}`));
    if (res.status !== 201) throw new Error(`employee ${i}: ${res.status} ${JSON.stringify(res.body)}`);
  }
  return { company, api };
}

/** The company-admin sidebar link to a tab ('Empleados', 'Suscripción'). */
export async function openTab(page: Page, name: string, path: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name, exact: true }).click();
  await atPath(page, path);
}

/**
 * On the simulator's approval page ('Modo de prueba'): checks what is approved, presses 'Aprobar' (a plain
 * HTML form POST, the Origin check must let Chromium's post through) and waits to be back in the app.
 */
export async function approveInSimulator(page: Page, expected: { title: string; employees: number; total: string }, screenName?: string) {
  await page.waitForURL((url) => url.pathname.startsWith('/api/paypal/simulator/approve/'));
  await see(page.getByText('Modo de prueba', { exact: true }));
  await see(page.getByRole('heading', { name: expected.title }));
  const row = (label: string) => page.getByRole('row', { name: new RegExp(`^${label}`) }).getByRole('cell');
  expect(await row('Empleados').textContent()).toBe(String(expected.employees));
  expect(await row('Total').textContent()).toContain(`${expected.total} USD`);
  if (screenName) await shotBoth(page, screenName);

  const [request, response] = await Promise.all([
    page.waitForRequest((r) => r.method() === 'POST' && r.url().includes('/api/paypal/simulator/approve/')),
    page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/api/paypal/simulator/approve/')),
    page.getByRole('button', { name: 'Aprobar' }).click(),
  ]);
  // Chromium sends the page's own Origin on this same-origin form post (Referrer-Policy same-origin), and
  // the server's Origin check accepts it: 303 back to the app, not 403 origin_mismatch.
  expect(request.headers().origin).toBe(new URL(page.url()).origin);
  expect(response.status()).toBe(303);
  await atPath(page, '/company-admin/subscription');
}

/** Desktop screenshot, then the same screen at 390x844 (phone), back to desktop. */
export async function shotBoth(page: Page, name: string): Promise<void> {
  const desktop = page.viewportSize() ?? { width: 1280, height: 800 };
  await shot(page, `${name}-desktop`);
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, `${name}-mobile`);
  await page.setViewportSize(desktop);
}

/** A labelled value of the subscription cards ('Empleados contratados' → '10'). */
export async function fieldValue(page: Page, label: string): Promise<string> {
  const value = page.getByText(label, { exact: true }).locator('xpath=following-sibling::*[1]');
  await see(value);
  return (await value.textContent()) ?? '';
}

/** dd/mm/yyyy of a date in the company's timezone (registered companies are in America/Lima; spec §9). */
export function ddmmyyyy(d: Date, timeZone = 'America/Lima'): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone, day: '2-digit', month: '2-digit', year: 'numeric' }).format(d);
}

/**
 * Makes the logged-in admin's company PREMIUM for `count` employees through the simulator, by the same
 * calls the subscription tab makes: create-plan, 'Aprobar' on the approval page, confirm-subscription.
 */
export async function premiumInSimulator(api: ApiClient, count = 5): Promise<void> {
  const settings = await api.get<{ id: string; name: string }>('/company-admin-simple/company/settings');
  const { id: companyId, name: companyName } = settings.body.data!;
  const plan = await api.post<{ subscriptionId: string; approvalUrl: string }>('/paypal/create-plan', { companyId, companyName, employeeCount: count });
  if (plan.status !== 200) throw new Error(`create-plan: ${plan.status} ${JSON.stringify(plan.body)}`);
  const { subscriptionId, approvalUrl } = plan.body.data!;
  const approved = await fetch(approvalUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: 'decision=approve',
    redirect: 'manual',
  });
  if (approved.status !== 303) throw new Error(`simulator approval: ${approved.status}`);
  const confirmed = await api.post('/paypal/confirm-subscription', { subscriptionId, companyId });
  if (confirmed.status !== 200) throw new Error(`confirm-subscription: ${confirmed.status} ${JSON.stringify(confirmed.body)}`);
}

/** Clicks a download link or button and keeps the file the browser saves (under e2e/artifacts/downloads). */
export async function downloadFrom(page: Page, target: Locator): Promise<{ name: string; path: string }> {
  const waiting = page.waitForEvent('download', { timeout: 30_000 });
  await target.click();
  const file = await waiting;
  const dir = join(artifactsDir, 'downloads');
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `${Date.now().toString(36)}-${file.suggestedFilename()}`);
  await file.saveAs(path);
  expect(await file.failure()).toBeNull();
  return { name: file.suggestedFilename(), path };
}
