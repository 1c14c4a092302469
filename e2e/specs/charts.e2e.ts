import { describe, expect, it } from 'vitest';
import { closeGuidedTour, login, mainTarget, see, useBrowser } from '../support/app.js';
import { companyNow, OFFICE_SCHEDULE, seedCompany } from '../support/attendance.js';
import { expectAccessible } from '../support/axe.js';
import { shot } from '../support/browser.js';

/**
 * Issue 16, item 5: the company overview's last 30 days and the employee's hours per month are drawn from
 * the API's real figures, with the chart library loaded only when a chart shows. Desktop at 1366x768 (where
 * the attendance grid no longer fits the month: finding 11's cue) and a phone.
 */
const browser = useBrowser();
const main = mainTarget();

const shift = (ymd: string, days: number) => {
  const [y, m, d] = ymd.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
};

describe(`charts ${main.title}`, () => {
  it('draws the last 30 days and the hours per month from real records, loading the chart chunk only on those tabs', async () => {
    const today = companyNow().date;
    const seeded = await seedCompany(main, OFFICE_SCHEDULE, shift(today, -45));
    expect((await seeded.api.post('/company-admin-simple/tour/complete')).status).toBe(200);
    // 40 past days: on time, every fifth late, every seventh absent (no record).
    for (let i = 1; i <= 40; i++) {
      if (i % 7 === 0) continue;
      const date = shift(today, -i);
      const res = await seeded.api.post('/company-admin-simple/attendance', {
        employeeId: seeded.employee.id,
        date,
        checkIn: i % 5 === 0 ? '08:40' : '07:58',
        checkOut: '17:00',
        reason: 'Carga inicial de asistencias',
      });
      expect(res.status, `record of ${date}`).toBe(201);
    }

    for (const mobile of [false, true]) {
      const size = mobile ? 'phone' : 'desktop';
      const { page } = await browser.open(main.baseUrl, { mobile });
      if (!mobile) await page.setViewportSize({ width: 1366, height: 768 });
      const chunks: string[] = [];
      page.on('request', (r) => {
        if (/\/assets\/BarChartView-[^/]*\.js$/.test(r.url())) chunks.push(r.url());
      });
      await login(page, seeded.admin.adminEmail, seeded.admin.password);
      await closeGuidedTour(page);
      const chart = page.getByRole('figure', { name: 'Últimos 30 días' });
      // Recharts draws one rectangle per day and series (a zero is an empty <g>, which Playwright calls hidden).
      await expect.poll(() => chart.locator('.recharts-bar-rectangle').count(), { timeout: 20_000 }).toBeGreaterThan(20);
      await see(chart.getByText(/^\d+ días con turnos · asistencia promedio \d+%$/));
      expect(chunks).toHaveLength(1);
      await chart.scrollIntoViewIfNeeded();
      await shot(page, `charts-company-overview-${size}`);
      await expectAccessible(page, `company-admin-overview-chart-${size}`);

      if (!mobile) {
        // Another tab without a chart never asks for the chart chunk.
        const before = chunks.length;
        await page.goto('/company-admin/attendance');
        await see(page.getByRole('table', { name: 'Calendario de asistencia del mes' }));
        // 1366 px: the month does not fit; the grid says which days are in view and offers the others.
        await see(page.getByTestId('grid-scroll-cue').getByText(/^Días 1–\d+ de \d+ a la vista$/));
        await shot(page, 'charts-attendance-desktop');
        await page.getByRole('button', { name: 'Días siguientes' }).click();
        await expect.poll(() => page.getByRole('button', { name: 'Días anteriores' }).isEnabled()).toBe(true);
        await shot(page, 'charts-attendance-desktop-scrolled');
        await expectAccessible(page, 'company-admin-attendance-desktop');
        expect(chunks).toHaveLength(before);
      }
      await page.close();
    }

    for (const mobile of [false, true]) {
      const size = mobile ? 'phone' : 'desktop';
      const { page } = await browser.open(main.baseUrl, { mobile });
      if (!mobile) await page.setViewportSize({ width: 1366, height: 768 });
      await login(page, seeded.employee.email, seeded.employee.password, '/employee');
      const chart = page.getByRole('figure', { name: `Horas por mes en ${today.slice(0, 4)}` });
      await expect.poll(() => chart.locator('.recharts-bar-rectangle path').count(), { timeout: 20_000 }).toBeGreaterThan(0);
      await chart.scrollIntoViewIfNeeded();
      await shot(page, `charts-employee-overview-${size}`);
      await expectAccessible(page, `employee-overview-chart-${size}`);
      await page.close();
    }
  });
});
