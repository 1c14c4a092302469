import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  atPath,
  closeGuidedTour,
  dashboardReady,
  dismissToasts,
  mainTarget,
  pathOf,
  registerCompany,
  see,
  submitLogin,
  targets,
  toast,
  uniqueEmail,
  uniqueSuffix,
  useBrowser,
  verifyHuman,
} from '../support/app.js';
import { shot } from '../support/browser.js';

/**
 * Journey 1 (issue "Foundation"): a company signs up from the landing page, its admin logs in and
 * stays logged in; the registration form shows the spec's validation messages (§5, §8).
 */
const browser = useBrowser();

const REQUIRED_MESSAGES = [
  'El nombre de la empresa es requerido',
  'El email de la empresa es requerido',
  'El nombre del administrador es requerido',
  'El email del administrador es requerido',
];

async function openRegisterFromLanding(page: Page) {
  await page.goto('/');
  await see(page.getByRole('heading', { level: 1, name: 'La asistencia de tu equipo, registrada con una mirada' }));
  await page.getByRole('banner').getByRole('link', { name: 'Registrarse' }).click();
  await atPath(page, '/register');
  await see(page.getByRole('heading', { level: 1, name: 'Registra tu empresa' }));
}

for (const target of targets()) {
  describe.skipIf(!target.baseUrl)(`company registration ${target.title}`, () => {
    const screens = target.name === 'pglite';

    it('registers a company in Chile (Punta Arenas), logs its admin in and keeps the session', async () => {
      const { page } = await browser.open(target.baseUrl);
      const suffix = uniqueSuffix();
      const company = `Andes Frío ${suffix} SpA`;
      const adminName = `Camila Rojas ${suffix}`;
      const adminEmail = uniqueEmail('camila');
      const password = `Patagonia-${suffix}`;

      await openRegisterFromLanding(page);
      if (screens) await shot(page, 'register-empty-desktop');

      // Every field, the optional ones too.
      await page.getByLabel(/^Nombre de la empresa/).fill(company);
      await page.getByLabel(/^RUC/).fill('76123456-7');
      await page.getByLabel(/^Email de la empresa/).fill(uniqueEmail('contacto'));
      await page.getByLabel(/^Teléfono/).fill('+56 61 2345678');
      // Peru is preselected with its single timezone: no timezone choice yet.
      await expect(page.getByRole('combobox', { name: 'Zona horaria' }).count()).resolves.toBe(0);
      const country = page.getByRole('combobox', { name: 'País' });
      await country.click();
      await country.fill('Chile');
      await page.getByRole('option', { name: 'Chile', exact: true }).click();
      await expect(country.inputValue()).resolves.toBe('Chile');
      // Chile spans several timezones: the choice appears, with Santiago as the country's default.
      const timezone = page.getByRole('combobox', { name: 'Zona horaria' });
      await see(timezone);
      await expect(timezone.inputValue()).resolves.toMatch(/^Santiago \(UTC/);
      await timezone.click();
      await see(page.getByRole('option', { name: /^Isla de Pascua \(UTC/ }));
      await page.getByRole('option', { name: /^Punta Arenas \(UTC/ }).click();
      await expect(timezone.inputValue()).resolves.toMatch(/^Punta Arenas \(UTC-03:00\)$/);
      await page.getByLabel(/^Ciudad/).fill('Punta Arenas');
      await page.getByLabel(/^Dirección/).fill('Av. Colón 1234');
      await page.getByLabel(/^Nombre del administrador/).fill(adminName);
      await page.getByLabel(/^Email del administrador/).fill(adminEmail);
      await page.getByLabel(/^Contraseña/).fill(password);
      await page.getByLabel(/^Confirmar contraseña/).fill(password);
      await verifyHuman(page);
      if (screens) await shot(page, 'register-filled-desktop');

      const registered = page.waitForResponse((r) => r.url().endsWith('/api/auth/register') && r.request().method() === 'POST');
      await page.getByRole('button', { name: 'Registrar empresa' }).click();
      expect((await registered).status()).toBe(201);
      await see(toast(page, 'Empresa registrada exitosamente, inicia sesión'));
      await atPath(page, '/login');
      await see(page.getByRole('heading', { level: 1, name: 'Iniciar sesión' }));

      // The new admin logs in and lands in the company admin area.
      const loggedIn = page.waitForResponse((r) => r.url().endsWith('/api/auth/login'));
      await submitLogin(page, adminEmail, password);
      const answer = await loggedIn;
      expect(answer.status()).toBe(200);
      const { data } = await answer.json();
      expect(data.user).toMatchObject({ email: adminEmail, name: adminName, role: 'COMPANY_ADMIN' });
      // What was chosen on the form is the company's region.
      expect(data.companyConfig).toEqual({ timezone: 'America/Punta_Arenas', locale: 'es-CL' });

      await atPath(page, '/company-admin');
      await see(toast(page, '¡Bienvenido al sistema!'));
      await dashboardReady(page);
      await closeGuidedTour(page);
      const header = page.getByRole('banner');
      await see(header.getByRole('heading', { name: 'Resumen' }));
      await see(header.getByText(adminName, { exact: true }));
      await see(header.getByText('Administrador de empresa', { exact: true }));
      await see(page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: 'Resumen' }));
      await see(page.getByText('v2.1.0'));
      if (screens) await shot(page, 'company-admin-overview-desktop');

      // The user menu names the account.
      await dismissToasts(page);
      await header.getByRole('button', { name: 'Menú de usuario' }).click();
      const menu = page.getByRole('menu');
      await see(menu.getByText(adminEmail));
      await see(menu.getByRole('menuitem', { name: 'Configuración' }));
      await see(menu.getByRole('menuitem', { name: 'Cerrar Sesión' }));
      if (screens) await shot(page, 'company-admin-user-menu-desktop');
      await page.keyboard.press('Escape');

      // A reload keeps the session (cookie + GET /auth/session).
      await page.reload();
      await dashboardReady(page);
      expect(pathOf(page)).toBe('/company-admin');
      await see(page.getByRole('banner').getByText(adminName, { exact: true }));

      // Public pages send a logged-in user back to their area.
      for (const publicPath of ['/', '/login', '/register']) {
        await page.goto(publicPath);
        await atPath(page, '/company-admin');
        await dashboardReady(page);
      }
    });
  });
}

describe(`registration form ${mainTarget().title}`, () => {
  const { baseUrl } = mainTarget();

  it("shows the spec's messages for an empty form, a short password and mismatched passwords, sending nothing", async () => {
    const { page } = await browser.open(baseUrl);
    const sent: string[] = [];
    page.on('request', (r) => r.url().endsWith('/api/auth/register') && sent.push(r.method()));

    // The server's answer about the verification is held until after the first click (stop 33's CI: on a loaded
    // machine it came after the click, and the verification's message never showed). The click waits for it.
    let releaseCaptcha = () => {};
    const captchaHeld = new Promise<void>((resolve) => (releaseCaptcha = resolve));
    await page.route('**/api/auth/captcha', async (route) => {
      await captchaHeld;
      await route.continue();
    });

    await page.goto('/register');
    await see(page.getByRole('heading', { level: 1, name: 'Registra tu empresa' }));
    const submit = page.getByRole('button', { name: 'Registrar empresa' });

    await submit.click();
    releaseCaptcha();
    await see(page.getByText('Por favor, completa la verificación de seguridad', { exact: true }));
    for (const message of REQUIRED_MESSAGES) await see(page.getByText(message, { exact: true }));
    // Password and confirmation are both required.
    await expect.poll(() => page.getByText('La contraseña es requerida', { exact: true }).count()).toBe(2);
    await see(page.getByText('Por favor, completa la verificación de seguridad', { exact: true }));
    await shot(page, 'register-validation-desktop');

    await page.getByLabel(/^Contraseña/).fill('corta12');
    await page.getByLabel(/^Confirmar contraseña/).fill('corta12');
    await submit.click();
    await see(page.getByText('La contraseña debe tener al menos 8 caracteres', { exact: true }));

    await page.getByLabel(/^Contraseña/).fill('ClaveLarga-1');
    await page.getByLabel(/^Confirmar contraseña/).fill('ClaveLarga-2');
    await submit.click();
    await see(page.getByText('Las contraseñas no coinciden', { exact: true }));
    await expect(page.getByText('La contraseña debe tener al menos 8 caracteres', { exact: true }).count()).resolves.toBe(0);

    // Fixing the fields clears their messages.
    await page.getByLabel(/^Confirmar contraseña/).fill('ClaveLarga-1');
    await page.getByLabel(/^Nombre de la empresa/).fill('Empresa Válida');
    await submit.click();
    await expect.poll(() => page.getByText('Las contraseñas no coinciden', { exact: true }).count()).toBe(0);
    await expect(page.getByText('El nombre de la empresa es requerido', { exact: true }).count()).resolves.toBe(0);
    await see(page.getByText('El email de la empresa es requerido', { exact: true }));

    expect(sent, 'no registration request for an invalid form').toEqual([]);
    expect(pathOf(page)).toBe('/register');
  });

  it('an admin email that already has an account answers like a new registration (no enumeration; decision 0031)', async () => {
    const existing = await registerCompany(baseUrl);
    const { page } = await browser.open(baseUrl);
    await page.goto('/register');
    await see(page.getByRole('heading', { level: 1, name: 'Registra tu empresa' }));
    await page.getByLabel(/^Nombre de la empresa/).fill(`Duplicada ${uniqueSuffix()}`);
    // A Peruvian company gives its RUC (SUNAT check digit; decision 0037).
    await page.getByLabel(/^RUC/).fill('20100070970');
    await page.getByLabel(/^Email de la empresa/).fill(uniqueEmail('contacto'));
    await page.getByLabel(/^Nombre del administrador/).fill('Otra Persona');
    await page.getByLabel(/^Email del administrador/).fill(existing.adminEmail);
    await page.getByLabel(/^Contraseña/).fill('ClaveLarga-1');
    await page.getByLabel(/^Confirmar contraseña/).fill('ClaveLarga-1');
    await verifyHuman(page);
    await page.getByRole('button', { name: 'Registrar empresa' }).click();

    // The same success as a new company: the owner of the address, not the visitor, is told by mail.
    await see(toast(page, 'Empresa registrada exitosamente, inicia sesión'));
    await atPath(page, '/login');
  });

  it('lays out /register and /login for a phone', async () => {
    const { page } = await browser.open(baseUrl, { mobile: true });
    await page.goto('/register');
    await see(page.getByRole('heading', { level: 1, name: 'Registra tu empresa' }));
    await see(page.locator('altcha-widget .altcha'));
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, 'register-mobile');

    await page.getByRole('link', { name: 'Inicia sesión' }).click();
    await atPath(page, '/login');
    await see(page.getByRole('heading', { level: 1, name: 'Iniciar sesión' }));
    await see(page.locator('altcha-widget .altcha'));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, 'login-mobile');
  });
});
