import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { choose, dialog, openTab, row, typeTime } from './admin.js';
import { dismissToasts, gone, see, toast, uniqueDni } from './app.js';
import { shot } from './browser.js';

// The company admin's set-up steps through the screens (journey 2 of the Administration issue).

/** Work location from the Settings tab: the map click (tiles or not) sets the point. Returns the coordinates. */
export async function addLocation(page: Page, name: string) {
  await openTab(page, 'Configuración', '/company-admin/settings');
  await page.getByRole('button', { name: 'Agregar ubicación' }).click();
  const form = dialog(page, 'Nueva ubicación de trabajo');
  await form.getByLabel(/^Nombre/).fill(name);
  await form.getByRole('button', { name: 'Crear ubicación' }).click();
  await see(form.getByText('Debe seleccionar una ubicación en el mapa', { exact: true }));

  // North-east of the map's centre (Lima): the point must follow the click, not be a fixed default.
  const map = form.getByRole('application', { name: 'Mapa para elegir la ubicación de trabajo' });
  const box = (await map.boundingBox())!;
  await map.click({ position: { x: box.width / 2 + 80, y: box.height / 2 - 60 } });
  const selected = await see(form.getByText(/^Ubicación seleccionada: /));
  const [lat, lng] = ((await selected.textContent()) ?? '').replace('Ubicación seleccionada: ', '').split(', ').map(Number);
  expect(lat).toBeGreaterThan(-12.0464);
  expect(lat).toBeLessThan(-11.95);
  expect(lng).toBeGreaterThan(-77.0428);
  expect(lng).toBeLessThan(-76.95);
  await expect(form.getByText('Debe seleccionar una ubicación en el mapa', { exact: true }).count()).resolves.toBe(0);
  await form.getByLabel(/^Radio permitido/).fill('150');
  await shot(page, 'company-admin-location-form-desktop');
  await form.getByRole('button', { name: 'Crear ubicación' }).click();
  await see(toast(page, 'Ubicación creada exitosamente'));
  await gone(form);
  const saved = row(page, name);
  await see(saved.getByText(lat.toFixed(6)));
  await see(saved.getByText(lng.toFixed(6)));
  await see(saved.getByText('150 m', { exact: true }));

  // The Free plan has room for one location: the next one opens the upgrade prompt instead of the form.
  await dismissToasts(page);
  await page.getByRole('button', { name: 'Agregar ubicación' }).click();
  const prompt = dialog(page, 'Actualiza tu plan');
  await see(prompt.getByText('Alcanzaste el límite de ubicaciones de trabajo de tu plan'));
  await page.keyboard.press('Escape');
  await gone(prompt);
}

/** Schedule with every rule filled in, tied to the work location. */
export async function addSchedule(page: Page, name: string, location: string) {
  await openTab(page, 'Horarios', '/company-admin/schedules');
  await page.getByRole('button', { name: 'Nuevo horario' }).click();
  const form = dialog(page, 'Nuevo horario');
  await form.getByLabel(/^Nombre del horario/).fill(name);
  await typeTime(form, 'Hora de inicio', '08:00');
  await typeTime(form, 'Hora de fin', '17:00');
  await typeTime(form, 'Inicio del descanso', '13:00');
  await typeTime(form, 'Fin del descanso', '14:00');
  // The chip's checkbox is hidden under its label: the label is what a person clicks.
  await form
    .locator('label')
    .filter({ hasText: /^Sábado$/ })
    .click();
  await expect(form.getByRole('checkbox', { name: 'Sábado' }).isChecked()).resolves.toBe(true);
  await form.getByLabel(/^Tolerancia de tardanza/).fill('10');
  await choose(page, form.getByRole('combobox', { name: /^Ubicación de trabajo/ }), location);
  await form.getByRole('button', { name: 'Crear horario' }).click();
  await see(toast(page, 'Horario creado exitosamente'));
  await gone(form);
  const saved = row(page, name);
  for (const text of ['08:00', '17:00', '13:00', '14:00', '10 min', 'Permitido', 'Activo']) await see(saved.getByText(text).first());
}

export async function addHoliday(page: Page, name: string, year: number) {
  await openTab(page, 'Feriados', '/company-admin/holidays');
  await page.getByRole('button', { name: 'Nuevo feriado' }).click();
  const form = dialog(page, 'Nuevo feriado');
  await form.getByLabel(/^Nombre del feriado/).fill(name);
  await form.getByLabel(/^Fecha/).fill(`28/07/${year}`);
  await form.getByLabel(/^Descripción/).click();
  await form.getByRole('button', { name: 'Crear feriado' }).click();
  await see(toast(page, 'Feriado creado exitosamente'));
  await gone(form);
  const saved = row(page, name);
  for (const text of [`28/07/${year}`, 'Pagado', 'Todos', 'Activo']) await see(saved.getByText(text, { exact: true }));
}

export async function addDepartment(page: Page, name: string) {
  await page.getByRole('button', { name: 'Departamentos' }).click();
  const modal = dialog(page, 'Departamentos');
  await modal.getByRole('button', { name: 'Agregar' }).click();
  await see(modal.getByText('El nombre del departamento es requerido', { exact: true }));
  await modal.getByLabel('Nuevo departamento').fill(name);
  await modal.getByRole('button', { name: 'Agregar' }).click();
  await see(toast(page, 'Departamento creado exitosamente'));
  await see(modal.getByText(name, { exact: true }));
  await see(modal.getByText('0 empleado(s)', { exact: true }));
  await page.keyboard.press('Escape');
  await gone(modal);
}

/** Fills the required fields of the 'Nuevo empleado' form. */
export async function fillEmployee(form: Locator, employee: { firstName: string; lastName: string; email: string; code: string; dni?: string }) {
  await form.getByLabel(/^Nombre/).fill(employee.firstName);
  await form.getByLabel(/^Apellido/).fill(employee.lastName);
  await form.getByLabel(/^Email/).fill(employee.email);
  await form.getByLabel(/^Código de empleado/).fill(employee.code);
  // A Peruvian company's worker needs the document (decision 0062): the type, then the number.
  await fillDocument(form, employee.dni ?? uniqueDni());
}

/** Picks "DNI" in the form's document type and types the number. */
export async function fillDocument(form: Locator, dni: string) {
  await choose(form.page(), form.getByRole('combobox', { name: /^Tipo de documento/ }), 'DNI');
  await form.getByRole('textbox', { name: /^Número de documento/ }).fill(dni);
}
