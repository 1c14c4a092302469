import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminApi, choose, csvFile, dialog, employeeCount, openTab, row, seedEmployees } from '../support/admin.js';
import {
  closeGuidedTour,
  dashboardReady,
  dismissToasts,
  gone,
  login,
  mainTarget,
  registerCompany,
  see,
  toast,
  uniqueDni,
  uniqueEmail,
  uniqueSuffix,
  useBrowser,
} from '../support/app.js';
import { shot, waitForMail } from '../support/browser.js';
import { addDepartment, addHoliday, addLocation, addSchedule, fillEmployee } from '../support/company-setup.js';

/**
 * Journeys 2-4 of the issue "Administration" for the company admin: setting the company up to the Free plan's
 * employee cap, the all-or-nothing CSV import, and the guided tour. (Journey 1 is super-admin.e2e.ts, the
 * screens of both areas admin-screens.e2e.ts.)
 */
const browser = useBrowser();
const { baseUrl, dataDir } = mainTarget();

/**
 * Journey 2: a work location picked on the map, a schedule at that location, a holiday, a department, and the
 * Free plan's 5 employees; the 6th opens the upgrade prompt and nothing is created.
 */

/**
 * Reloads the dashboard and moves the page's own clock well past the tour's start delay (1 s after GET /tour/status),
 * then waits until the network is idle (a starting tour would fetch driver.js's chunk): "it did not appear" is judged
 * without a fixed sleep.
 */
const clockInstalled = new WeakSet<Page>();
async function reloadPastTourDelay(page: Page): Promise<void> {
  if (!clockInstalled.has(page)) await page.clock.install(); // time still flows; runFor jumps it ahead
  clockInstalled.add(page);
  const status = page.waitForResponse((r) => r.url().endsWith('/tour/status'));
  await page.reload();
  await status;
  await dashboardReady(page);
  await page.clock.runFor(5_000);
  await page.waitForLoadState('networkidle');
}

describe(`company admin builds the company ${mainTarget().title}`, () => {
  it('adds a location on the map, a schedule, a holiday, a department and employees up to the Free cap of 5', async () => {
    const admin = await registerCompany(baseUrl);
    const api = await adminApi(baseUrl, admin);
    await seedEmployees(api, 4);
    const tag = uniqueSuffix();
    const [location, schedule, holiday, department] = [`Sede Miraflores ${tag}`, `Turno día ${tag}`, `Fiestas Patrias ${tag}`, `Ventas ${tag}`];

    const { context, page } = await browser.open(baseUrl);
    await login(page, admin.adminEmail, admin.password);
    await closeGuidedTour(page);
    await addLocation(page, location);
    await addSchedule(page, schedule, location);
    await addHoliday(page, holiday, new Date().getUTCFullYear());

    await openTab(page, 'Empleados', '/company-admin/employees');
    await addDepartment(page, department);
    const usage = page.getByTestId('employee-usage');
    await see(usage.getByText('Empleados: 4/5', { exact: true }));
    await see(usage.getByText('Disponibles: 1', { exact: true }));

    // Another tab opens the form while there is still room; it submits only after the 5th exists.
    const lateTab = await context.newPage();
    await lateTab.goto('/company-admin/employees');
    await see(lateTab.getByTestId('employee-usage').getByText('Empleados: 4/5', { exact: true }));
    await lateTab.getByRole('button', { name: 'Nuevo empleado' }).click();
    const lateForm = dialog(lateTab, 'Nuevo empleado');
    await fillEmployee(lateForm, { firstName: 'Sexta', lastName: `Tardía ${tag}`, email: uniqueEmail('sexta'), code: `X6-${tag}` });

    // The 5th employee through the form, with the new schedule and department.
    await page.bringToFront();
    await page.getByRole('button', { name: 'Nuevo empleado' }).click();
    const form = dialog(page, 'Nuevo empleado');
    const lastName = `Huamán ${tag}`;
    await fillEmployee(form, { firstName: 'Pedro', lastName, email: uniqueEmail('pedro'), code: `P5-${tag}` });
    await choose(page, form.getByRole('combobox', { name: /^Horario/ }), new RegExp(`^${schedule}`));
    await choose(page, form.getByRole('combobox', { name: /^Departamento/ }), department);
    await form.getByRole('button', { name: 'Crear empleado' }).click();
    await see(toast(page, 'Empleado creado exitosamente'));
    await gone(form);
    await see(row(page, lastName).getByText(schedule));
    await see(usage.getByText('Empleados: 5/5', { exact: true }));
    await see(usage.getByText('Límite alcanzado', { exact: true }));
    await see(page.getByText('Mostrando 5 de 5 empleados', { exact: true }));
    expect(await employeeCount(api)).toBe(5);
    await shot(page, 'company-admin-employees-full-desktop');

    // The 6th: the upgrade prompt names the limit; no form, no request, nothing created.
    const posts: string[] = [];
    page.on('request', (r) => r.method() === 'POST' && r.url().endsWith('/employees') && posts.push(r.url()));
    await dismissToasts(page);
    await page.getByRole('button', { name: 'Nuevo empleado' }).click();
    const prompt = dialog(page, 'Actualiza tu plan');
    await see(prompt.getByText('Alcanzaste el límite de empleados de tu plan'));
    await see(prompt.getByText('Límite de empleados de tu plan: 5.'));
    await shot(page, 'company-admin-upgrade-prompt-desktop');
    await page.keyboard.press('Escape');
    await gone(prompt);
    await expect(dialog(page, 'Nuevo empleado').count()).resolves.toBe(0);
    expect(posts).toEqual([]);
    // The form left open in the other tab: the server answers plan_limit_reached and the prompt replaces the form.
    await lateTab.bringToFront();
    const lateAnswer = lateTab.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/employees'));
    await lateForm.getByRole('button', { name: 'Crear empleado' }).click();
    const refused = await lateAnswer;
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'plan_limit_reached' });
    await see(dialog(lateTab, 'Actualiza tu plan').getByText('Alcanzaste el límite de empleados de tu plan'));
    await gone(lateForm);
    await shot(lateTab, 'company-admin-upgrade-after-refusal-desktop');
    await lateTab.close();
    expect(await employeeCount(api)).toBe(5);
    await see(page.getByText('Mostrando 5 de 5 empleados', { exact: true }));

    // The department now counts its employee.
    await page.getByRole('button', { name: 'Departamentos' }).click();
    await see(dialog(page, 'Departamentos').getByText('1 empleado(s)', { exact: true }));
  });
});

