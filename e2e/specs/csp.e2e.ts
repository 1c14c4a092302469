import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { closeGuidedTour, login, mainTarget, see } from '../support/app.js';
import { companyNow, OFFICE_SCHEDULE, type SeededCompany, seedCompany } from '../support/attendance.js';
import { launch, newContext } from '../support/browser.js';

/**
 * The Content-Security-Policy the server sends lets the product's own pages run untouched (decision 0031):
 * the landing, login, a company admin's tab with a dialog open and the kiosk raise no
 * `securitypolicyviolation`. A second pass serves the same pages with `style-src 'self'` (no inline styles)
 * and prints what that would break, the figure behind keeping 'unsafe-inline' for styles.
 */
const main = mainTarget();

interface Violation {
  directive: string;
  blocked: string;
  sample: string;
  source?: string;
}

describe(`Content-Security-Policy ${main.title}`, () => {
  let browser: Browser;
  let seeded: SeededCompany;
  let token = '';
  const contexts: { close(): Promise<void> }[] = [];

  beforeAll(async () => {
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

  /** A page that records every CSP violation from its first script on. `strictStyles` rewrites style-src. */
  async function open(strictStyles = false): Promise<{ page: Page; violations: () => Promise<Violation[]> }> {
    const context = await newContext(browser, main.baseUrl, {});
    contexts.push(context);
    await context.addInitScript(() => {
      const seen: unknown[] = [];
      (window as unknown as { __csp: unknown[] }).__csp = seen;
      document.addEventListener('securitypolicyviolation', (e) =>
        seen.push({ directive: e.violatedDirective, blocked: e.blockedURI, sample: e.sample, source: `${e.sourceFile}:${e.lineNumber}:${e.columnNumber}` }),
      );
    });
    if (strictStyles) {
      await context.route('**/*', async (route) => {
        // Only documents carry the policy that applies; socket.io's long polls are left alone.
        if (route.request().resourceType() !== 'document') return route.continue();
        const response = await route.fetch();
        const headers = response.headers();
        const csp = headers['content-security-policy'];
        if (csp) headers['content-security-policy'] = csp.replace(/style-src [^;]*/, "style-src 'self'");
        await route.fulfill({ response, headers });
      });
    }
    const page = await context.newPage();
    return { page, violations: () => page.evaluate(() => (window as unknown as { __csp: Violation[] }).__csp ?? []) };
  }

  async function tour(strictStyles: boolean): Promise<Record<string, Violation[]>> {
    const found: Record<string, Violation[]> = {};
    const pub = await open(strictStyles);
    await pub.page.goto('/');
    await see(pub.page.getByRole('heading', { level: 1 }));
    found.landing = await pub.violations();
    await pub.page.goto('/login');
    await see(pub.page.getByRole('heading', { level: 1, name: 'Iniciar sesión' }));
    found.login = await pub.violations();

    const admin = await open(strictStyles);
    await login(admin.page, seeded.admin.adminEmail, seeded.admin.password);
    await closeGuidedTour(admin.page);
    await admin.page.goto('/company-admin/employees');
    await see(admin.page.getByRole('button', { name: 'Nuevo empleado' }));
    await admin.page.getByRole('button', { name: 'Nuevo empleado' }).click();
    await see(admin.page.getByRole('dialog'));
    found['company admin employees + dialog'] = await admin.violations();

    const kiosk = await open(strictStyles);
    // Paired through the admin's QR link (decision 0033): the pairing screen, its WebCrypto key, then the kiosk.
    const code = await seeded.api.post<{ code: string }>('/company-admin-simple/face-recognition/kiosk-pairing-codes', { name: 'Kiosco CSP' });
    await kiosk.page.goto(`/attendance/${token}#pair=${code.body.data!.code}`);
    await expect.poll(() => kiosk.page.getByTestId('kiosk-pairing-code').inputValue()).toBe(code.body.data!.code);
    await kiosk.page.getByRole('button', { name: 'Vincular kiosco' }).click();
    await see(kiosk.page.getByTestId('kiosk-company').getByText(seeded.admin.companyName));
    found.kiosk = await kiosk.violations();
    return found;
  }

  it('the landing, login, a company admin tab with a dialog and the kiosk raise no violation', async () => {
    const found = await tour(false);
    expect(found).toEqual({ landing: [], login: [], 'company admin employees + dialog': [], kiosk: [] });
  });

  it("prints what style-src 'self' (no inline styles) would break", async () => {
    // Each page on its own: one that cannot be used under the strict policy is reported, not failed.
    const pages: [string, (o: Awaited<ReturnType<typeof open>>) => Promise<void>][] = [
      [
        'landing',
        async ({ page }) => {
          await page.goto('/');
          await see(page.getByRole('heading', { level: 1 }));
        },
      ],
      [
        'login',
        async ({ page }) => {
          await page.goto('/login');
          await see(page.getByRole('heading', { level: 1, name: 'Iniciar sesión' }));
        },
      ],
      [
        'company admin employees + dialog',
        async ({ page }) => {
          await login(page, seeded.admin.adminEmail, seeded.admin.password);
          await closeGuidedTour(page);
          await page.goto('/company-admin/employees');
          await page.getByRole('button', { name: 'Nuevo empleado' }).click({ timeout: 5_000 });
          await see(page.getByRole('dialog'), 5_000);
        },
      ],
      [
        'kiosk',
        async ({ page }) => {
          await page.goto(`/attendance/${token}`);
          await see(page.getByTestId('kiosk-company').getByText(seeded.admin.companyName));
        },
      ],
    ];
    for (const [where, visit] of pages) {
      const opened = await open(true);
      const broke = await visit(opened).then(
        () => '',
        (err: Error) => `; the page could not be used: ${err.message.split('\n')[0]}`,
      );
      const list = await opened.violations();
      const kinds = [...new Set(list.map((v) => `${v.directive} ${v.blocked}`))];
      console.info(`strict style-src, ${where}: ${list.length} violations (${kinds.join('; ')})${broke}`);
    }
  });
});
