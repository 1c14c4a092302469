import { canAdd, type employeeImportRow, employeeImportRowIn } from '@presente/shared';
import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { type Ctx, requireCompany } from '../../context.js';
import type { Db } from '../../db/client.js';
import { companies, departments, employees, jobs, schedules, users } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { emitPlatformChange, rooms } from '../../realtime/events.js';
import { emailsTaken } from '../account/own-account.service.js';
import { snapshotPeriods } from '../attendance/periods.js';
import { assertCanAdd, countUsage, planLimitReached } from '../company/plan.service.js';
import { employeeEventData, queueWebhookEvents } from '../webhooks/outbox.js';
import { EMPLOYEE_SETUP_MAIL, type SetupMailPayload, UNSET_PASSWORD } from './setup-mail.job.js';

type Row = z.output<typeof employeeImportRow>;
interface RowError {
  path: string;
  message: string;
}

/** Accepts Spanish or English column headers (as a spreadsheet person would write them). */
const HEADER_ALIASES: Record<string, keyof Row> = {
  nombre: 'firstName',
  nombres: 'firstName',
  firstname: 'firstName',
  'first name': 'firstName',
  apellido: 'lastName',
  apellidos: 'lastName',
  lastname: 'lastName',
  'last name': 'lastName',
  email: 'email',
  correo: 'email',
  'correo electrónico': 'email',
  'correo electronico': 'email',
  codigo: 'employeeCode',
  código: 'employeeCode',
  'código de empleado': 'employeeCode',
  'codigo de empleado': 'employeeCode',
  employeecode: 'employeeCode',
  code: 'employeeCode',
  'tipo de documento': 'documentType',
  'tipo documento': 'documentType',
  documenttype: 'documentType',
  'document type': 'documentType',
  documento: 'documentNumber',
  dni: 'documentNumber',
  'número de documento': 'documentNumber',
  documentnumber: 'documentNumber',
  document: 'documentNumber',
  cargo: 'position',
  puesto: 'position',
  position: 'position',
  telefono: 'phone',
  teléfono: 'phone',
  phone: 'phone',
  departamento: 'department',
  department: 'department',
  horario: 'schedule',
  schedule: 'schedule',
  'fecha de ingreso': 'hireDate',
  ingreso: 'hireDate',
  hiredate: 'hireDate',
  'hire date': 'hireDate',
};

export function normaliseRow(raw: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(raw)) {
    const key = HEADER_ALIASES[k.trim().toLowerCase()] ?? k;
    out[key] = v == null ? undefined : typeof v === 'string' ? v : v instanceof Date ? v.toISOString().slice(0, 10) : String(v);
  }
  return out;
}

const lower = (s: string) => s.trim().toLowerCase();

/**
 * Checks the plan limit first (a file that does not fit answers 403 plan_limit_reached with the feature
 * and the limit, as a single create would), then every row (fields, repeats inside the file, existing
 * codes and emails, schedule names). With any error nothing is written; otherwise, unless dryRun, all
 * rows are created (ACTIVE) in one transaction, without a usable password, and each new employee gets a
 * set-password mail from the job queue (decision 0032): nothing is hashed while the admin waits.
 */
