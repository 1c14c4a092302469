import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { closeGuidedTour, gone, login, mainTarget, see } from '../support/app.js';
import { companyNow, dayCell, OFFICE_SCHEDULE, type SeededCompany, seedCompany } from '../support/attendance.js';
import { expectAccessible } from '../support/axe.js';
import { launch, newContext } from '../support/browser.js';
import { SUPERADMIN } from '../support/server.js';

/**
 * Issue 16: axe-core finds no critical or serious violation (WCAG 2.1 AA) on the public pages, a company
 * admin's tab with a dialog open, the employee's area and the kiosk, on desktop and on a phone. A
 * regression fails here, with the rule and the elements it was found on.
 */
const main = mainTarget();

describe(`accessibility (axe-core) ${main.title}`, () => {
  let browser: Browser;
  let seeded: SeededCompany;
  let token = '';
  const contexts: { close(): Promise<void> }[] = [];

  beforeAll(async () => {
    // A fake camera, so the kiosk draws its ready state rather than a missing-camera error.
    browser = await launch(['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream']);
    seeded = await seedCompany(main, OFFICE_SCHEDULE, companyNow().date);
    const link = await seeded.api.post<{ token: string }>('/company-admin-simple/face-recognition/attendance-link', { name: 'Entrada principal' });
    if (link.status !== 201) throw new Error(`create link failed: ${link.status} ${JSON.stringify(link.body)}`);
    token = link.body.data!.token;
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((c) => c.close().catch(() => {})));
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function open(mobile: boolean) {
    const context = await newContext(browser, main.baseUrl, { mobile });
    contexts.push(context);
    return context.newPage();
  }

  for (const mobile of [false, true]) {
    const size = mobile ? 'phone' : 'desktop';

    it(`the landing, login, register and forgot-password pages (${size})`, async () => {
      const page = await open(mobile);
      await page.goto('/');
      await see(page.getByRole('heading', { level: 1 }));
      await expectAccessible(page, `landing-${size}`);
      await page.goto('/login');
      await see(page.getByRole('heading', { level: 1, name: 'Iniciar sesión' }));
      await expectAccessible(page, `login-${size}`);
      await page.goto('/register');
      await see(page.getByRole('heading', { level: 1 }));
      await expectAccessible(page, `register-${size}`);
      await page.goto('/forgot-password');
      await see(page.getByRole('heading', { level: 1 }));
      await expectAccessible(page, `forgot-password-${size}`);
    });

    it(`a company admin's tab and its dialog (${size})`, async () => {
      const page = await open(mobile);
      await login(page, seeded.admin.adminEmail, seeded.admin.password);
      await closeGuidedTour(page);
      await page.goto('/company-admin/employees');
      await see(page.getByRole('button', { name: 'Nuevo empleado' }));
      await expectAccessible(page, `company-admin-employees-${size}`);
      await page.getByRole('button', { name: 'Nuevo empleado' }).click();
      await see(page.getByRole('dialog'));
      await expectAccessible(page, `company-admin-employee-modal-${size}`);
    });

    it(`the company admin's other tabs and the schedule, attendance-day and holiday dialogs (${size})`, async () => {
      const page = await open(mobile);
      await login(page, seeded.admin.adminEmail, seeded.admin.password);
      await closeGuidedTour(page);
      for (const tab of ['subscription', 'schedules', 'attendance', 'reports', 'holidays', 'settings']) {
        await page.goto(`/company-admin/${tab}`);
        await see(page.getByRole('banner'));
        await page.waitForLoadState('networkidle');
        await expectAccessible(page, `company-admin-${tab}-${size}`);
      }
      await page.goto('/company-admin/schedules');
      await page.getByRole('button', { name: 'Nuevo horario' }).click();
      await see(page.getByRole('dialog'));
      await expectAccessible(page, `company-admin-schedule-modal-${size}`);
      await page.keyboard.press('Escape');
      await gone(page.getByRole('dialog'));

      // The attendance calendar's day dialog (grid on a desktop, cards on a phone), and the holiday dialog.
      await page.goto('/company-admin/attendance');
      await dayCell(page, seeded.employee.name, companyNow().date).first().click();
      await see(page.getByRole('dialog'));
      await expectAccessible(page, `company-admin-attendance-day-modal-${size}`);
      await page.keyboard.press('Escape');
      await gone(page.getByRole('dialog'));
      await page.goto('/company-admin/holidays');
      await page.getByRole('button', { name: 'Nuevo feriado' }).click();
      await see(page.getByRole('dialog'));
      await expectAccessible(page, `company-admin-holiday-modal-${size}`);
    });

    it(`the employee's area (${size})`, async () => {
      const page = await open(mobile);
      await login(page, seeded.employee.email, seeded.employee.password, '/employee');
      await expectAccessible(page, `employee-overview-${size}`);
      await page.goto('/employee/attendance');
      await see(page.getByRole('banner'));
      await page.waitForLoadState('networkidle');
      await expectAccessible(page, `employee-attendance-${size}`);
    });

    it(`the super admin's tabs and the company form (${size})`, async () => {
      const page = await open(mobile);
      await login(page, SUPERADMIN.email, SUPERADMIN.password, '/super-admin');
      await see(page.getByText('Estado del sistema', { exact: true }));
      await expectAccessible(page, `super-admin-overview-${size}`);
      await page.goto('/super-admin/companies');
      await see(page.getByRole('button', { name: 'Nueva empresa' }));
      await page.waitForLoadState('networkidle');
      await expectAccessible(page, `super-admin-companies-${size}`);
      await page.getByRole('button', { name: 'Nueva empresa' }).click();
      await see(page.getByRole('dialog'));
      await expectAccessible(page, `super-admin-company-form-${size}`);
      await page.goto('/super-admin/settings');
      await see(page.getByRole('button', { name: 'Cambiar contraseña' }));
      await expectAccessible(page, `super-admin-settings-${size}`);
    });

    it(`the kiosk page: its pairing screen, then the paired kiosk (${size})`, async () => {
      const page = await open(mobile);
      // An unpaired browser sees the pairing screen (decision 0033); the admin's QR opens it with the code filled in.
      const code = await seeded.api.post<{ code: string }>('/company-admin-simple/face-recognition/kiosk-pairing-codes', { name: `Kiosco ${size}` });
      await page.goto(`/attendance/${token}#pair=${code.body.data!.code}`);
      await expect.poll(() => page.getByTestId('kiosk-pairing-code').inputValue()).toBe(code.body.data!.code);
      await expectAccessible(page, `kiosk-pairing-${size}`);
      await page.getByRole('button', { name: 'Vincular kiosco' }).click();
      await see(page.getByTestId('kiosk-company').getByText(seeded.admin.companyName));
      await expectAccessible(page, `kiosk-${size}`);
    });
  }
});
