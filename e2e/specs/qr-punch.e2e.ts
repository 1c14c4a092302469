import jsQR from 'jsqr';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, createEmployee, login, registerCompany, see, useBrowser } from '../support/app.js';
import { companyNow } from '../support/attendance.js';
import { expectAccessible } from '../support/axe.js';
import { shot } from '../support/browser.js';
import { type RunningServer, startServer } from '../support/server.js';
import { serverClockEnv, setServerClock } from '../support/server-clock.js';

/**
 * Issue 25 item 4, the rotating on-screen QR (decision 0044): the admin opens a work location's QR screen, an
 * employee on a phone opens the QR's URL (what a phone's camera app does) and checks in once with method qr_code;
 * the same code again is refused, and so is a code whose minute has passed. The server runs on a clock the test
 * moves (support/server-clock.mjs), so nothing waits for a code to expire.
 */
const browser = useBrowser();
let server: RunningServer;
let clock: Record<string, string>;

beforeAll(async () => {
  server = await startServer('qr-punch', { FACE_WORKERS: '0' }, { prepare: async (dataDir) => (clock = serverClockEnv(dataDir)) });
});
afterAll(async () => {
  await server?.stop();
});

/** The QR's text on the admin's screen once it shows a code other than `previous`. */
async function shownUrl(page: Page, previous = ''): Promise<string> {
  const box = page.locator('[data-qr-url^="http"]');
  await expect
    .poll(async () => ((await box.count()) ? await box.getAttribute('data-qr-url') : ''), { timeout: 15_000 })
    .not.toMatch(new RegExp(`^(|${previous.replace(/[.?+*()[\]\\^$|]/g, '\\$&')})$`));
  return (await box.getAttribute('data-qr-url'))!;
}

/** What the QR image on the page says, decoded from its pixels (as a phone would read it). */
async function decodedQr(page: Page): Promise<string | null> {
  const { width, height, pixels } = await page.locator('[data-qr-url] img').evaluate((img: HTMLImageElement) => {
    const canvas = document.createElement('canvas');
    canvas.width = 400;
    canvas.height = 400;
    const context = canvas.getContext('2d')!;
    context.drawImage(img, 0, 0, 400, 400);
    return { width: 400, height: 400, pixels: Array.from(context.getImageData(0, 0, 400, 400).data) };
  });
  return jsQR(Uint8ClampedArray.from(pixels), width, height)?.data ?? null;
}

/** The path and query of the QR's URL, opened in the phone's browser. */
const pathOf = (url: string) => {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};