export async function importEmployees(ctx: Ctx, rawRows: Record<string, unknown>[], dryRun: boolean, lines?: number[]) {
  const companyId = requireCompany(ctx.actor);
  const errors: RowError[] = [];
  const rows: { line: number; data: Row }[] = [];
  // Each row's line in the file as the browser read it (blank lines skipped); else line 1 is the header.
  const lineOf = (i: number) => lines?.[i] ?? i + 2;
  const company = await ctx.db.query.companies.findFirst({ where: eq(companies.id, companyId) });
  if (!company) throw new AppError('not_found');
  // The rows of a Peruvian company each need the worker's document (decision 0062): the company's country, not the file's.
  const rowSchema = employeeImportRowIn(company.country);
  rawRows.forEach((raw, i) => {
    const line = lineOf(i);
    const parsed = rowSchema.safeParse(normaliseRow(raw));
    if (parsed.success) rows.push({ line, data: parsed.data });
    else for (const issue of parsed.error.issues) errors.push({ path: `${line}.${issue.path.join('.')}`, message: issue.message });
  });

  const seenCodes = new Map<string, number>();
  const seenEmails = new Map<string, number>();
  for (const { line, data } of rows) {
    for (const [seen, key, field] of [
      [seenCodes, lower(data.employeeCode), 'employeeCode'],
      [seenEmails, data.email, 'email'],
    ] as const) {
      if (seen.has(key)) errors.push({ path: `${line}.${field}`, message: 'import.duplicateInFile' });
      else seen.set(key, line);
    }
  }

  const [active, existing, takenEmails, deptRows, schedRows] = await Promise.all([
    countUsage(ctx.db, companyId, 'employees'),
    ctx.db
      .select({ code: employees.employeeCode, email: employees.email })
      .from(employees)
      .where(and(eq(employees.companyId, companyId), isNull(employees.deletedAt))),
    emailsTaken(ctx.db, [...seenEmails.keys()]),
    ctx.db.select({ id: departments.id, name: departments.name }).from(departments).where(eq(departments.companyId, companyId)),
    ctx.db.select({ id: schedules.id, name: schedules.name }).from(schedules).where(eq(schedules.companyId, companyId)),
  ]);
  // Every imported employee is ACTIVE and takes a seat: the same rule as creating them one by one.
  if (!canAdd(company, 'employees', active, rawRows.length)) throw planLimitReached(company, 'employees');
  const existingCodes = new Set(existing.map((e) => lower(e.code)));
  const taken = takenEmails;
  const deptByName = new Map(deptRows.map((d) => [lower(d.name), d.id]));
  const schedByName = new Map(schedRows.map((s) => [lower(s.name), s.id]));
  for (const { line, data } of rows) {
    if (existingCodes.has(lower(data.employeeCode))) errors.push({ path: `${line}.employeeCode`, message: 'employee.codeTaken' });
    if (taken.has(data.email)) errors.push({ path: `${line}.email`, message: 'employee.emailTaken' });
    if (data.schedule && !schedByName.has(lower(data.schedule))) errors.push({ path: `${line}.schedule`, message: 'import.scheduleUnknown' });
  }
  // New departments, once each whatever their capitalisation (the first spelling wins).
  const newByKey = new Map<string, string>();
  for (const { data } of rows)
    if (data.department && !deptByName.has(lower(data.department)) && !newByKey.has(lower(data.department)))
      newByKey.set(lower(data.department), data.department);
  const newDepartments = [...newByKey.values()];

  if (errors.length) {
    const badLines = new Set(errors.map((e) => e.path.split('.')[0]));
    throw new AppError('validation_failed', 'import.invalidRows', { count: badLines.size }, errors);
  }
  const preview = rows.map(({ line, data }) => ({ line, ...data }));
  if (dryRun) return { dryRun: true, count: rows.length, newDepartments, rows: preview, emailFailures: 0 };

  const userIds = await ctx.db.transaction(async (tx) => {
    // Re-check the limit under the company lock: the preview may be minutes old.
    await assertCanAdd(tx, companyId, 'employees', rows.length);
    for (const name of newDepartments) {
      const [d] = await tx.insert(departments).values({ companyId, name }).returning();
      deptByName.set(lower(name), d.id);
    }
    const ids = await insertRows(
      tx,
      companyId,
      rows.map((r) => r.data),
      deptByName,
      schedByName,
    );
    // One durable mail job per account, in the same transaction: an account never exists without its mail.
    await tx
      .insert(jobs)
      .values(
        ids.map((userId) => {
          const payload: SetupMailPayload = { userId, lang: ctx.lang, linkBase: ctx.publicUrl };
          return { type: EMPLOYEE_SETUP_MAIL, payload: { ...payload }, runAt: new Date(), dedupeKey: `${EMPLOYEE_SETUP_MAIL}:${userId}` };
        }),
      )
      .onConflictDoNothing();
    return ids;
  });
  ctx.deps.events.emit(rooms.companyAdmin(companyId), 'employee_update', { action: 'imported', count: rows.length });
  emitPlatformChange(ctx.deps.events, companyId, 'employees_imported');
  ctx.deps.wakeJobs?.(); // the mails go out now, not at the runner's next poll (up to 30 s later)
  return { dryRun: false, count: rows.length, newDepartments, rows: preview, emailFailures: 0, mailsQueued: userIds.length };
}

async function insertRows(tx: Db, companyId: string, rows: Row[], depts: Map<string, string>, scheds: Map<string, string>) {
  const accounts = await tx
    .insert(users)
    .values(rows.map((r) => ({ companyId, role: 'EMPLOYEE' as const, name: `${r.firstName} ${r.lastName}`, email: r.email, passwordHash: UNSET_PASSWORD })))
    .returning({ id: users.id, email: users.email });
  const idByEmail = new Map(accounts.map((a) => [a.email, a.id]));
  const created = await tx
    .insert(employees)
    .values(
      rows.map((r) => ({
        companyId,
        userId: idByEmail.get(r.email)!,
        firstName: r.firstName,
        lastName: r.lastName,
        email: r.email,
        employeeCode: r.employeeCode,
        documentType: r.documentType,
        documentNumber: r.documentNumber,
        position: r.position,
        phone: r.phone,
        hireDate: r.hireDate,
        departmentId: r.department ? (depts.get(lower(r.department)) ?? null) : null,
        scheduleId: r.schedule ? (scheds.get(lower(r.schedule)) ?? null) : null,
      })),
    )
    .returning();
  await snapshotPeriods(tx, companyId, { employeeIds: created.map((e) => e.id) }, { fromHireDate: true });
  await queueWebhookEvents(tx, companyId, 'employee.created', created.map(employeeEventData));
  return accounts.map((a) => a.id);
}
