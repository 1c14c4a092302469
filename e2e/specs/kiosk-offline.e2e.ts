import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTcpProxy, type TcpProxy, targetOf } from '../../apps/server/src/test/tcp-proxy.js';
import { closeGuidedTour, login, mainTarget, see } from '../support/app.js';
import { companyNow, OFFICE_SCHEDULE, type SeededCompany, seedCompany } from '../support/attendance.js';
import { launch, newContext, shot } from '../support/browser.js';

/**
 * Issue 25 item 2 (decision 0045): the kiosk is installable (its link's web manifest, a service worker that
 * controls it) and a reload without network still opens it, while a signed-in page is never served from a cache.
 * The browser reaches the server through a TCP proxy the test cuts: Playwright's offline mode alone does not reach
 * a service worker's own requests, the cut does (and the browser is told it is offline too).
 */
const main = mainTarget();

describe(`installable kiosk, reloaded offline ${main.title}`, () => {
  let browser: Browser;
  let seeded: SeededCompany;
  let proxy: TcpProxy;
  let origin = '';
  let token = '';
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    browser = await launch(['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream']);
    seeded = await seedCompany(main, OFFICE_SCHEDULE, companyNow().date);
    const link = await seeded.api.post<{ token: string }>('/company-admin-simple/face-recognition/attendance-link', { name: 'Entrada principal' });
    if (link.status !== 201) throw new Error(`create link failed: ${link.status} ${JSON.stringify(link.body)}`);
    token = link.body.data!.token;
    proxy = await startTcpProxy(targetOf(main.baseUrl));
    origin = `http://127.0.0.1:${proxy.port}`;
  });
  afterEach(async () => {
    await proxy.restore().catch(() => {});
    await Promise.all(contexts.splice(0).map((c) => c.close().catch(() => {})));
  });
  afterAll(async () => {
    await browser?.close();
    await proxy?.close();
  });

  /** A browser profile at the proxy's address, with a kiosk paired by the admin's one-time code. */
  async function pairedKiosk(mobile: boolean): Promise<{ context: BrowserContext; page: Page }> {
    const context = await newContext(browser, origin, { mobile });
    contexts.push(context);
    const page = await context.newPage();
    const code = await seeded.api.post<{ code: string }>('/company-admin-simple/face-recognition/kiosk-pairing-codes', {
      name: `Kiosco ${mobile ? 'phone' : 'desktop'}`,
    });
    await page.goto(`/attendance/${token}#pair=${code.body.data!.code}`);
    await expect.poll(() => page.getByTestId('kiosk-pairing-code').inputValue()).toBe(code.body.data!.code);
    await page.getByRole('button', { name: 'Vincular kiosco' }).click();
    await see(page.getByTestId('kiosk-company').getByText(seeded.admin.companyName));
    return { context, page };
  }

  /** The kiosk's service worker is active for /attendance/ (its precache installed) and controls this page. */
  async function controlled(page: Page) {
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(`${origin}/attendance/`);
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null)).toBe(`${origin}/kiosk-sw.js`);
  }

  async function goOffline(context: BrowserContext) {
    await proxy.cut();
    await context.setOffline(true);
  }

  /** Reloads the kiosk with the network cut: the service worker answers, and the kiosk (not a browser error) shows. */
  async function reloadOffline(page: Page) {
    const res = await page.reload();
    expect(res?.fromServiceWorker()).toBe(true);
    await see(page.getByTestId('kiosk-company').getByText(seeded.admin.companyName));
    await see(page.getByText('Entrada principal'));
    await expect.poll(() => page.getByTestId('kiosk-connection').getAttribute('data-state')).toBe('offline');
    await see(page.getByTestId('kiosk-offline'));
    await see(page.getByRole('button', { name: 'Marcar asistencia' }));
    await see(page.locator('video'));
  }

  it("installs from the link's manifest, reloads offline into the kiosk, and never serves a signed-in page from a cache (desktop)", async () => {
    const { context, page } = await pairedKiosk(false);

    // The link's manifest: the company's and the link's names, the kiosk page, full screen, icons that load.
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe(`/api/public/attendance/${token}/manifest.webmanifest`);
    const manifest = await page.evaluate(async (url) => {
      const res = await fetch(url);
      return { type: res.headers.get('content-type'), body: await res.json() };
    }, href!);
    expect(manifest.type).toMatch(/^application\/manifest\+json/);
    expect(manifest.body).toMatchObject({
      name: `${seeded.admin.companyName} · Entrada principal`,
      start_url: `/attendance/${token}`,
      scope: `/attendance/${token}`,
      display: 'fullscreen',
      theme_color: '#3b5bdb',
    });
    for (const icon of manifest.body.icons as { src: string }[]) {
      const res = await page.request.get(icon.src);
      expect(res.status()).toBe(200);
      expect(res.headers()['content-type']).toBe('image/png');
    }
    await controlled(page);

    // The same browser profile, signed in as the company's admin on another tab.
    const admin = await context.newPage();
    await login(admin, seeded.admin.adminEmail, seeded.admin.password);
    await closeGuidedTour(admin);
    await admin.goto('/company-admin/employees');
    await see(admin.getByText(seeded.employee.name));
    expect(await admin.evaluate(() => navigator.serviceWorker.controller)).toBeNull();

    await goOffline(context);
    await reloadOffline(page);
    await shot(page, 'kiosk-offline-desktop');

    // The admin's page reloaded offline is the browser's error, not a stored copy of the dashboard.
    await expect(admin.reload()).rejects.toThrow(/net::ERR_/);
    await expect.poll(() => admin.evaluate(() => location.href).catch(() => '')).toMatch(/^chrome-error:/);
    const shown = await admin.content();
    expect(shown).not.toContain(seeded.employee.name);
    expect(shown).not.toContain(seeded.employee.email);

    // What the worker stored: the kiosk's shell and the face models; no API answer, no other page.
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) for (const req of await (await caches.open(name)).keys()) urls.push(new URL(req.url).pathname);
      return urls;
    });
    expect(cached).toContain('/index.html');
    expect(cached).toContain('/api/face/models/human/facemesh.bin');
    expect(cached).toContain('/api/face/models/wasm/tfjs-backend-wasm-simd.wasm');
    expect(cached.filter((p) => p.startsWith('/api/') && !p.startsWith('/api/face/models/'))).toEqual([]);
    // The other pages' code is not the kiosk's shell (the signed-in areas, the landing, sign-in).
    expect(cached.filter((p) => /ProtectedArea|DashboardLayout|OverviewTab|LandingPage|LoginPage|RegisterPage/.test(p))).toEqual([]);
    expect(cached.filter((p) => !p.startsWith('/assets/') && !p.startsWith('/api/face/models/') && !p.startsWith('/kiosk-icons/'))).toEqual([
      '/index.html',
      '/favicon.svg',
    ]);

    // The network back: the kiosk says so by itself.
    await proxy.restore();
    await context.setOffline(false);
    await expect.poll(() => page.getByTestId('kiosk-connection').getAttribute('data-state'), { timeout: 15_000 }).toBe('online');
  });

  it('reloads offline into the kiosk on a phone', async () => {
    const { context, page } = await pairedKiosk(true);
    await controlled(page);
    await goOffline(context);
    await reloadOffline(page);
    await shot(page, 'kiosk-offline-phone');
  });
});
