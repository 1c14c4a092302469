import { describe, expect, it } from 'vitest';
import { adminApi, dialog, type ScreenTab, seedCompanySetup, seedEmployees, shootTabs } from '../support/admin.js';
import { dismissToasts, login, mainTarget, registerCompany, see, useBrowser } from '../support/app.js';
import { shot } from '../support/browser.js';
import { SUPERADMIN } from '../support/server.js';

/**
 * Journey 5 (issue "Administration"): every tab of the super admin and of the company admin at desktop
 * (1280x800) and phone (390x844) sizes: its content loads, nothing is wider than the screen, and at desktop
 * size no table needs sideways scrolling. Screenshots go to e2e/artifacts/screens.
 */
const browser = useBrowser();
const { baseUrl } = mainTarget();
const SIZES = ['desktop', 'mobile'] as const;

describe(`super admin screens ${mainTarget().title}`, () => {
  const tabs: ScreenTab[] = [
    { path: '/super-admin', name: 'overview', ready: (p) => p.getByText('Estado del sistema', { exact: true }) },
    { path: '/super-admin/companies', name: 'companies', ready: (p) => p.getByText(/^\d+ empresas?$/) },
    { path: '/super-admin/settings', name: 'settings', ready: (p) => p.getByRole('button', { name: 'Cambiar contraseña' }) },
  ];

  for (const size of SIZES) {
    it(`shows every super admin tab at ${size} size`, async () => {
      // At least one company with a long admin email, so the companies table has something to lay out.
      await registerCompany(baseUrl);
      const { page } = await browser.open(baseUrl, { mobile: size === 'mobile' });
      await login(page, SUPERADMIN.email, SUPERADMIN.password, '/super-admin');
      await dismissToasts(page);
      await shootTabs(page, tabs, 'super-admin', size);
      // The company form, too (full screen on a phone).
      await page.goto('/super-admin/companies');
      await page.getByRole('button', { name: 'Nueva empresa' }).click();
      await see(dialog(page, 'Nueva empresa').getByLabel(/^Nombre de la empresa/));
      await shot(page, `super-admin-company-form-${size}`);
    });
  }
});

describe(`company admin screens ${mainTarget().title}`, () => {
  const tabs: ScreenTab[] = [
    { path: '/company-admin', name: 'overview', ready: (p) => p.getByText('Estadísticas del mes', { exact: true }) },
    { path: '/company-admin/subscription', name: 'subscription', ready: (p) => p.getByText('Tu plan actual', { exact: true }) },
    { path: '/company-admin/schedules', name: 'schedules', ready: (p) => p.getByText('Turno mañana administrativo', { exact: true }) },
    { path: '/company-admin/employees', name: 'employees', ready: (p) => p.getByText('Mostrando 3 de 3 empleados', { exact: true }) },
    { path: '/company-admin/attendance', name: 'attendance', ready: (p) => p.getByText(/Número 1/).first(), wideTable: true },
    { path: '/company-admin/reports', name: 'reports', ready: (p) => p.getByText('Selecciona un Empleado', { exact: true }) },
    { path: '/company-admin/holidays', name: 'holidays', ready: (p) => p.getByText('Fiestas Patrias', { exact: true }) },
    { path: '/company-admin/settings', name: 'settings', ready: (p) => p.getByText('Oficina principal San Isidro', { exact: true }) },
  ];

  it('greets a brand-new company with its first steps, which tick themselves as the admin goes (walk-through finding 10)', async () => {
    const admin = await registerCompany(baseUrl);
    const api = await adminApi(baseUrl, admin);
    expect((await api.post('/company-admin-simple/tour/complete')).status).toBe(200);
    for (const size of SIZES) {
      const { page } = await browser.open(baseUrl, { mobile: size === 'mobile' });
      await login(page, admin.adminEmail, admin.password);
      await dismissToasts(page);
      const steps = page.getByRole('region', { name: 'Primeros pasos' });
      await see(steps.getByText('0 de 5 listos'));
      // Nothing was due yet: a neutral month, never a red "0% Baja".
      await see(page.getByText('Aún no hay días laborables este mes'));
      expect(await page.getByText('Baja', { exact: true }).count()).toBe(0);
      await shot(page, `company-admin-first-steps-${size}`);
      await page.close();
    }
    // The admin creates a location and a schedule, then two employees: the overview ticks three steps from the API.
    await seedCompanySetup(api, new Date().getUTCFullYear());
    await seedEmployees(api, 2);
    const { page } = await browser.open(baseUrl);
    await login(page, admin.adminEmail, admin.password);
    const steps = page.getByRole('region', { name: 'Primeros pasos' });
    await see(steps.getByText('3 de 5 listos'));
    for (const [step, done] of [
      ['schedule', 'true'],
      ['location', 'true'],
      ['employees', 'true'],
      ['faces', 'false'],
      ['kioskLink', 'false'],
    ])
      await expect(steps.locator(`[data-step="${step}"]`).getAttribute('data-done')).resolves.toBe(done);
    await steps.getByRole('link', { name: 'Ir a Configuración' }).last().click();
    await page.waitForURL('**/company-admin/settings');
  });

  for (const size of SIZES) {
    it(`shows every company admin tab at ${size} size`, async () => {
      const admin = await registerCompany(baseUrl);
      const api = await adminApi(baseUrl, admin);
      await seedEmployees(api, 3);
      await seedCompanySetup(api, new Date().getUTCFullYear());
      // The guided tour has its own journey; here it would cover the screens.
      expect((await api.post('/company-admin-simple/tour/complete')).status).toBe(200);
      const { page } = await browser.open(baseUrl, { mobile: size === 'mobile' });
      await login(page, admin.adminEmail, admin.password);
      await dismissToasts(page);
      await shootTabs(page, tabs, 'company-admin', size);
    });
  }
});
