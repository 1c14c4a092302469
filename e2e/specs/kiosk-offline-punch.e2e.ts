import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTcpProxy, type TcpProxy, targetOf } from '../../apps/server/src/test/tcp-proxy.js';
import { login, mainServerClock, mainTarget, see } from '../support/app.js';
import { companyNow, readWorkbook, type SeededCompany, scheduleStartingNow, seedCompany } from '../support/attendance.js';
import { launch, newContext, shot } from '../support/browser.js';
import { faceFixturesDir } from '../support/face.js';
import { enrolPuppet, installPuppet, makePuppet, type PuppetClips } from '../support/puppet-camera.js';
import { artifactsDir } from '../support/server.js';
import { moveServerClock } from '../support/server-clock.js';

/**
 * Issue 25 item 3 (decision 0075): offline punches. A paired kiosk, its network cut (a TCP proxy the test cuts, and
 * Playwright's offline mode), marks twice (the worker's puppet head answering the kiosk's own challenge; the kiosk
 * reloaded offline between them), then the network returns: both are sent and both accepted (no refusal in the
 * server's log), recorded at their capture times and marked offline in the register: the entry and the exit.
 * The worker leaves 3 minutes later without the test waiting them: the kiosk's clock (Playwright's) and the server's
 * (server-clock.mjs, put back afterwards) move on 3 minutes between the marks. A second mark within 2 minutes would
 * repeat the check-in (AUTO_CHECKOUT_AFTER_MS), as online. The puppet stands elsewhere for each mark
 * (puppet-camera.ts): with the same rendered frames twice, the second was refused as a replay.
 */
/** How much later the worker marks the exit, on the kiosk's and the server's clocks. */
const LATER_MS = 3 * 60_000;
const main = mainTarget();
const fixtures = faceFixturesDir();

