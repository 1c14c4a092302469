import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ApiClient, gone, login, mainTarget, registerCompany, see, toast, useBrowser } from '../support/app.js';
import { shot } from '../support/browser.js';

/**
 * Toasts stay out of the header: the login's 5 s welcome toast must not cover the user menu, and the
 * toast containers must not swallow clicks around the toasts (an earlier offset did).
 */
const browser = useBrowser();
const { baseUrl, title } = mainTarget();

/** Where the toast containers are and whether they take clicks, as the page lays them out. */
const containers = (page: Page) =>
  page
    .locator('.mantine-Notifications-root')
    .evaluateAll((els) =>
      els.map((el) => ({ position: el.getAttribute('data-position'), top: el.getBoundingClientRect().top, pointerEvents: getComputedStyle(el).pointerEvents })),
    );

async function adminWithoutTour() {
  const admin = await registerCompany(baseUrl);
  // The guided tour would cover the page with its overlay: mark it seen as the admin.
  const api = new ApiClient(baseUrl);
  await api.login(admin.adminEmail, admin.password);
  expect((await api.post('/company-admin-simple/tour/complete')).status).toBe(200);
  return admin;
}

describe(`toasts ${title}`, () => {
  for (const mobile of [false, true]) {
    it(`never cover the header's user menu and let clicks through around them (${mobile ? 'phone' : 'desktop'})`, async () => {
      const admin = await adminWithoutTour();
      const { page } = await browser.open(baseUrl, { mobile });
      await login(page, admin.adminEmail, admin.password);
      const welcome = await see(toast(page, '¡Bienvenido al sistema!'));
      const welcomeToast = page.locator('.mantine-Notification-root', { hasText: '¡Bienvenido al sistema!' });
      const header = page.getByRole('banner');
      const headerBox = (await header.boundingBox())!;
      const toastBox = (await welcomeToast.boundingBox())!;
      expect(toastBox.y, 'toast top vs header bottom').toBeGreaterThanOrEqual(headerBox.y + headerBox.height);
      await shot(page, `toast-under-header-${mobile ? 'phone' : 'desktop'}`);

      for (const c of await containers(page)) {
        expect(c.pointerEvents, `${c.position} container`).toBe('none');
        if (c.position?.startsWith('top')) expect(c.top, `${c.position} container top`).toBeGreaterThanOrEqual(headerBox.y + headerBox.height);
      }

      // The user menu opens at once while the toast is still on screen.
      await header.getByRole('button', { name: 'Menú de usuario' }).click({ timeout: 2_000 });
      await see(page.getByRole('menuitem', { name: 'Cerrar Sesión' }));
      expect(await welcome.isVisible()).toBe(true);
      // The opened menu is drawn over the toast, not under it (top edge and centre of the dropdown).
      const menuOnTop = await page.locator('.mantine-Menu-dropdown').evaluate((el) => {
        const r = el.getBoundingClientRect();
        return [r.top + 8, r.top + r.height / 2].every((y) => el.contains(document.elementFromPoint(r.left + r.width / 2, y)));
      });
      expect(menuOnTop, 'user menu above the toast').toBe(true);
      await shot(page, `toast-with-user-menu-${mobile ? 'phone' : 'desktop'}`);
      await page.keyboard.press('Escape');

      // The toast itself still takes clicks: its close button closes it.
      await welcomeToast.locator('.mantine-Notification-closeButton').click();
      await gone(welcome);
    });
  }
});
