import pg from 'pg';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { closeGuidedTour, login, see, targets, toast, useBrowser } from '../support/app.js';
import { addDays, companyNow, OFFICE_SCHEDULE, openTab, type SeededCompany, seedCompany, showMonth } from '../support/attendance.js';
import { shot } from '../support/browser.js';

/**
 * Peru's attendance register from the attendance tab (decision 0037): written by the server; a worker without an
 * identity document blocks it with a dialog naming them, until the admin fills the document in. A Peruvian
 * company's new workers must have one (decision 0062), so the worker saved before that rule is made by clearing the
 * document in the PostgreSQL server's database.
 */
const browser = useBrowser();
const main = targets()[1];
const dbUrl = inject('pgDatabaseUrl');

describe.skipIf(!main.baseUrl || !dbUrl)('the register export waits for the workers identity documents (PostgreSQL)', () => {
  const today = companyNow().date;
  const day = Number(today.slice(8)) >= 2 ? addDays(today, -1) : addDays(today, -3);
  let seeded: SeededCompany;

  beforeAll(async () => {
    seeded = await seedCompany(main, OFFICE_SCHEDULE, `${day.slice(0, 8)}01`);
    const res = await seeded.api.post('/company-admin-simple/attendance', {
      employeeId: seeded.employee.id,
      date: day,
      checkIn: '08:00',
      checkOut: '17:30',
      reason: 'Olvidó marcar',
    });
    expect(res.status).toBe(201);
    // A worker saved before the document was required (decision 0062).
    const db = new pg.Client({ connectionString: dbUrl });
    await db.connect();
    try {
      await db.query('UPDATE employees SET document_type = NULL, document_number = NULL WHERE id = $1', [seeded.employee.id]);
    } finally {
      await db.end();
    }
  });

  it('lists the worker without a document in a blocking dialog, on desktop and phone, then downloads once it is filled in', async () => {
    const { admin, employee, api } = seeded;
    for (const mobile of [false, true]) {
      const { page } = await browser.open(main.baseUrl, { mobile });
      await login(page, admin.adminEmail, admin.password);
      await closeGuidedTour(page);
      // The phone's navigation is a drawer: the address is enough to open the tab there.
      if (mobile) await page.goto('/company-admin/attendance');
      else await openTab(page, 'Asistencia', '/company-admin/attendance');
      await see(page.getByRole('button', { name: 'Exportar' }));
      if (day.slice(0, 7) !== today.slice(0, 7)) await showMonth(page, day);
      await page.getByRole('button', { name: 'Exportar' }).click();
      await page.getByRole('menuitem', { name: /^Registro de control - PDF/ }).click();
      const dialog = await see(page.getByRole('dialog', { name: 'Faltan documentos de identidad' }));
      const [first, ...rest] = employee.name.split(' ');
      await see(dialog.getByText(`${rest.join(' ')}, ${first}`, { exact: false }));
      await see(dialog.getByRole('link', { name: 'Ir a Empleados' }));
      await shot(page, `register-documents-missing-${mobile ? 'mobile' : 'desktop'}`);
    }

    const current = (await api.get<Record<string, unknown>>(`/company-admin-simple/employees/${employee.id}`)).body.data!;
    const put = await api.request('PUT', `/company-admin-simple/employees/${employee.id}`, {
      firstName: current.firstName,
      lastName: current.lastName,
      email: current.email,
      employeeCode: current.employeeCode,
      status: current.status,
      scheduleId: current.scheduleId,
      hireDate: current.hireDate,
      documentType: 'CE',
      documentNumber: 'X12345678',
    });
    expect(put.status).toBe(200);
    const { page } = await browser.open(main.baseUrl);
    await login(page, admin.adminEmail, admin.password);
    await closeGuidedTour(page);
    await openTab(page, 'Asistencia', '/company-admin/attendance');
    if (day.slice(0, 7) !== today.slice(0, 7)) await showMonth(page, day);
    await page.getByRole('button', { name: 'Exportar' }).click();
    const file = page.waitForEvent('download', { timeout: 30_000 });
    await page.getByRole('menuitem', { name: /^Registro de control - PDF/ }).click();
    expect((await file).suggestedFilename()).toBe(`Registro_Asistencia_${day.slice(0, 7)}.pdf`);
    await see(toast(page, 'Informe PDF descargado exitosamente'));
  });
});
