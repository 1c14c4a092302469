import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { closeGuidedTour, login, mainTarget, see, toast, useBrowser } from '../support/app.js';
import { companyNow, OFFICE_SCHEDULE, openTab, seedCompany } from '../support/attendance.js';
import { expectAccessible } from '../support/axe.js';
import { downloadFrom } from '../support/billing.js';
import { shot } from '../support/browser.js';

/**
 * Issue 24 item 4: the Nómina view in Reportes shows the month's payroll summary from the shared engine (decision
 * 0047), its CSV export carries the same figures, and axe finds nothing critical or serious, on desktop and phone.
 */
const browser = useBrowser();
const main = mainTarget();

describe(`payroll ${main.title}`, () => {
  it('shows the month’s hours per worker, exports them and is accessible', async () => {
    const today = companyNow().date;
    // Days 1-3 of this month, or of last month on days 1-3 (then the report is switched to last month below).
    const early = Number(today.slice(8)) < 4;
    const firstOfLast = new Date(Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)) - 2, 1)).toISOString().slice(0, 10);
    const month = early ? firstOfLast.slice(0, 7) : today.slice(0, 7);
    const seeded = await seedCompany(main, OFFICE_SCHEDULE, `${month}-01`);
    expect((await seeded.api.post('/company-admin-simple/tour/complete')).status).toBe(200);
    // 8 h; 10 h (2 h overtime, not approved: shown apart); 08:30 late by 30 minutes, 7.5 h. Lunch 13:00-14:00.
    const days: [string, string, string][] = [
      [`${month}-01`, '08:00', '17:00'],
      [`${month}-02`, '08:00', '19:00'],
      [`${month}-03`, '08:30', '17:00'],
    ];
    for (const [date, checkIn, checkOut] of days) {
      const res = await seeded.api.post('/company-admin-simple/attendance', {
        employeeId: seeded.employee.id,
        date,
        checkIn,
        checkOut,
        reason: 'Carga de nómina',
      });
      expect(res.status, `record of ${date}`).toBe(201);
    }

    for (const mobile of [false, true]) {
      const size = mobile ? 'phone' : 'desktop';
      const { page } = await browser.open(main.baseUrl, { mobile });
      await login(page, seeded.admin.adminEmail, seeded.admin.password);
      await closeGuidedTour(page);
      if (mobile) await page.goto('/company-admin/reports');
      else await openTab(page, 'Reportes', '/company-admin/reports');
      if (early) {
        // The report opens on this month: choose last month (and its year, in January).
        await page.getByRole('textbox', { name: 'Año' }).click();
        await page.getByRole('option', { name: month.slice(0, 4), exact: true }).click();
        await page.getByRole('textbox', { name: 'Mes' }).click();
        await page.getByRole('option', { name: new RegExp(`^${month.slice(5, 7)} - `) }).click();
      }
      const panel = page.getByRole('region', { name: 'Nómina' });
      await see(panel);
      if (!mobile) {
        const row = panel
          .getByTestId('payroll-table')
          .getByRole('row')
          .filter({ hasText: seeded.employee.name.split(' ').at(-1)! });
        await see(row.getByRole('cell').first());
        const cells = await row.getByRole('cell').allInnerTexts();
        // Days worked, worked, regular, 25 %, 35 %, unapproved, night, holiday, rest, minutes late. A Sunday
        // among the three days is the weekly rest day (decision 0047): its hours go to "on rest day" instead.
        const hours = [8, 10, 7.5];
        const sunday = days.map(([d]) => new Date(`${d}T12:00:00Z`).getUTCDay() === 0);
        const rest = hours.reduce((s, h, i) => s + (sunday[i] ? h : 0), 0);
        const regular = hours.reduce((s, h, i) => s + (sunday[i] ? 0 : Math.min(h, 8)), 0);
        const unapproved = hours.reduce((s, h, i) => s + (sunday[i] ? 0 : Math.max(0, h - 8)), 0);
        // Unapproved overtime is a button that opens its days for approval (decision 0059).
        const unapprovedCell = unapproved > 0 ? `${unapproved} · revisar` : '0';
        expect(cells.slice(0, 10)).toEqual(['3', '25.5', String(regular), '0', '0', unapprovedCell, '0', '0', String(rest), '30']);
        const csv = await downloadFrom(page, panel.getByRole('link', { name: 'Exportar CSV' }));
        expect(csv.name).toMatch(/^Nomina_.*\.csv$/);
        const lines = readFileSync(csv.path, 'utf8')
          .replace(/^\uFEFF/, '')
          .trim()
          .split('\r\n');
        const head = lines[0].split(',');
        const line = lines.find((l) => l.includes(seeded.employee.name.split(' ').at(-1)!))!;
        const values = line.match(/("[^"]*"|[^,]+|(?<=,)(?=,))/g)!;
        expect(values[head.indexOf('Horas trabajadas')]).toBe('25.5');
        expect(values[head.indexOf('Horas extra sin aprobar')]).toBe(String(unapproved));
        if (unapproved > 0) {
          // Approving the day pays its overtime at 25 % (the first two hours) and leaves nothing apart; the day stays
          // listed, so the approval can be withdrawn.
          await row.getByRole('button', { name: /revisar \(horas extra de / }).click();
          const dialog = page.getByRole('dialog', { name: /^Horas extra de / });
          await dialog.getByRole('switch', { name: 'Aprobada' }).first().click();
          await see(toast(page, 'Horas extra aprobadas'));
          await expectAccessible(page, 'overtime approval dialog');
          await page.keyboard.press('Escape');
          await expect.poll(async () => (await row.getByRole('cell').allInnerTexts()).slice(3, 6)).toEqual([String(unapproved), '0', '0 · revisar']);
        }
        // A custom period (decision 0059): the first day alone, then an inverted one refused with the server's words.
        const dmy = (ymd: string) => `${ymd.slice(8)}/${ymd.slice(5, 7)}/${ymd.slice(0, 4)}`;
        await panel.getByRole('switch', { name: 'Periodo personalizado' }).click();
        const to = panel.getByRole('textbox', { name: 'Hasta' });
        await to.fill(dmy(days[0][0]));
        await to.press('Enter');
        await expect.poll(async () => (await row.getByRole('cell').allInnerTexts())[0]).toBe('1');
        const fromBox = panel.getByRole('textbox', { name: 'Desde' });
        await fromBox.fill(dmy(days[2][0]));
        await fromBox.press('Enter');
        await see(panel.getByRole('alert').getByText(/periodo de la nómina no es válido/));
        await panel.getByRole('switch', { name: 'Periodo personalizado' }).click();
        await see(row.getByRole('cell').first());
      } else {
        await see(panel.getByTestId('payroll-cards').getByText('25.5'));
      }
      await panel.scrollIntoViewIfNeeded();
      await shot(page, `payroll-${size}`);
      await expectAccessible(page, `payroll-${size}`);
    }
  });
});
