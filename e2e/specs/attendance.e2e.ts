import { beforeAll, describe, expect, it } from 'vitest';
import { closeGuidedTour, dashboardReady, dismissToasts, gone, login, mainTarget, see, targets, toast, useBrowser } from '../support/app.js';
import {
  addDays,
  checkInAndOut,
  choose,
  companyNow,
  dayCell,
  download,
  fillTime,
  MONTHS,
  monthEnd,
  OFFICE_SCHEDULE,
  openTab,
  pdfText,
  readWorkbook,
  rowStarting,
  type SeededCompany,
  saveDay,
  scheduleStartingNow,
  seedCompany,
  showMonth,
  shownDay,
  shownTime,
} from '../support/attendance.js';
import { premiumInSimulator } from '../support/billing.js';
import { shot } from '../support/browser.js';
import { timing } from '../support/timings.js';

/**
 * Journeys of the issue "Attendance" (spec §2 Attendance and Reports tabs, §4 day flow and permission,
 * §7 exports, §8 messages): the admin corrects days in the monthly calendar and exports them; the
 * employee checks in and out; the admin's calendar follows a check-in live.
 */
const browser = useBrowser();
const main = mainTarget();

describe('attendance: the admin corrects days and exports them (PGlite)', () => {
  // Two past days of one month (the current one unless today is its 1st or 2nd, then the month before,
  // even last December on New Year's Day): every day is a work day of OFFICE_SCHEDULE, so both start as absences.
  const today = companyNow().date;
  const [permDay, editDay] =
    Number(today.slice(8)) >= 3 ? [addDays(today, -2), addDays(today, -1)] : [addDays(`${today.slice(0, 8)}01`, -3), addDays(`${today.slice(0, 8)}01`, -2)];
  const monthStart = `${permDay.slice(0, 8)}01`;
  const otherMonth = permDay.slice(0, 7) !== today.slice(0, 7);
  let seeded: SeededCompany;

  beforeAll(async () => {
    // The register prints the worker's document (decision 0037): without one the export is refused.
    seeded = await seedCompany(main, OFFICE_SCHEDULE, monthStart, { documentType: 'DNI', documentNumber: '45678912' });
  });

  it('marks a justified permission and edits another day in the monthly calendar', async () => {
    const { admin, employee } = seeded;
    const { page } = await browser.open(main.baseUrl);
    await login(page, admin.adminEmail, admin.password);
    await closeGuidedTour(page);
    await openTab(page, 'Asistencia', '/company-admin/attendance');
    await see(page.getByText('Calendario mensual de asistencia'));
    if (otherMonth) await showMonth(page, permDay);

    // A justified permission: the schedule's hours, the default note, and a reason is required.
    await dayCell(page, employee.name, permDay, 'Ausente').click();
    const dialog = page.getByRole('dialog', { name: `${employee.name} · ${shownDay(permDay)}` });
    await see(dialog.getByText('No hay asistencia registrada este día. Completa los datos para crearla.'));
    await see(dialog.getByText('Horario: Oficina E2E (08:00 - 17:00)'));
    await dialog.getByRole('switch', { name: 'Permiso justificado' }).check();
    expect(await shownTime(dialog, 'Hora de entrada')).toBe('08:00');
    expect(await shownTime(dialog, 'Hora de salida')).toBe('17:00');
    await expect(dialog.getByLabel('Notas').inputValue()).resolves.toBe('Permiso justificado');
    await dialog.getByRole('button', { name: 'Crear asistencia' }).click();
    await see(dialog.getByText('Indica el motivo del cambio'));
    await shot(page, 'attendance-day-modal-desktop');
    await dialog.getByLabel(/^Motivo del cambio/).fill('Cita médica con certificado');
    await saveDay(page, dialog, 'Crear asistencia', 'Asistencia creada exitosamente');
    const permission = dayCell(page, employee.name, permDay, 'Permiso');
    await see(permission);
    expect(await permission.locator('svg.tabler-icon-file-certificate').count()).toBe(1);
    expect(await permission.locator('svg.tabler-icon-pencil').count(), 'the manual mark').toBe(1);

    // Another day: a late arrival by hand, then corrected to on time.
    await dismissToasts(page);
    await dayCell(page, employee.name, editDay, 'Ausente').click();
    const edit = page.getByRole('dialog', { name: `${employee.name} · ${shownDay(editDay)}` });
    // Times swapped by mistake on a day shift: refused, not saved as a 15-hour record ending the next morning.
    await fillTime(edit, 'Hora de entrada', '17:30');
    await fillTime(edit, 'Hora de salida', '08:20');
    await edit.getByLabel(/^Motivo del cambio/).fill('Olvidó marcar');
    await edit.getByRole('button', { name: 'Crear asistencia' }).click();
    await see(edit.getByText('La salida debe ser posterior a la entrada'));
    await fillTime(edit, 'Hora de entrada', '08:20');
    await fillTime(edit, 'Hora de salida', '17:30');
    await saveDay(page, edit, 'Crear asistencia', 'Asistencia creada exitosamente');
    await dayCell(page, employee.name, editDay, 'Tarde').click();
    await see(edit.getByText('Corrige la asistencia registrada o elimínala.'));
    await see(edit.getByText('Marcación manual'));
    await see(edit.getByText('Motivo del último cambio manual: Olvidó marcar'));
    expect(await shownTime(edit, 'Hora de entrada')).toBe('08:20');
    await fillTime(edit, 'Hora de entrada', '08:05');
    // Every change needs its own reason: the field starts empty again.
    await expect(edit.getByLabel(/^Motivo del cambio/).inputValue()).resolves.toBe('');
    await edit.getByRole('button', { name: 'Guardar cambios' }).click();
    await see(edit.getByText('Indica el motivo del cambio'));
    await edit.getByLabel(/^Motivo del cambio/).fill('Llegó a las 08:05 según el control de portería');
    await saveDay(page, edit, 'Guardar cambios', 'Asistencia actualizada exitosamente');
    const corrected = dayCell(page, employee.name, editDay, 'Presente');
    await see(corrected);

    // The cell's details: times, hours (lunch hour not counted) and the manual mark.
    await dismissToasts(page);
    await corrected.hover();
    const tip = page.getByRole('tooltip');
    await see(tip.getByText(/08:05 – 17:30/));
    const tipText = (await tip.textContent()) ?? '';
    expect(tipText).toContain('8.42 h');
    expect(tipText).toContain('Marcación manual');
    // The row's figures: 8.42 h worked; the 8 h of permission are paid leave, apart (decision 0037).
    await see(page.getByLabel(/; 8\.42 horas$/));
    await page.mouse.move(0, 0);
    await shot(page, 'attendance-calendar-desktop');
  });

  // The journey above made three manual changes (decision 0039): the employee sees them and disputes one.
  it('the employee sees the manual changes with author and reason in their history and disputes one; the admin sees the dispute', async () => {
    const { admin, employee } = seeded;
    for (const mobile of [false, true]) {
      const { page } = await browser.open(main.baseUrl, { mobile });
      await login(page, employee.email, employee.password, '/employee');
      // The overview says how many wait for an answer (3 at first, 2 after the dispute below).
      await see(page.getByText(`Tienes ${mobile ? 2 : 3} cambios manuales por revisar`));
      if (mobile) await shot(page, 'manual-changes-employee-overview-phone');
      await page.goto(`${main.baseUrl}/employee/history`);
      const card = await see(page.getByRole('region', { name: 'Cambios manuales en tu registro de asistencia' }));
      const edited = card.getByRole('article', { name: `Registro modificado a mano ${shownDay(editDay)}` });
      await see(edited.getByText(`Motivo: Llegó a las 08:05 según el control de portería`));
      await see(edited.getByText(new RegExp(`^Por ${admin.adminName} el `)));
      await see(edited.getByText(/Antes:\s*08:20 – 17:30\s*→\s*Ahora:\s*08:05 – 17:30/));
      await see(card.getByRole('article', { name: `Registro creado a mano ${shownDay(permDay)}` }).getByText('Motivo: Cita médica con certificado'));
      if (!mobile) {
        await see(card.getByText('3 pendientes'));
        await shot(page, 'manual-changes-employee-desktop');
        await edited.getByRole('button', { name: 'En desacuerdo' }).click();
        const dialog = page.getByRole('dialog', { name: 'No estoy de acuerdo con este cambio' });
        await dialog.getByRole('button', { name: 'Enviar desacuerdo' }).click();
        await see(dialog.getByText('Explica en qué no estás de acuerdo'));
        await dialog.getByLabel(/^Tu comentario/).fill('Entré a las 08:00, el portero no anotó bien');
        await dialog.getByRole('button', { name: 'Enviar desacuerdo' }).click();
        await see(toast(page, 'Registraste tu desacuerdo'));
        await see(edited.getByText('En desacuerdo', { exact: true }));
        await see(card.getByText('2 pendientes'));
      } else {
        await see(edited.getByText('En desacuerdo', { exact: true }));
        expect(await page.evaluate(() => document.documentElement.scrollWidth), 'fits the phone').toBeLessThanOrEqual(390);
        await shot(page, 'manual-changes-employee-phone');
      }
    }
    // The admin's view of the employee shows the dispute.
    const { page } = await browser.open(main.baseUrl);
    await login(page, admin.adminEmail, admin.password);
    await closeGuidedTour(page);
    await openTab(page, 'Empleados', '/company-admin/employees');
    await page
      .getByRole('row')
      .filter({ hasText: employee.name })
      .getByRole('button', { name: /Ver|información/i })
      .first()
      .click();
    const info = await see(page.getByRole('dialog'));
    await see(info.getByText('“Entré a las 08:00, el portero no anotó bien”', { exact: false }));
    await shot(page, 'manual-changes-admin-employee-desktop');
    await page.keyboard.press('Escape');
    await openTab(page, 'Asistencia', '/company-admin/attendance');
    const summary = await see(page.getByRole('alert').filter({ hasText: 'Cambios manuales y respuesta del trabajador' }));
    await see(summary.getByText('1 en desacuerdo'));
    await see(summary.getByText('2 pendientes'));
    await see(summary.getByText(`${employee.name} · ${shownDay(editDay)}: “Entré a las 08:00, el portero no anotó bien”`));
    await shot(page, 'manual-changes-admin-attendance-desktop');
  });

  // Exports the two days the journey above recorded through the day modal.
  it('exports the month from the calendar and the employee report as Excel and PDF (Premium; FREE gets the upgrade prompt)', async () => {
    const { admin, employee, api } = seeded;
    const { page } = await browser.open(main.baseUrl);
    await login(page, admin.adminEmail, admin.password);
    await openTab(page, 'Asistencia', '/company-admin/attendance');
    // The Year and Month filters, as an admin picks the month to export.
    await showMonth(page, permDay);
    await see(dayCell(page, employee.name, permDay, 'Permiso'));
    const month = `${MONTHS[Number(permDay.slice(5, 7)) - 1]} ${permDay.slice(0, 4)}`;
    const exportButton = page.getByRole('button', { name: 'Exportar' });

    // On FREE ("basic reports"), Excel/PDF are Premium: the item says so and opens the upgrade prompt.
    await exportButton.click();
    await page.getByRole('menuitem', { name: 'Excel Premium' }).click();
    const prompt = await see(page.getByRole('dialog', { name: 'Actualiza tu plan' }));
    await see(prompt.getByText('La exportación a Excel y PDF es parte de Premium'));
    await page.keyboard.press('Escape');
    await gone(page.getByRole('dialog', { name: 'Actualiza tu plan' }));
    // Peru's "Registro de Control de Asistencia" is a legal obligation: exported on every plan.
    await exportButton.click();
    const registerDownload = page.waitForEvent('download', { timeout: 30_000 });
    await page.getByRole('menuitem', { name: /^Registro de control - Excel/ }).click();
    expect((await registerDownload).suggestedFilename()).toBe(`Registro_Asistencia_${permDay.slice(0, 7)}.xlsx`);
    await see(toast(page, 'Informe Excel descargado exitosamente'));
    await dismissToasts(page);
    // Premium through the simulator; the open page follows (company_update), the menu loses its badges.
    await premiumInSimulator(api, 5);
    await exportButton.click();
    await see(page.getByRole('menuitem', { name: 'Excel', exact: true }), 15_000);
    await page.keyboard.press('Escape');

    const xlsx = await download(page, exportButton, 'Excel');
    await see(toast(page, 'Informe Excel descargado exitosamente'));
    expect(xlsx.name).toBe(`Asistencia_${permDay.slice(0, 7)}.xlsx`);
    const calendar = await readWorkbook(xlsx.path);
    expect([...calendar.keys()]).toEqual([month, 'Leyenda']);
    const sheet = calendar.get(month)!;
    expect(sheet[0][0]).toBe(`Asistencia mensual · ${month}`);
    const head = sheet[3];
    const row = rowStarting(sheet, employee.name);
    // Columns: employee, code, position, department, then one per day headed "{day} {weekday initial}".
    const dayColumn = (ymd: string) => head.findIndex((h) => String(h).split(' ')[0] === String(Number(ymd.slice(8))));
    expect(row[dayColumn(permDay)], 'the permission day').toBe('PE');
    expect(row[dayColumn(editDay)], 'the corrected day').toBe('P');
    expect(row[head.indexOf('Horas')]).toBeCloseTo(8.42, 2);

    await dismissToasts(page);
    const pdf = await download(page, exportButton, 'PDF');
    await see(toast(page, 'Informe PDF descargado exitosamente'));
    expect(pdf.name).toBe(`Asistencia_${permDay.slice(0, 7)}.pdf`);
    const calendarText = await pdfText(pdf.path);
    expect(calendarText).toContain(`Asistencia mensual · ${month}`);
    expect(calendarText).toContain(employee.name);
    expect(calendarText).toContain('8.42');

    // Reports tab: one employee's month.
    await dismissToasts(page);
    await openTab(page, 'Reportes', '/company-admin/reports');
    await see(page.getByText('Selecciona un Empleado'));
    const search = page.getByRole('textbox', { name: 'Empleado' });
    await search.fill(employee.name.split(' ').at(-1)!);
    await page.getByRole('option', { name: new RegExp(employee.name) }).click();
    await choose(page, 'Año', permDay.slice(0, 4));
    await choose(page, 'Mes', `${permDay.slice(5, 7)} - ${MONTHS[Number(permDay.slice(5, 7)) - 1]}`);
    const table = page.getByRole('table');
    // Manual changes show as manual in the report, with the admin's reason.
    const editedRow = table
      .getByRole('row')
      .filter({ hasText: shownDay(editDay) })
      .filter({ hasText: '08:05' });
    await see(editedRow.getByText('Manual', { exact: true }));
    await see(editedRow.getByText('Motivo: Llegó a las 08:05 según el control de portería'));
    await see(
      table
        .getByRole('row')
        .filter({ hasText: shownDay(permDay) })
        .filter({ hasText: 'Permiso justificado' }),
    );
    await shot(page, 'reports-employee-desktop');

    const end = monthEnd(permDay);
    const [first, ...last] = employee.name.split(' ');
    const fileBase = `Informe_${first}_${last.join('_')}_${monthStart}_${end}`;
    const reportXlsx = await download(page, page.getByRole('button', { name: 'Exportar' }), 'Excel');
    await see(toast(page, 'Informe Excel descargado exitosamente'));
    expect(reportXlsx.name).toBe(`${fileBase}.xlsx`);
    const report = await readWorkbook(reportXlsx.path);
    expect([...report.keys()]).toEqual(['Resumen', 'Detalle']);
    expect(rowStarting(report.get('Resumen')!, 'Empleado')[1]).toBe(employee.name);
    expect(rowStarting(report.get('Resumen')!, 'Horas totales')[1]).toBeCloseTo(8.42, 2);
    expect(rowStarting(report.get('Resumen')!, 'Horas de permiso (pagadas)')[1]).toBeCloseTo(8, 2);
    const detail = report.get('Detalle')!;
    expect(detail[0]).toEqual(['Fecha', 'Entrada', 'Salida', 'Horas', 'Estado', 'Marcación', 'Motivo del cambio', 'Notas']);
    expect(rowStarting(detail, shownDay(permDay))).toEqual([
      shownDay(permDay),
      '08:00',
      '17:00',
      8,
      'Permiso',
      'Manual',
      'Cita médica con certificado',
      'Permiso justificado',
    ]);
    expect(rowStarting(detail, shownDay(editDay)).slice(0, 7)).toEqual([
      shownDay(editDay),
      '08:05',
      '17:30',
      8.42,
      'Presente',
      'Manual',
      'Llegó a las 08:05 según el control de portería',
    ]);

    await dismissToasts(page);
    const reportPdf = await download(page, page.getByRole('button', { name: 'Exportar' }), 'PDF');
    await see(toast(page, 'Informe PDF descargado exitosamente'));
    expect(reportPdf.name).toBe(`${fileBase}.pdf`);
    const reportText = await pdfText(reportPdf.path);
    expect(reportText).toContain('Informe de asistencia');
    expect(reportText).toContain(employee.name);
    expect(reportText).toMatch(new RegExp(`${shownDay(editDay)}\\s+08:05\\s+17:30\\s+8\\.42\\s+Presente\\s+Manual`));
  });

  it("sets the company's forgotten check-out grace in Configuración", async () => {
    const { admin } = seeded;
    const { page } = await browser.open(main.baseUrl);
    await login(page, admin.adminEmail, admin.password);
    // Closed already when the journeys above ran first; this one may also run alone.
    await closeGuidedTour(page);
    await openTab(page, 'Configuración', '/company-admin/settings');
    const grace = page.getByRole('textbox', { name: /Margen para marcar la salida/ });
    await expect.poll(() => grace.inputValue()).toBe('4');
    await grace.fill('30');
    const card = page.locator('form').filter({ has: grace });
    await card.getByRole('button', { name: 'Guardar' }).click();
    await see(card.getByText('El margen debe ser un número entero de horas entre 1 y 24'));
    await grace.fill('6');
    await see(card.getByText(/se cierra como incompleta 6 h después del fin del turno/));
    await card.getByRole('button', { name: 'Guardar' }).click();
    await see(toast(page, 'Configuración de asistencia actualizada exitosamente'));
    await shot(page, 'company-settings-attendance-desktop');
    await page.reload();
    await dashboardReady(page);
    await expect.poll(() => page.getByRole('textbox', { name: /Margen para marcar la salida/ }).inputValue()).toBe('6');
  });
});