describe('rotating QR: one punch per code, a replay and an expired code refused', () => {
  it('admin shows the QR; the employee punches once with it on a phone; replay and expiry refused', async () => {
    const admin = await registerCompany(server.url);
    const api = new ApiClient(server.url);
    await api.login(admin.adminEmail, admin.password);
    const location = await api.post<{ id: string }>('/company-admin-simple/work-locations', {
      name: 'Sede Miraflores',
      latitude: -12.1211,
      longitude: -77.0297,
      allowedRadius: 150,
    });
    expect(location.status).toBe(201);
    const locationId = location.body.data!.id;
    const schedule = await api.post<{ id: string; allowQrAttendance: boolean }>('/company-admin-simple/schedules', {
      name: 'Turno QR',
      startTime: '00:00',
      endTime: '23:59',
      workDays: '1,2,3,4,5,6,7',
      earlyCheckInMinutes: 0,
      locationId,
      allowQrAttendance: true,
    });
    expect(schedule.body.data).toMatchObject({ allowQrAttendance: true });
    const employee = await createEmployee(server.url, server.dataDir, admin, { scheduleId: schedule.body.data!.id, hireDate: companyNow().date });

    // The admin opens the screen from Configuración's work locations (the link opens a new tab: followed here).
    const adminSide = await browser.open(server.url);
    await login(adminSide.page, admin.adminEmail, admin.password);
    await adminSide.page.goto('/company-admin/settings');
    const link = adminSide.page.getByRole('link', { name: 'Pantalla QR de Sede Miraflores' }).first();
    await see(link);
    expect(await link.getAttribute('href')).toBe(`/qr-screen/${locationId}`);
    await adminSide.page.goto(`/qr-screen/${locationId}`);
    await see(adminSide.page.getByRole('heading', { name: 'Marca tu asistencia' }));
    await see(adminSide.page.getByText('Sede Miraflores'));
    const first = await shownUrl(adminSide.page);
    expect(pathOf(first)).toMatch(/^\/employee\/attendance\?qr=Q1\./);
    await see(adminSide.page.getByRole('img', { name: 'Código QR de asistencia de Sede Miraflores' }));
    // The image is the code the attribute names (read back from its pixels), unless it just turned to the next one.
    await expect.poll(async () => [first, await shownUrl(adminSide.page)].includes((await decodedQr(adminSide.page)) ?? '')).toBe(true);
    await shot(adminSide.page, 'qr-screen-desktop');
    const axeScreen = await expectAccessible(adminSide.page, 'qr-screen');
    expect(axeScreen.blocking).toEqual([]);

    // The employee, signed in on a phone, opens the QR's URL (as the phone's camera app does): one check-in.
    const phone = await browser.open(server.url, { mobile: true });
    await login(phone.page, employee.email, employee.password, '/employee');
    await phone.page.goto(pathOf(first));
    const outcome = phone.page.getByTestId('qr-punch-outcome');
    await see(outcome.getByText('Entrada registrada exitosamente'));
    await see(outcome.getByText('Sede: Sede Miraflores'));
    // The code is taken off the address, so a reload never sends it again.
    await expect.poll(() => new URL(phone.page.url()).search).toBe('');
    await see(phone.page.getByRole('button', { name: 'Marcar con QR' }));
    await shot(phone.page, 'qr-punch-done-phone');
    const axePhone = await expectAccessible(phone.page, 'qr-punch-phone');
    expect(axePhone.blocking).toEqual([]);

    // The admin's records show it, method qr_code.
    const now = companyNow().date;
    const calendar = await api.get<{ employees: unknown[] }>(
      `/company-admin-simple/attendance/monthly-calendar?month=${Number(now.slice(5, 7))}&year=${now.slice(0, 4)}`,
    );
    expect(calendar.status).toBe(200);
    expect(JSON.stringify(calendar.body)).toContain('"method":"qr_code"');

    // The same code again: refused, nothing recorded twice.
    await phone.page.goto(pathOf(first));
    await see(outcome.getByText('Ya usaste este código QR. Espera el siguiente código de la pantalla para marcar de nuevo.'));
    await see(outcome.getByText('Marcación con QR rechazada'));
    await shot(phone.page, 'qr-punch-replay-refused-phone');

    // A code shown, then its minute passes (the server's clock moves 61 s): refused as expired.
    // (A reload shows a fresh code at once: every fetch has its own nonce, no need to wait for the next step.)
    await adminSide.page.reload();
    const second = await shownUrl(adminSide.page, first);
    setServerClock(clock, 61_000);
    const me = new ApiClient(server.url);
    await me.login(employee.email, employee.password);
    await expect
      .poll(async () => Date.parse((await me.get<{ serverTime: string }>('/employee/attendance/today')).body.data!.serverTime) - Date.now(), {
        timeout: 10_000,
      })
      .toBeGreaterThan(55_000);
    await phone.page.goto(pathOf(second));
    await see(outcome.getByText('El código QR ya expiró. Escanea el código que se muestra ahora en la pantalla.'));
    await shot(phone.page, 'qr-punch-expired-phone');
    setServerClock(clock, 0);

    // A paired kiosk in its QR mode shows the site's code too. Scanned a minute after the check-in, it repeats the
    // check-in (2 minutes, as at the face kiosk) rather than checking the person out by mistake.
    const kioskLink = await api.post<{ token: string }>('/company-admin-simple/face-recognition/attendance-link', { name: 'Entrada' });
    expect(kioskLink.status).toBe(201);
    const pairing = await api.post<{ code: string }>('/company-admin-simple/face-recognition/kiosk-pairing-codes', { name: 'Recepción' });
    const kiosk = await browser.open(server.url);
    await kiosk.page.goto(`/attendance/${kioskLink.body.data!.token}#pair=${pairing.body.data!.code}`);
    await expect.poll(() => kiosk.page.getByTestId('kiosk-pairing-code').inputValue()).toBe(pairing.body.data!.code);
    await kiosk.page.getByRole('button', { name: 'Vincular kiosco' }).click();
    await kiosk.page
      .locator('label')
      .filter({ hasText: /^Código QR$/ })
      .click();
    await expect.poll(() => kiosk.page.getByRole('radio', { name: 'Código QR' }).isChecked()).toBe(true);
    const fromKiosk = await shownUrl(kiosk.page);
    await see(kiosk.page.getByRole('img', { name: 'Código QR de asistencia de Sede Miraflores' }));
    await shot(kiosk.page, 'qr-kiosk-mode-desktop');
    expect((await expectAccessible(kiosk.page, 'qr-kiosk-mode')).blocking).toEqual([]);
    await phone.page.goto(pathOf(fromKiosk));
    await see(outcome.getByText('Ya registraste tu entrada hoy'));

    // Phone-size screen at the entrance (a tablet or phone on a stand) lays out too.
    const small = await browser.open(server.url, { mobile: true });
    await login(small.page, admin.adminEmail, admin.password);
    await small.page.goto(`/qr-screen/${locationId}`);
    await shownUrl(small.page);
    await shot(small.page, 'qr-screen-phone');
  });
});
