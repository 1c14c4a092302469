import { beforeAll, describe, expect, it } from 'vitest';
import { closeGuidedTour, login, mainTarget, see, useBrowser } from '../support/app.js';
import { addDays, companyNow, OFFICE_SCHEDULE, type SeededCompany, seedCompany } from '../support/attendance.js';
import { shot } from '../support/browser.js';

/**
 * A receipt per punch (issue 19 item 7, decision 0053): a manual entry gives the worker a receipt with a
 * verification code in Historial; the admin's Configuración shows the chain intact and resolves that code.
 */
const browser = useBrowser();
const main = mainTarget();

describe('receipts and the register integrity card (PGlite)', () => {
  const day = addDays(companyNow().date, -1);
  let seeded: SeededCompany;

  beforeAll(async () => {
    seeded = await seedCompany(main, OFFICE_SCHEDULE, addDays(day, -7));
    const res = await seeded.api.post('/company-admin-simple/attendance', {
      employeeId: seeded.employee.id,
      date: day,
      checkIn: '08:00',
      checkOut: '17:30',
      reason: 'Olvidó marcar',
    });
    expect(res.status).toBe(201);
  });

  it('the worker sees the receipt and its code in Historial; the admin sees the chain intact and resolves the code', async () => {
    const { admin, employee } = seeded;
    const worker = await browser.open(main.baseUrl, { mobile: true });
    await login(worker.page, employee.email, employee.password, '/employee');
    await worker.page.goto('/employee/history');
    const card = await see(worker.page.getByRole('region', { name: 'Comprobantes de marcación' }));
    const receipt = await see(card.getByRole('article', { name: `Registro manual ${day.split('-').reverse().join('/')}` }));
    await see(receipt.getByText('08:00 - 17:30', { exact: false }));
    const code = ((await receipt.getByLabel('Código').textContent()) ?? '').trim();
    expect(code).toMatch(/^[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}$/);
    await shot(worker.page, 'receipts-mobile');

    const { page } = await browser.open(main.baseUrl);
    await login(page, admin.adminEmail, admin.password);
    await closeGuidedTour(page);
    await page.goto('/company-admin/settings');
    const integrity = await see(page.getByRole('region', { name: 'Integridad del registro de asistencia' }));
    await see(integrity.getByText('Cadena íntegra: 1 entradas verificadas'));
    await integrity.getByLabel('Código de comprobante').fill(code.toLowerCase());
    await integrity.getByRole('button', { name: 'Buscar' }).click();
    await see(integrity.getByText(`Comprobante de ${employee.name}`));
    await see(integrity.getByText('El código coincide con la cadena'));
    await integrity.getByLabel('Código de comprobante').fill('0000-0000-0000');
    await integrity.getByRole('button', { name: 'Buscar' }).click();
    await see(integrity.getByText('Ningún comprobante de tu empresa tiene ese código'));
    await shot(page, 'integrity-card-desktop');
  });
});