/**
 * Journey 3: a bulk import is all or nothing. A file with one bad row is previewed with that row's error and
 * cannot be imported; the corrected file imports every row (and mails each employee a password).
 */
describe(`employee import from a CSV file ${mainTarget().title}`, () => {
  it('shows the bad row of a file and imports nothing, then imports the corrected file', async () => {
    const admin = await registerCompany(baseUrl);
    const api = await adminApi(baseUrl, admin);
    const tag = uniqueSuffix();
    const header = ['Nombre', 'Apellido', 'Email', 'Código', 'Departamento', 'Tipo de documento', 'Número de documento'];
    // A blank line between Ana and Jorge: the lines shown are the file's own (Jorge is line 4). Lucía (line 5) has
    // no document, which a Peruvian company's worker needs (decision 0062).
    const people = [
      ['Ana', `Torres ${tag}`, uniqueEmail('ana'), `IM1-${tag}`, `Almacén ${tag}`, 'DNI', uniqueDni()],
      [],
      ['Jorge', `Salas ${tag}`, 'jorge-sin-arroba', `IM2-${tag}`, `Almacén ${tag}`, 'DNI', uniqueDni()],
      ['Lucía', `Vega ${tag}`, uniqueEmail('lucia'), `IM3-${tag}`, '', '', ''],
    ];

    const { page } = await browser.open(baseUrl);
    await login(page, admin.adminEmail, admin.password);
    await closeGuidedTour(page);
    await openTab(page, 'Empleados', '/company-admin/employees');
    await see(page.getByText('No hay empleados registrados', { exact: true }));
    await page.getByRole('button', { name: 'Importar', exact: true }).click();
    const modal = dialog(page, 'Importar empleados');
    const fileInput = modal.locator('input[type="file"]');
    const importButton = modal.getByRole('button', { name: /^Importar \d+ empleados?$/ });

    await fileInput.setInputFiles(csvFile('empleados-con-error.csv', header, people));
    await see(modal.getByRole('alert').getByText('El archivo tiene 2 fila(s) con errores. No se importó nada.'));
    const badLine = modal.getByTestId('import-line-4');
    await see(badLine.getByText('Por favor ingresa un correo electrónico válido'));
    await see(badLine.getByText('jorge-sin-arroba', { exact: true }));
    await see(modal.getByTestId('import-line-5').getByText('Escribe el número de documento: es obligatorio para trabajadores de empresas de Perú'));
    await expect(modal.getByTestId('import-line-3').count()).resolves.toBe(0);
    await expect(modal.getByTestId('import-line-2').getByText(/:$/).count()).resolves.toBe(0);
    await expect(importButton.isDisabled()).resolves.toBe(true);
    await shot(page, 'company-admin-import-error-desktop');
    // Nothing was written, and the server refuses the same rows when asked to import them for real.
    const rows = people.filter((p) => p.length).map((p) => Object.fromEntries(header.map((h, i) => [h, p[i]])));
    const refused = await api.post('/company-admin-simple/employees/import', { rows, dryRun: false });
    expect(refused.status).toBe(400);
    expect(await employeeCount(api)).toBe(0);

    // The corrected file: every row ready, the new department announced, then imported.
    people[2][2] = uniqueEmail('jorge');
    people[3][5] = 'Pasaporte';
    people[3][6] = 'AB123456';
    await fileInput.setInputFiles(csvFile('empleados.csv', header, people));
    await see(modal.getByText('3 empleado(s) listos para importar', { exact: true }));
    await see(modal.getByText(`Departamentos nuevos que se crearán: Almacén ${tag}`, { exact: true }));
    await expect.poll(() => modal.getByText('Lista', { exact: true }).count()).toBe(3);
    await expect(modal.getByText(/con errores/).count()).resolves.toBe(0);
    await importButton.click();
    await see(toast(page, '3 empleado(s) importado(s) exitosamente'));
    await gone(modal);
    await see(page.getByText('Mostrando 3 de 3 empleados', { exact: true }));
    for (const person of people.filter((p) => p.length)) await see(row(page, person[1]));
    await see(row(page, people[0][1]).getByText(`Almacén ${tag}`));
    await see(page.getByTestId('employee-usage').getByText('Empleados: 3/5', { exact: true }));
    expect(await employeeCount(api)).toBe(3);
    await waitForMail(dataDir, people[2][2], 15_000);
  });
});

