import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { atPath, closeGuidedTour, dashboardReady, dismissToasts, mainTarget, registerCompany, see, submitLogin, toast, useBrowser } from '../support/app.js';
import { shot } from '../support/browser.js';

/**
 * Journey 4 (issue "Foundation"): the ES/EN switch on public pages and in the dashboard, remembered in
 * localStorage "language" and mirrored on <html lang>; the API answers in the chosen language (spec §9).
 */
const browser = useBrowser();
const { baseUrl, title } = mainTarget();

async function switchTo(page: Page, lang: 'ES' | 'EN', scope = page.locator('body')) {
  await scope
    .getByRole('radiogroup', { name: /^(Idioma|Language)$/ })
    .getByText(lang, { exact: true })
    .click();
  await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(lang.toLowerCase());
}

const storedLanguage = (page: Page) => page.evaluate(() => localStorage.getItem('language'));
const htmlLang = (page: Page) => page.evaluate(() => document.documentElement.lang);

describe(`language ${title}`, () => {
  it('switches to English on the landing and /login, logs in in English, then back to Spanish for good', async () => {
    const admin = await registerCompany(baseUrl);
    const { page } = await browser.open(baseUrl); // browser in Spanish (es-PE)

    await page.goto('/');
    await see(page.getByRole('heading', { level: 1, name: 'La asistencia de tu equipo, registrada con una mirada' }));
    expect(await htmlLang(page)).toBe('es');

    await switchTo(page, 'EN', page.getByRole('banner'));
    await see(page.getByRole('heading', { level: 1, name: "Your team's attendance, recorded at a glance" }));
    await see(page.getByRole('banner').getByRole('link', { name: 'Sign up' }));
    expect(await page.getByText('La asistencia de tu equipo, registrada con una mirada').count()).toBe(0);
    expect(await storedLanguage(page)).toBe('en');
    await shot(page, 'landing-en-desktop');

    // The choice follows the user to /login.
    await page.getByRole('banner').getByRole('link', { name: 'Log in' }).click();
    await atPath(page, '/login');
    await see(page.getByRole('heading', { level: 1, name: 'Log in' }));
    expect(await htmlLang(page)).toBe('en');
    await see(page.locator('altcha-widget').getByText("I'm not a robot"));

    // ...and can be changed there too.
    await switchTo(page, 'ES');
    await see(page.getByRole('heading', { level: 1, name: 'Iniciar sesión' }));
    await see(page.getByRole('link', { name: '¿Olvidaste tu contraseña?' }));
    expect(await storedLanguage(page)).toBe('es');
    await switchTo(page, 'EN');
    await see(page.getByRole('heading', { level: 1, name: 'Log in' }));
    await see(page.getByRole('link', { name: 'Forgot your password?' }));
    expect(await storedLanguage(page)).toBe('en');

    // Client-side messages in English.
    await page.getByRole('button', { name: 'Log in' }).click();
    await see(page.getByText('Email is required', { exact: true }));
    await see(page.getByText('Please complete the security verification', { exact: true }));
    await shot(page, 'login-en-validation-desktop');

    // The API's answer is in English too, although the browser itself asks for Spanish.
    const refused = page.waitForResponse((r) => r.url().endsWith('/api/auth/login'));
    await submitLogin(page, admin.adminEmail, 'wrong-password');
    const refusal = await refused;
    expect(refusal.status()).toBe(401);
    expect(await refusal.request().headerValue('accept-language')).toBe('en');
    expect((await refusal.json()).message).toBe('Invalid credentials');
    await see(page.getByRole('alert').filter({ hasText: 'Invalid credentials' }));

    // Logged in: the dashboard is in English.
    await submitLogin(page, admin.adminEmail, admin.password);
    await atPath(page, '/company-admin');
    await dashboardReady(page);
    await see(toast(page, 'Login successful'));
    await closeGuidedTour(page);
    const header = page.getByRole('banner');
    await see(header.getByRole('heading', { name: 'Overview' }));
    await see(header.getByText('Company administrator', { exact: true }));
    await see(page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Settings' }));
    await shot(page, 'company-admin-overview-en-desktop');

    // A validation error from the API, asked in the page's language, comes back in English.
    const invalid = await page.evaluate(async () => {
      const res = await fetch('/api/company-admin-simple/employees', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'Accept-Language': document.documentElement.lang },
        body: JSON.stringify({ lastName: 'Sin Nombre', email: 'sin-nombre@example.com', employeeCode: 'X-1' }),
      });
      return { status: res.status, body: await res.json() };
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toMatchObject({ code: 'validation_failed', message: 'First name is required' });
    expect(invalid.body.errors).toContainEqual({ path: 'firstName', message: 'First name is required' });

    // Back to Spanish from the dashboard header; it stays after a reload.
    await dismissToasts(page);
    await switchTo(page, 'ES', header);
    await see(header.getByRole('heading', { name: 'Resumen' }));
    await see(header.getByText('Administrador de empresa', { exact: true }));
    expect(await storedLanguage(page)).toBe('es');
    await page.reload();
    await dashboardReady(page);
    await see(page.getByRole('banner').getByRole('heading', { name: 'Resumen' }));
    await see(page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: 'Configuración' }));
    expect(await htmlLang(page)).toBe('es');
    expect(await storedLanguage(page)).toBe('es');
    expect(await page.getByRole('heading', { name: 'Overview' }).count()).toBe(0);
  });

  it("follows an English browser when nothing was chosen, and the stored choice wins over the browser's", async () => {
    const { page } = await browser.open(baseUrl, { locale: 'en-US' });
    await page.goto('/login');
    await see(page.getByRole('heading', { level: 1, name: 'Log in' }));
    expect(await htmlLang(page)).toBe('en');

    await switchTo(page, 'ES');
    await page.reload();
    await see(page.getByRole('heading', { level: 1, name: 'Iniciar sesión' }));
    expect(await htmlLang(page)).toBe('es');
  });

  it('draws /login before any script in Spanish; inert until React owns it; then login works with no console error', async () => {
    const admin = await registerCompany(baseUrl);
    const { context, page } = await browser.open(baseUrl); // browser in Spanish (es-PE)
    const consoleErrors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') consoleErrors.push(m.text());
    });
    // The app's scripts are held back: what shows meanwhile is the HTML the server sent (decision 0069).
    const held: Route[] = [];
    let released = false;
    await context.route('**/assets/*.js', (route) => (released ? route.continue() : void held.push(route)));
    await page.goto('/login', { waitUntil: 'commit' });
    await see(page.locator('h1', { hasText: 'Iniciar sesión' }));
    await see(page.getByText('¿Olvidaste tu contraseña?'));
    await see(page.locator('input[type=email]'));
    expect(await htmlLang(page)).toBe('es');
    expect(await page.title()).toBe('Iniciar sesión · Presente');
    // Nothing can be typed or sent before React owns the page: nothing the visitor does is lost.
    expect(await page.evaluate(() => document.getElementById('root')?.inert)).toBe(true);
    expect(held.length).toBeGreaterThan(0);

    released = true;
    await Promise.all(held.splice(0).map((route) => route.continue()));
    await expect.poll(() => page.evaluate(() => document.getElementById('root')?.inert), { timeout: 30_000 }).toBe(false);
    await submitLogin(page, admin.adminEmail, admin.password);
    await atPath(page, '/company-admin');
    await dashboardReady(page);

    // Signed in, the prerendered /login still sends the user to their area.
    await page.goto('/login');
    await atPath(page, '/company-admin');
    await dashboardReady(page);
    expect(consoleErrors).toEqual([]);
  });
});
