import { describe, expect, it } from 'vitest';
import { mainTarget, see, useBrowser } from '../support/app.js';

/**
 * Issue 16, item 3: a visitor's browser console stays clean on the public pages: no error, not even the
 * expected 401 of "is anyone signed in?", and no uncaught exception.
 */
const browser = useBrowser();
const main = mainTarget();

describe(`public pages' console ${main.title}`, () => {
  for (const mobile of [false, true]) {
    it(`prints no console error on the landing, login, register and forgot-password pages (${mobile ? 'phone' : 'desktop'})`, async () => {
      const { page } = await browser.open(main.baseUrl, { mobile });
      const errors: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error') errors.push(`${page.url()}: ${m.text()}`);
      });
      page.on('pageerror', (e) => errors.push(`${page.url()}: ${e.message}`));
      for (const [path, heading] of [
        ['/', undefined],
        ['/login', 'Iniciar sesión'],
        ['/register', undefined],
        ['/forgot-password', undefined],
      ] as const) {
        await page.goto(path);
        await see(page.getByRole('heading', { level: 1, ...(heading ? { name: heading } : {}) }));
        await page.waitForLoadState('networkidle');
      }
      expect(errors).toEqual([]);
    });
  }
});