/** Journey 4: the guided tour starts by itself for a new admin, is closed for good, and a reset brings it back. */
describe(`guided tour ${mainTarget().title}`, () => {
  it('starts about 1 s after the first login, stays closed after a reload, and runs again after a reset', async () => {
    const admin = await registerCompany(baseUrl);
    const { page } = await browser.open(baseUrl);
    // The 1 s counts from the moment the dashboard knows the tour is due (GET /tour/status).
    let statusAt = 0;
    page.on('response', (r) => {
      if (r.url().endsWith('/tour/status') && !statusAt) statusAt = Date.now();
    });
    await login(page, admin.adminEmail, admin.password);
    const tour = page.locator('.driver-popover[role="dialog"]');
    await see(tour, 8_000);
    const delayMs = Date.now() - statusAt;
    console.log(`guided tour appeared ${delayMs} ms after GET /tour/status answered`);
    expect(statusAt).toBeGreaterThan(0);
    expect(delayMs).toBeGreaterThanOrEqual(900);
    await see(tour.locator('.driver-popover-title').getByText('Bienvenido a Presente'));
    await see(tour.getByText('1 de 11', { exact: true }));
    await shot(page, 'company-admin-tour-desktop');
    await tour.getByRole('button', { name: /Siguiente/ }).click();
    await see(tour.getByText('2 de 11', { exact: true }));
    await see(tour.locator('.driver-popover-title').getByText('Resumen'));

    const completed = page.waitForResponse((r) => r.url().endsWith('/tour/complete'));
    await tour.getByRole('button', { name: 'Cerrar' }).click();
    expect((await completed).status()).toBe(200);
    await gone(tour);
    await gone(page.locator('.driver-overlay'));

    // Closed is closed: a reload does not bring it back.
    await reloadPastTourDelay(page);
    await expect(tour.count()).resolves.toBe(0);

    // Settings: the help card says so, and a reset makes it start again on the next load.
    await openTab(page, 'Configuración', '/company-admin/settings');
    const card = page.getByText('Ayuda y tour guiado', { exact: true }).locator('xpath=ancestor::div[contains(@class, "mantine-Card-root")]');
    await see(card.getByText('Tour completado', { exact: true }));
    await see(card.getByText(/^Completado el \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/));
    await card.getByRole('button', { name: 'Reiniciar tour' }).click();
    await see(toast(page, 'El tour se mostrará automáticamente la próxima vez que abras el panel.'));
    await see(card.getByText('Tour pendiente', { exact: true }));
    await see(card.getByRole('button', { name: 'Iniciar tour' }));
    await page.reload();
    await dashboardReady(page);
    // This time closed the moment it appears, during its opening animation: still recorded as seen.
    await see(tour, 8_000);
    const closedAgain = page.waitForResponse((r) => r.url().endsWith('/tour/complete'));
    await tour.getByRole('button', { name: 'Cerrar' }).click();
    expect((await closedAgain).status()).toBe(200);
    await gone(tour);
    await see(card.getByText('Tour completado', { exact: true }));

    // 'Ver de nuevo' replays it on demand, from the first stop.
    await card.getByRole('button', { name: 'Ver de nuevo' }).click();
    await see(tour.getByText('1 de 11', { exact: true }));
    await tour.getByRole('button', { name: 'Cerrar' }).click();
    await gone(tour);
    await reloadPastTourDelay(page);
    await expect(tour.count()).resolves.toBe(0);
  });
});