for (const target of targets()) {
  describe.skipIf(!target.baseUrl)(`attendance: the employee's day ${target.title}`, () => {
    it("checks in, sees the confirmation, checks out and sees 'Jornada Completada'", async () => {
      const { employee } = await seedCompany(target, scheduleStartingNow(), companyNow().date);
      const { page } = await browser.open(target.baseUrl);
      await login(page, employee.email, employee.password, '/employee');
      await checkInAndOut(page, target.name === 'pglite');
      // What the server holds: a reload shows the completed day again.
      await page.reload();
      await see(page.getByText('Jornada Completada'));
    });
  });
}

describe('attendance: realtime calendar (PGlite)', () => {
  it("the admin's open calendar shows an employee's check-in without a reload", async () => {
    const { admin, employee } = await seedCompany(main, scheduleStartingNow(), addDays(companyNow().date, -1));
    const adminSide = await browser.open(main.baseUrl);
    await login(adminSide.page, admin.adminEmail, admin.password);
    await closeGuidedTour(adminSide.page);
    await openTab(adminSide.page, 'Asistencia', '/company-admin/attendance');
    const row = adminSide.page.getByRole('row').filter({ hasText: employee.name });
    await see(row);
    const present = row.getByRole('button', { name: new RegExp(`^${employee.name}, .*: Presente$`) });
    expect(await present.count()).toBe(0);
    await adminSide.page.evaluate(() => Object.assign(window, { __sameDocument: true }));

    const employeeSide = await browser.open(main.baseUrl);
    await login(employeeSide.page, employee.email, employee.password, '/employee');
    await openTab(employeeSide.page, 'Asistencia', '/employee/attendance');
    await employeeSide.page.getByRole('button', { name: 'Registrar Entrada' }).click();
    const punchedAt = Date.now();
    await see(toast(employeeSide.page, 'Entrada registrada exitosamente'));

    await present.first().waitFor({ state: 'visible', timeout: 5_000 });
    const delayMs = Date.now() - punchedAt;
    timing("attendance realtime: the admin's calendar shows the check-in after the click", delayMs);
    expect(await adminSide.page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  });
});

/** The employee area's tabs and their paths (spec §2). */
const EMPLOYEE_TABS = [
  ['overview', '/employee'],
  ['attendance', '/employee/attendance'],
  ['schedule', '/employee/schedule'],
  ['activity', '/employee/activity'],
  ['history', '/employee/history'],
  ['reports', '/employee/reports'],
  ['settings', '/employee/settings'],
] as const;

describe('attendance: screens of the employee area and the admin tabs (PGlite)', () => {
  it('every employee tab and the attendance/reports tabs draw on desktop and on a 390x844 phone', async () => {
    const { admin, employee, api } = await seedCompany(main, scheduleStartingNow(), addDays(companyNow().date, -3));
    const yesterday = addDays(companyNow().date, -1);
    const res = await api.post('/company-admin-simple/attendance', { employeeId: employee.id, date: yesterday, isPermission: true, reason: 'Trámite' });
    expect(res.status).toBe(201);

    for (const mobile of [false, true]) {
      const size = mobile ? 'mobile' : 'desktop';
      const { page } = await browser.open(main.baseUrl, { mobile });
      await login(page, employee.email, employee.password, '/employee');
      for (const [id, path] of EMPLOYEE_TABS) {
        await page.goto(path);
        await dashboardReady(page);
        // The admin's change reaches the employee's activity feed, with who made it.
        if (id === 'activity') await see(page.getByRole('button', { name: 'Ver detalle: Permiso registrado' }).filter({ hasText: `Por ${admin.adminName}` }));
        // The employee's report is the server's (GET /employee/attendance/report, decision 0055): the admin's permission
        // is in its table and in its Excel.
        if (id === 'reports' && !mobile) {
          await choose(page, 'Año', yesterday.slice(0, 4));
          await choose(page, 'Mes', MONTHS[Number(yesterday.slice(5, 7)) - 1]);
          await see(
            page
              .getByRole('table')
              .getByRole('row')
              .filter({ hasText: shownDay(yesterday) })
              .filter({ hasText: 'Permiso' }),
          );
          const xlsx = await download(page, page.getByRole('button', { name: 'Exportar' }), 'Excel (.xlsx)');
          await see(toast(page, 'Informe Excel descargado exitosamente'));
          expect(xlsx.name).toMatch(new RegExp(`^Mi_Informe_.+_${yesterday.slice(0, 8)}01_${monthEnd(yesterday)}\\.xlsx$`));
          const book = await readWorkbook(xlsx.path);
          expect([...book.keys()]).toEqual(['Mi Resumen', 'Mis Asistencias']);
          expect(rowStarting(book.get('Mi Resumen')!, 'Permisos')[1]).toBe(1);
          expect(rowStarting(book.get('Mis Asistencias')!, shownDay(yesterday))[4]).toBe('Permiso');
          await dismissToasts(page);
        }
        await page.waitForLoadState('networkidle');
        await shot(page, `employee-${id}-${size}`);
        expect(await page.evaluate(() => document.documentElement.scrollWidth), `${id} fits the ${size} width`).toBeLessThanOrEqual(mobile ? 390 : 1280);
      }

      const adminSide = await browser.open(main.baseUrl, { mobile });
      await login(adminSide.page, admin.adminEmail, admin.password);
      await closeGuidedTour(adminSide.page);
      for (const [tab, path] of [
        ['attendance', '/company-admin/attendance'],
        ['reports', '/company-admin/reports'],
      ] as const) {
        await adminSide.page.goto(path);
        await dashboardReady(adminSide.page);
        await adminSide.page.waitForLoadState('networkidle');
        if (tab === 'attendance') await see(adminSide.page.getByText(employee.name));
        await shot(adminSide.page, `company-${tab}-${size}`);
        expect(await adminSide.page.evaluate(() => document.documentElement.scrollWidth), `${tab} fits the ${size} width`).toBeLessThanOrEqual(
          mobile ? 390 : 1280,
        );
      }
    }
  });
});
