import {
  type Language,
  PAYROLL_COLUMNS,
  type PayrollLine,
  type PayrollLineDto,
  type PayrollResponse,
  payrollPeriodProblem,
  payrollSummary,
  translate,
} from '@presente/shared';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { type Ctx, requireCompany } from '../../context.js';
import { employees } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { anyUuid } from '../../lib/sql.js';
import { loadCompanyPeriod } from '../attendance/read-model/company-period.js';
import { companyPayrollRules } from './rules.service.js';

/**
 * The payroll summary of the session's company (decision 0047): its data loaded as the calendar loads it, the
 * figures from the one engine in packages/shared (payrollSummary). Rules: the company's (decision 0059), Peru's
 * legal defaults until it sets its own.
 */
export async function companyPayroll(ctx: Ctx, from: string, to: string, now: Date): Promise<PayrollResponse['data']> {
  const companyId = requireCompany(ctx.actor);
  if (payrollPeriodProblem(from, to)) throw new AppError('validation_failed', 'payroll.periodInvalid');
  const data = await loadCompanyPeriod(ctx.db, companyId, from, to);
  const ids = data.employees.map((e) => e.id);
  const docs = ids.length
    ? await ctx.db
        .select({ id: employees.id, documentNumber: employees.documentNumber })
        .from(employees)
        .where(and(eq(employees.companyId, companyId), anyUuid(employees.id, ids)))
    : [];
  const docOf = new Map(docs.map((d) => [d.id, d.documentNumber]));
  const rules = await companyPayrollRules(ctx.db, companyId);
  const lines = payrollSummary({
    from,
    to,
    timezone: data.timezone,
    now,
    rules,
    holidays: data.holidays,
    employees: data.employees.map((e) => ({
      employeeId: e.id,
      periods: e.periods,
      activeFrom: e.activeFrom,
      records: [...(data.records.get(e.id)?.values() ?? [])].map((r) => ({
        date: r.date,
        checkIn: r.checkIn,
        checkOut: r.checkOut,
        isPermission: r.isPermission,
        unpaid: r.permissionUnpaid,
        overtimeApproved: !!r.overtimeApprovedAt,
        notes: r.notes,
      })),
    })),
  });
  const byId = new Map(data.employees.map((e) => [e.id, e]));
  return {
    from,
    to,
    rules,
    lines: lines
      .map((l) => present(l, byId.get(l.employeeId)!, docOf.get(l.employeeId) ?? null))
      .sort((a, b) => a.name.localeCompare(b.name, 'es') || a.employeeCode.localeCompare(b.employeeCode)),
  };
}

/** A line as the API answers it: the engine's figures and who they are about. */
function present(
  l: PayrollLine,
  e: { firstName: string; lastName: string; employeeCode: string; departmentName: string | null },
  documentNumber: string | null,
): PayrollLineDto {
  return { ...l, employeeCode: e.employeeCode, name: `${e.lastName}, ${e.firstName}`, documentNumber, departmentName: e.departmentName };
}

export interface PayrollFile {
  body: Buffer | string;
  type: string;
  fileName: string;
}

/** One row per employee, headers a payroll import can map (PAYROLL_COLUMNS), as Excel or CSV (UTF-8 with BOM, `;`-free commas quoted). */
export async function payrollFile(data: PayrollResponse['data'], format: 'xlsx' | 'csv', lang: Language): Promise<PayrollFile> {
  const headers = PAYROLL_COLUMNS.map((c) => translate(`payroll.col.${c}`, lang));
  const rows = data.lines.map((l) => PAYROLL_COLUMNS.map((c) => l[c] ?? ''));
  const fileName = `Nomina_${data.from}_${data.to}.${format}`;
  if (format === 'csv') {
    const cell = (v: string | number) =>
      typeof v === 'number' ? String(v) : /[",\n\r]/.test(v) || /^[=+\-@]/.test(v) ? `"${v.replace(/^([=+\-@])/, "'$1").replace(/"/g, '""')}"` : v;
    const body = `\uFEFF${[headers, ...rows].map((r) => r.map(cell).join(',')).join('\r\n')}\r\n`;
    return { body, type: 'text/csv; charset=utf-8', fileName };
  }
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(lang === 'es' ? 'Nómina' : 'Payroll');
  ws.addRow(headers).font = { bold: true };
  for (const r of rows) ws.addRow(r);
  ws.columns.forEach((col, i) => {
    col.width = Math.max(10, headers[i].length + 2);
  });
  return { body: Buffer.from(await wb.xlsx.writeBuffer()), type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', fileName };
}
