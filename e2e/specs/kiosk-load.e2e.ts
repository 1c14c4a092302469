import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mainTarget } from '../support/app.js';
import { companyNow, type SeededCompany, scheduleStartingNow, seedCompany } from '../support/attendance.js';
import { type CameraBrowser, cameraBrowser, faceFixturesDir, makeFaceVideos } from '../support/face.js';
import { timing } from '../support/timings.js';

/**
 * Issue 17 item 7 (decision 0057): how long a paired kiosk page takes to become clickable ("Marcar asistencia"
 * enabled) after a reload on a warm cache, the way an entrance tablet reopens it every morning. Reported through
 * timing() (a test never fails on time); the goal is 2 s.
 */
const fixtures = faceFixturesDir();
const main = mainTarget();

describe.skipIf(!fixtures)('kiosk page: time to clickable on a warm cache', () => {
  let seeded: SeededCompany;
  let cam: CameraBrowser;

  beforeAll(async () => {
    seeded = await seedCompany(main, scheduleStartingNow(), companyNow().date);
    cam = await cameraBrowser((await makeFaceVideos(fixtures!)).kiosk);
  });
  afterAll(async () => {
    await cam?.close();
  });

  it('a paired kiosk reloads and becomes clickable', async () => {
    const link = await seeded.api.post<{ token: string }>('/company-admin-simple/face-recognition/attendance-link', { name: 'Entrada' });
    const token = link.body.data!.token;
    const code = await seeded.api.post<{ code: string }>('/company-admin-simple/face-recognition/kiosk-pairing-codes', { name: 'Tablet' });
    const { page } = await cam.open(main.baseUrl);
    await page.goto(`/attendance/${token}#pair=${code.body.data!.code}`);
    await expect.poll(() => page.getByTestId('kiosk-pairing-code').inputValue()).toBe(code.body.data!.code);
    await page.getByRole('button', { name: 'Vincular kiosco' }).click();
    const start = page.getByRole('button', { name: 'Marcar asistencia' });
    await expect.poll(() => start.isEnabled(), { timeout: 30_000 }).toBe(true);
    const runs: number[] = [];
    for (let i = 0; i < 5; i++) {
      const t0 = Date.now();
      await page.goto(`/attendance/${token}`);
      await expect.poll(() => start.isEnabled(), { timeout: 30_000, interval: 25 }).toBe(true);
      runs.push(Date.now() - t0);
    }
    runs.sort((a, b) => a - b);
    timing('kiosk: reload to clickable, warm cache (median of 5)', runs[2], `runs ${runs.join(', ')} ms`);
    console.log(`kiosk time-to-clickable (warm): ${runs.join(', ')} ms`);
    expect(runs).toHaveLength(5);
  });
});