describe.skipIf(!fixtures)(`offline punches at a paired kiosk ${main.title}`, () => {
  let browser: Browser;
  let seeded: SeededCompany;
  let proxy: TcpProxy;
  let origin = '';
  let token = '';
  let head: PuppetClips;

  beforeAll(async () => {
    browser = await launch();
    seeded = await seedCompany(main, scheduleStartingNow(), companyNow().date, { documentNumber: '45678912' });
    const link = await seeded.api.post<{ token: string }>('/company-admin-simple/face-recognition/attendance-link', { name: 'Entrada principal' });
    token = link.body.data!.token;
    proxy = await startTcpProxy(targetOf(main.baseUrl));
    origin = `http://127.0.0.1:${proxy.port}`;
    head = await makePuppet(join(fixtures!, 'stock-a', 'stock-emotions-a-1.jpg'), browser);
  }, 300_000);
  afterAll(async () => {
    await moveServerClock(main.baseUrl, mainServerClock(), 0);
    await proxy?.restore().catch(() => {});
    await browser?.close();
    await proxy?.close();
  });

  /** Clicks 'Marcar asistencia' and waits for the punch kept offline; the company's HH:mm at the click. */
  async function markOffline(page: Page): Promise<{ time: string }> {
    const start = page.getByRole('button', { name: 'Marcar asistencia' });
    await expect.poll(() => start.isEnabled(), { timeout: 60_000 }).toBe(true);
    const at = { time: companyNow().time };
    await start.click();
    await see(page.getByTestId('kiosk-queued'), 60_000);
    return at;
  }

  it('marks twice offline (reloaded offline between), sends both when the network returns: the entry and the exit at their capture times, "offline" in the register', async () => {
    const adminContext = await newContext(browser, main.baseUrl);
    const adminPage = await adminContext.newPage();
    await login(adminPage, seeded.admin.adminEmail, seeded.admin.password);
    await enrolPuppet(main.baseUrl, seeded.api, seeded.employee, '45678912', head);

    // The kiosk: a browser profile whose camera is the worker's puppet head.
    const context: BrowserContext = await newContext(browser, origin);
    await installPuppet(context, head, () => {});
    const page = await context.newPage();
    const code = await seeded.api.post<{ code: string }>('/company-admin-simple/face-recognition/kiosk-pairing-codes', { name: 'Kiosco puerta' });
    await page.goto(`/attendance/${token}#pair=${code.body.data!.code}`);
    await expect.poll(() => page.getByTestId('kiosk-pairing-code').inputValue()).toBe(code.body.data!.code);
    await page.getByRole('button', { name: 'Vincular kiosco' }).click();
    await see(page.getByTestId('kiosk-company').getByText(seeded.admin.companyName));
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null), { timeout: 30_000 }).toBe(`${origin}/kiosk-sw.js`);
    // Its first signed contact: the admin sees it.
    const kiosks = async () =>
      (await seeded.api.get<{ name: string; lastContactAt: string | null; offlineWaiting: number }[]>('/company-admin-simple/face-recognition/kiosks')).body
        .data!;
    await expect.poll(async () => (await kiosks())[0]?.lastContactAt ?? null, { timeout: 30_000 }).not.toBeNull();

    // The network cut: the kiosk says so and keeps the first punch.
    await proxy.cut();
    await context.setOffline(true);
    await expect.poll(() => page.getByTestId('kiosk-connection').getAttribute('data-state')).toBe('offline');
    const firstAt = await markOffline(page);
    await expect.poll(() => page.getByTestId('kiosk-waiting').getAttribute('data-count')).toBe('1');
    await shot(page, 'kiosk-offline-punch-queued');

    // 3 minutes later, reloaded offline (the service worker's shell): the waiting punch is still there; the worker
    // marks again (the exit). The kiosk's clock runs 3 minutes ahead from the reload; the server's moves before the upload.
    await page.clock.install({ time: Date.now() + LATER_MS });
    const res = await page.reload();
    expect(res?.fromServiceWorker()).toBe(true);
    await see(page.getByTestId('kiosk-company').getByText(seeded.admin.companyName));
    await expect.poll(() => page.getByTestId('kiosk-waiting').getAttribute('data-count')).toBe('1');
    const secondAt = await markOffline(page);
    await expect.poll(() => page.getByTestId('kiosk-waiting').getAttribute('data-count')).toBe('2');

    // The network back: a contact, then both punches sent; nothing waits, and the server refused neither.
    const serverLog = join(artifactsDir, `server-${main.name}.log`);
    const refusals = () =>
      readFileSync(serverLog, 'utf8')
        .split('\n')
        .filter((l) => l.includes('kiosk mark refused'));
    const refusedBefore = refusals().length;
    // What the server answered each upload (a capture-time refusal is a 422 with no face-refusal line in the log).
    const uploads: { status: number; body: string }[] = [];
    context.on('response', (r) => {
      if (!r.url().includes('/offline-mark')) return;
      const seen = { status: r.status(), body: '' };
      uploads.push(seen);
      r.text().then(
        (t) => (seen.body = t.slice(0, 300)),
        () => {},
      );
    });
    await moveServerClock(main.baseUrl, mainServerClock(), LATER_MS);
    await proxy.restore();
    await context.setOffline(false);
    await expect.poll(() => page.getByTestId('kiosk-connection').getAttribute('data-state'), { timeout: 30_000 }).toBe('online');
    await expect.poll(() => page.getByTestId('kiosk-waiting').count(), { timeout: 120_000 }).toBe(0);
    await expect.poll(async () => (await kiosks())[0]?.offlineWaiting, { timeout: 30_000 }).toBe(0);
    expect(refusals().slice(refusedBefore)).toEqual([]);
    expect(
      uploads.map((u) => u.status),
      JSON.stringify(uploads),
    ).toEqual([200, 200]);

    // The register: the entry and the exit at their capture times, both marked offline.
    const file = await adminPage.request.get('/api/company-admin-simple/register?format=xlsx');
    expect(file.status()).toBe(200);
    const path = join(artifactsDir, `offline-register-${Date.now().toString(36)}.xlsx`);
    writeFileSync(path, await file.body());
    const rows = [...(await readWorkbook(path)).values()].flat();
    /** The HH:mm `later` ms after `hhmm`, give or take a minute (the capture comes a moment after the click). */
    const near = (hhmm: string, later = 0) => {
      const [h, m] = hhmm.split(':').map(Number);
      return [-1, 0, 1].map((d) => {
        const t = (h * 60 + m + later / 60_000 + d + 1440) % 1440;
        return `${String(Math.floor(t / 60)).padStart(2, '0')}:${String(t % 60).padStart(2, '0')}`;
      });
    };
    const [first, ...rest] = seeded.employee.name.split(' ');
    const row = rows.find((r) => r[0] === `${rest.join(' ')}, ${first}`);
    expect(row, `${seeded.employee.name} in the register`).toBeDefined();
    expect(near(firstAt.time)).toContain(row![4]);
    expect(near(secondAt.time, LATER_MS)).toContain(row![5]);
    expect(String(row![9])).toContain('Entrada y salida marcadas sin conexión en el kiosco (hora de captura del dispositivo)');
    await adminContext.close();
    await context.close();
  }, 600_000);
});
