import { describe, expect, it } from 'vitest';
import {
  atPath,
  captchaWidget,
  closeGuidedTour,
  createEmployee,
  dashboardReady,
  dismissToasts,
  login,
  pathOf,
  registerCompany,
  see,
  submitLogin,
  targets,
  toast,
  useBrowser,
  userMenu,
  verifyHuman,
} from '../support/app.js';
import { shot } from '../support/browser.js';
import { SUPERADMIN } from '../support/server.js';

/**
 * Journey 2 (issue "Foundation"): each role lands in its own area and only there (spec §2), logout
 * ends the session on the server, wrong credentials are refused with the spec's message (§8).
 */
const browser = useBrowser();

for (const target of targets()) {
  describe.skipIf(!target.baseUrl)(`roles and sessions ${target.title}`, () => {
    const screens = target.name === 'pglite';

    it('the super admin lands in /super-admin and logs out from the user menu', async () => {
      const { page } = await browser.open(target.baseUrl);
      await login(page, SUPERADMIN.email, SUPERADMIN.password, '/super-admin');
      await see(toast(page, '¡Bienvenido al sistema!'));
      const header = page.getByRole('banner');
      await see(header.getByRole('heading', { name: 'Resumen' }));
      await see(header.getByText('Super administrador', { exact: true }));
      if (screens) await shot(page, 'super-admin-overview-desktop');

      // Another role's area sends the super admin home.
      await page.goto('/company-admin');
      await atPath(page, '/super-admin');
      await dashboardReady(page);

      await dismissToasts(page);
      await userMenu(page, 'Cerrar Sesión');
      await atPath(page, '/login');
      await see(page.getByRole('heading', { level: 1, name: 'Iniciar sesión' }));
    });

    it('a company admin is kept to /company-admin; after logout the old session no longer opens it', async () => {
      const admin = await registerCompany(target.baseUrl);
      const { context, page } = await browser.open(target.baseUrl);
      await login(page, admin.adminEmail, admin.password, '/company-admin');
      await closeGuidedTour(page);
      await see(page.getByRole('banner').getByText(admin.adminName, { exact: true }));

      for (const other of ['/employee', '/super-admin', '/super-admin/settings']) {
        await page.goto(other);
        await atPath(page, '/company-admin');
        await dashboardReady(page);
      }

      const sessionCookies = (await context.cookies()).filter((c) => c.name === 'presente_session');
      expect(sessionCookies).toHaveLength(1);
      expect(sessionCookies[0]).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
      // Control: that cookie alone opens the area in another browser profile.
      const other = await browser.open(target.baseUrl);
      await other.context.addCookies(sessionCookies);
      await other.page.goto('/company-admin');
      await dashboardReady(other.page);
      expect(pathOf(other.page)).toBe('/company-admin');
      await other.context.close();

      await dismissToasts(page);
      await userMenu(page, 'Cerrar Sesión');
      await atPath(page, '/login');
      await see(page.getByRole('heading', { level: 1, name: 'Iniciar sesión' }));
      expect((await context.cookies()).filter((c) => c.name === 'presente_session')).toEqual([]);

      // The protected area first asks GET /auth/session ('Verificando autenticación...'), then sends the visitor to /login.
      let release = () => {};
      const held = new Promise<void>((r) => {
        release = r;
      });
      await page.route('**/api/auth/session', async (route) => {
        await held;
        await route.continue();
      });
      await page.goto('/company-admin');
      await see(page.getByText('Verificando autenticación...'));
      expect(pathOf(page)).toBe('/company-admin');
      release();
      await atPath(page, '/login');
      await see(page.getByRole('heading', { level: 1, name: 'Iniciar sesión' }));
      await page.unroute('**/api/auth/session');

      // Putting the old cookie back does not help: logout ended the session on the server.
      await context.addCookies(sessionCookies);
      await page.goto('/company-admin');
      await atPath(page, '/login');
      await see(page.getByRole('heading', { level: 1, name: 'Iniciar sesión' }));
    });

    it("refuses a wrong password with 'Credenciales inválidas' and a fresh verification, then lets the right one in", async () => {
      const admin = await registerCompany(target.baseUrl);
      const { page } = await browser.open(target.baseUrl);
      const sent: string[] = [];
      page.on('request', (r) => r.url().endsWith('/api/auth/login') && sent.push(r.method()));
      await page.goto('/login');
      await see(page.getByRole('heading', { level: 1, name: 'Iniciar sesión' }));
      if (screens) await shot(page, 'login-desktop');

      // Empty form and missing verification: the spec's messages, nothing sent.
      const submit = page.getByRole('button', { name: 'Iniciar sesión' });
      await submit.click();
      await see(page.getByText('El email es requerido', { exact: true }));
      await see(page.getByText('La contraseña es requerida', { exact: true }));
      await see(page.getByText('Por favor, completa la verificación de seguridad', { exact: true }));
      await page.getByLabel(/^Correo electrónico/).fill(admin.adminEmail);
      await page.getByLabel(/^Contraseña/).fill('no-es-la-clave');
      await submit.click();
      await see(page.getByText('Por favor, completa la verificación de seguridad', { exact: true }));
      expect(sent).toEqual([]);

      // Wrong password.
      await verifyHuman(page);
      await expect(page.getByText('Por favor, completa la verificación de seguridad', { exact: true }).count()).resolves.toBe(0);
      await submit.click();
      await see(page.getByRole('alert').filter({ hasText: 'Credenciales inválidas' }));
      expect(pathOf(page)).toBe('/login');
      // A used verification cannot be sent again: the widget starts over.
      await see(captchaWidget(page).locator('.altcha[data-state="unverified"]'));
      if (screens) await shot(page, 'login-wrong-password-desktop');

      // An unknown email gets the same answer (no account discovery).
      await page.getByLabel(/^Correo electrónico/).fill(`nadie-${admin.adminEmail}`);
      await verifyHuman(page);
      await submit.click();
      await expect.poll(() => sent.length).toBe(2);
      await see(page.getByRole('alert').filter({ hasText: 'Credenciales inválidas' }));

      await page.getByLabel(/^Correo electrónico/).fill(admin.adminEmail);
      await page.getByLabel(/^Contraseña/).fill(admin.password);
      await verifyHuman(page);
      await submit.click();
      await atPath(page, '/company-admin');
      await dashboardReady(page);
    });

    it('an employee created by the admin logs in with the mailed password and lands in /employee', async () => {
      const admin = await registerCompany(target.baseUrl);
      const employee = await createEmployee(target.baseUrl, target.dataDir, admin);
      const { page } = await browser.open(target.baseUrl);
      await page.goto('/login');
      await submitLogin(page, employee.email, employee.password);
      await atPath(page, '/employee');
      await dashboardReady(page);
      await see(toast(page, '¡Bienvenido al sistema!'));
      const header = page.getByRole('banner');
      await see(header.getByText(employee.name, { exact: true }));
      await see(header.getByText('Empleado', { exact: true }));
      if (screens) await shot(page, 'employee-overview-desktop');

      for (const other of ['/company-admin', '/super-admin']) {
        await page.goto(other);
        await atPath(page, '/employee');
        await dashboardReady(page);
      }
    });
  });
}
