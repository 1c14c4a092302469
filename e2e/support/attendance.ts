import { execFile } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import ExcelJS from 'exceljs';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { choose as chooseIn } from './admin.js';
import {
  ApiClient,
  type CreatedEmployee,
  createEmployee,
  dashboardReady,
  dismissToasts,
  type RegisteredCompany,
  registerCompany,
  see,
  type Target,
  toast,
} from './app.js';
import { shot } from './browser.js';
import { artifactsDir } from './server.js';

/** registerCompany() registers every company in Lima (no daylight saving: UTC-5 all year). */
export const COMPANY_TZ = 'America/Lima';

// ---------------------------------------------------------------------------------------------
// Dates in the company's timezone
// ---------------------------------------------------------------------------------------------

/** The local date (YYYY-MM-DD) and time (HH:mm) of an instant in the company's timezone. */
export function companyNow(at = new Date()): { date: string; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: COMPANY_TZ,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

export function addDays(ymd: string, days: number): string {
  const d = new Date(`${ymd}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** "HH:mm" moved by some minutes around the clock. */
export function shiftTime(hhmm: string, minutes: number): string {
  const [h, m] = hhmm.split(':').map(Number);
  const total = (((h * 60 + m + minutes) % 1440) + 1440) % 1440;
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}

/** dd/mm/yyyy as the product shows a day. */
export const shownDay = (ymd: string) => `${ymd.slice(8)}/${ymd.slice(5, 7)}/${ymd.slice(0, 4)}`;

export const MONTHS = ['Enero', 'Febrero', 'Marzo', 'Abril', 'Mayo', 'Junio', 'Julio', 'Agosto', 'Septiembre', 'Octubre', 'Noviembre', 'Diciembre'];

/** The last day of a month, YYYY-MM-DD. */
export function monthEnd(ymd: string): string {
  const d = new Date(Date.UTC(Number(ymd.slice(0, 4)), Number(ymd.slice(5, 7)), 0));
  return d.toISOString().slice(0, 10);
}

// ---------------------------------------------------------------------------------------------
// Seeding: a company with one schedule and one employee on it
// ---------------------------------------------------------------------------------------------

/** An office day every day of the week, 08:00-17:00 with lunch 13:00-14:00 (15 min tolerance). */
export const OFFICE_SCHEDULE = {
  name: 'Oficina E2E',
  startTime: '08:00',
  endTime: '17:00',
  breakStartTime: '13:00',
  breakEndTime: '14:00',
  workDays: '1,2,3,4,5,6,7',
  lateToleranceMinutes: 15,
};

/**
 * A schedule whose shift started two minutes ago (company time), every day: a check-in made within the
 * next 15 minutes is on time ('Presente') whatever hour the test runs at. Near midnight the shift
 * crosses it (a night shift): the punch then belongs to the shift's start day, still on time.
 */
export function scheduleStartingNow(at = new Date()) {
  const startTime = shiftTime(companyNow(at).time, -2);
  return { name: 'Turno E2E', startTime, endTime: shiftTime(startTime, 8 * 60), workDays: '1,2,3,4,5,6,7', lateToleranceMinutes: 15 };
}

export interface SeededCompany {
  admin: RegisteredCompany;
  employee: CreatedEmployee;
  /** The admin's API session. */
  api: ApiClient;
}

/** Registers a company, creates the schedule and one employee on it (hired on `hireDate`). */
export async function seedCompany(
  target: Target,
  schedule: Record<string, unknown>,
  hireDate: string,
  /** More fields of the employee (documentNumber...). */
  employeeFields: Record<string, unknown> = {},
): Promise<SeededCompany> {
  const admin = await registerCompany(target.baseUrl);
  const api = new ApiClient(target.baseUrl);
  await api.login(admin.adminEmail, admin.password);
  const created = await api.post<{ id: string }>('/company-admin-simple/schedules', schedule);
  if (created.status !== 201) throw new Error(`create schedule failed: ${created.status} ${JSON.stringify(created.body)}`);
  const employee = await createEmployee(target.baseUrl, target.dataDir, admin, {
    scheduleId: created.body.data!.id,
    hireDate,
    position: 'Analista',
    ...employeeFields,
  });
  return { admin, employee, api };
}

// ---------------------------------------------------------------------------------------------
// The monthly calendar
// ---------------------------------------------------------------------------------------------

/** One employee's day in the calendar grid, by its accessible name "{name}, {dd/mm/yyyy}: {status}". */
export function dayCell(page: Page, employeeName: string, ymd: string, status?: string): Locator {
  const head = `${employeeName}, ${shownDay(ymd)}: `;
  return page.getByRole('button', { name: status ? `${head}${status}` : new RegExp(`^${escapeRe(head)}`) });
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Picks an option of a Mantine Select by its label (admin.ts `choose`: a click on the field, then on the option). */
export function choose(page: Page, label: string, option: string): Promise<void> {
  return chooseIn(page, page.locator('input').and(page.getByLabel(label, { exact: true })), option);
}

/** Shows a month of the calendar with the Year and Month filters. */
export async function showMonth(page: Page, ymd: string): Promise<void> {
  await choose(page, 'Año', ymd.slice(0, 4));
  await choose(page, 'Mes', MONTHS[Number(ymd.slice(5, 7)) - 1]);
}

/** Types a time into a Mantine TimePicker as a person does: the hours field ("{label}: horas"), then the minutes. */
export async function fillTime(dialog: Locator, label: string, hhmm: string): Promise<void> {
  const [h, m] = hhmm.split(':');
  const hours = dialog.getByLabel(`${label}: horas`, { exact: true });
  await hours.click();
  await hours.press('Backspace');
  await hours.pressSequentially(h);
  const minutes = dialog.getByLabel(`${label}: minutos`, { exact: true });
  await minutes.click();
  await minutes.press('Backspace');
  await minutes.pressSequentially(m);
  expect(await shownTime(dialog, label), `${label} typed`).toBe(hhmm);
}

/** The time a TimePicker shows ("HH:mm"; ":" when empty). */
export async function shownTime(dialog: Locator, label: string): Promise<string> {
  const h = await dialog.getByLabel(`${label}: horas`, { exact: true }).inputValue();
  const m = await dialog.getByLabel(`${label}: minutos`, { exact: true }).inputValue();
  return `${h}:${m}`;
}

/** Sends the day modal and waits for the spec's success toast; the modal closes. A refusal fails with what the modal says. */
export async function saveDay(page: Page, dialog: Locator, button: 'Crear asistencia' | 'Guardar cambios', message: string): Promise<void> {
  await dialog.getByRole('button', { name: button }).click();
  const refused = dialog.locator('[role="alert"], .mantine-InputWrapper-error');
  await see(toast(page, message).or(refused));
  if (await refused.count()) throw new Error(`the day was not saved: ${(await refused.allTextContents()).join(' | ')}`);
  await dialog.waitFor({ state: 'detached' });
}

// ---------------------------------------------------------------------------------------------
// Moving around and punching
// ---------------------------------------------------------------------------------------------

/** Opens a tab of the area from the sidebar, as a person does. */
export async function openTab(page: Page, name: string, path: string) {
  await page.getByRole('navigation').getByRole('link', { name, exact: true }).click();
  await page.waitForURL((url) => url.pathname === path);
  await dashboardReady(page);
}

/** Registers the employee's attendance of today from the Attendance tab: entry, then exit. */
export async function checkInAndOut(page: Page, screens: boolean) {
  await openTab(page, 'Asistencia', '/employee/attendance');
  await page.getByRole('button', { name: 'Registrar Entrada' }).click();
  await see(toast(page, 'Entrada registrada exitosamente'));
  const checkOut = page.getByRole('button', { name: 'Registrar Salida' });
  await see(checkOut);
  await see(page.getByText('Presente', { exact: true }));
  if (screens) await shot(page, 'employee-attendance-checked-in-desktop');
  await dismissToasts(page);
  // A check-out minutes after the check-in asks first, naming the time and the hours (decision 0024).
  await checkOut.click();
  const confirm = page.getByRole('dialog', { name: '¿Registrar tu salida?' });
  await see(confirm.getByText(/^Registrarás tu salida a las \d{2}:\d{2} con 0\.\d{2} h trabajadas\. ¿Confirmas\?$/));
  if (screens) await shot(page, 'employee-attendance-confirm-check-out-desktop');
  await confirm.getByRole('button', { name: 'Sí, registrar salida' }).click();
  await see(toast(page, 'Salida registrada exitosamente'));
  await see(page.getByText('Jornada Completada'));
  await expect(page.getByRole('button', { name: /^Registrar (Entrada|Salida)$/ }).count()).resolves.toBe(0);
}

// ---------------------------------------------------------------------------------------------
// Downloads: Excel read with exceljs, PDF read with pdftotext (poppler-utils)
// ---------------------------------------------------------------------------------------------

export interface Downloaded {
  name: string;
  path: string;
}

/** Clicks an export menu item and keeps the file the browser downloads (under e2e/artifacts/downloads). */
export async function download(page: Page, menuButton: Locator, item: string): Promise<Downloaded> {
  await menuButton.click();
  const waiting = page.waitForEvent('download', { timeout: 30_000 });
  await page.getByRole('menuitem', { name: item, exact: true }).click();
  const file = await waiting;
  const dir = join(artifactsDir, 'downloads');
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `${Date.now().toString(36)}-${file.suggestedFilename()}`);
  await file.saveAs(path);
  expect(await file.failure()).toBeNull();
  return { name: file.suggestedFilename(), path };
}

/** Every sheet of a workbook as rows of cell texts (numbers as they are stored). */
export async function readWorkbook(path: string): Promise<Map<string, (string | number | null)[][]>> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(path);
  const sheets = new Map<string, (string | number | null)[][]>();
  workbook.eachSheet((sheet) => {
    const rows: (string | number | null)[][] = [];
    sheet.eachRow({ includeEmpty: true }, (row) => {
      const values = (row.values as unknown[]).slice(1);
      rows.push(values.map((v) => (v == null ? null : typeof v === 'number' || typeof v === 'string' ? v : String((v as { text?: string }).text ?? v))));
    });
    sheets.set(sheet.name, rows);
  });
  return sheets;
}

/** The text of a PDF, as pdftotext lays it out. */
export async function pdfText(path: string): Promise<string> {
  const { stdout } = await promisify(execFile)('pdftotext', ['-layout', '-enc', 'UTF-8', path, '-'], { timeout: 20_000 });
  return stdout;
}

/** The row of a sheet whose first cell is `first`. */
export function rowStarting(rows: (string | number | null)[][], first: string): (string | number | null)[] {
  const row = rows.find((r) => r[0] === first);
  if (!row) throw new Error(`no row starting with ${first} in ${JSON.stringify(rows.slice(0, 12))}`);
  return row;
}
