import type { employeeCreateInput, employeeListQuery, employeeUpdateInput } from '@presente/shared';
import { missingDocument, pagination } from '@presente/shared';
import { and, asc, eq, gt, isNull, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Ctx, requireCompany } from '../../context.js';
import type { Db } from '../../db/client.js';
import { companies, departments, employees, faceProfiles, schedules, sessions, users } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { generatePassword, hashPassword } from '../../lib/crypto.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { containsFolded } from '../../lib/sql.js';
import { emitPlatformChange, rooms } from '../../realtime/events.js';
import { emailsTaken } from '../account/own-account.service.js';
import { snapshotPeriods } from '../attendance/periods.js';
import { dropSessionSockets, revokeSessions } from '../auth/sessions.js';
import { assertCanAdd } from '../company/plan.service.js';
import { removeFaceData } from '../face/enrol.service.js';
import { employeeEventData, queueWebhookEvent } from '../webhooks/outbox.js';
import { accountPasswordMail } from './employees.mails.js';

type CreateInput = z.output<typeof employeeCreateInput>;
type UpdateInput = z.output<typeof employeeUpdateInput>;

const codeTaken = () => new AppError('conflict', 'employee.codeTaken', {}, [{ path: 'employeeCode', message: 'employee.codeTaken' }]);
const emailTaken = () => new AppError('email_taken', 'employee.emailTaken', {}, [{ path: 'email', message: 'employee.emailTaken' }]);

function mapUnique(err: unknown): never {
  if (isUniqueViolation(err, 'employees_company_code_uq')) throw codeTaken();
  if (isUniqueViolation(err)) throw emailTaken();
  throw err;
}

/**
 * The worker's document the company's country requires (Peru; decision 0062): the country is the company's row, never
 * a request field; the rule is the shared one the forms use (identity.ts `missingDocument`). 400 `document_required`
 * naming each missing field; nothing is written.
 */
export async function assertDocumentForCompany(db: Db, companyId: string, input: { documentType: string | null; documentNumber: string | null }) {
  const [company] = await db.select({ country: companies.country }).from(companies).where(eq(companies.id, companyId));
  const missing = missingDocument(company?.country, input);
  if (missing.length) throw new AppError('document_required', 'validation.documentRequiredPE', {}, missing);
}

const live = (companyId: string) => and(eq(employees.companyId, companyId), isNull(employees.deletedAt));
const byId = (companyId: string, id: string) => and(live(companyId), eq(employees.id, id));

/** Inside the writing transaction: the schedule and department are locked (FOR KEY SHARE) so neither can go before the commit. */
async function assertRefs(tx: Db, companyId: string, input: { scheduleId: string | null; departmentId: string | null }) {
  const ofCompany = async (table: typeof schedules | typeof departments, id: string) =>
    (
      await tx
        .select({ id: table.id })
        .from(table)
        .where(and(eq(table.id, id), eq(table.companyId, companyId)))
        .for('key share')
    ).length > 0;
  if (input.scheduleId && !(await ofCompany(schedules, input.scheduleId))) {
    throw new AppError('not_found', 'schedule.notFound', {}, [{ path: 'scheduleId', message: 'schedule.notFound' }]);
  }
  if (input.departmentId && !(await ofCompany(departments, input.departmentId))) {
    throw new AppError('not_found', 'department.notFound', {}, [{ path: 'departmentId', message: 'department.notFound' }]);
  }
}

async function emailUsedByAnotherUser(db: Db, email: string, exceptUserId?: string | null) {
  return (await emailsTaken(db, [email], exceptUserId)).size > 0;
}

const selection = {
  employee: employees,
  schedule: { id: schedules.id, name: schedules.name, startTime: schedules.startTime, endTime: schedules.endTime },
  department: { id: departments.id, name: departments.name },
  userActive: users.isActive,
  face: { confidence: faceProfiles.confidence, createdAt: faceProfiles.createdAt },
};
type Row = {
  employee: typeof employees.$inferSelect;
  schedule: { id: string | null; name: string | null; startTime: string | null; endTime: string | null } | null;
  department: { id: string | null; name: string | null } | null;
  userActive: boolean | null;
  face: { confidence: number | null; createdAt: Date | null } | null;
};

function shape(r: Row) {
  const { deletedAt: _d, ...e } = r.employee;
  return {
    ...e,
    schedule: r.schedule?.id ? r.schedule : null,
    department: r.department?.id ? r.department : null,
    canLogin: r.userActive ?? false,
    faceData: r.face?.createdAt ? { confidence: r.face.confidence ?? 0, createdAt: r.face.createdAt.toISOString(), isActive: true } : null,
  };
}

function baseQuery(db: Db) {
  return db
    .select(selection)
    .from(employees)
    .leftJoin(schedules, eq(schedules.id, employees.scheduleId))
    .leftJoin(departments, eq(departments.id, employees.departmentId))
    .leftJoin(users, eq(users.id, employees.userId))
    .leftJoin(faceProfiles, eq(faceProfiles.employeeId, employees.id));
}

/** Employees of the actor's company: search by name, email or code; department filter ('none' = without). */
export async function listEmployees(ctx: Ctx, q: z.output<typeof employeeListQuery>) {
  const companyId = requireCompany(ctx.actor);
  const filters: (SQL | undefined)[] = [live(companyId)];
  if (q.search) {
    const name = sql`${employees.firstName} || ' ' || ${employees.lastName}`;
    filters.push(containsFolded([employees.firstName, employees.lastName, name, employees.email, employees.employeeCode], q.search));
  }
  if (q.departmentId === 'none') filters.push(isNull(employees.departmentId));
  else if (q.departmentId) filters.push(eq(employees.departmentId, q.departmentId));
  if (q.status) filters.push(eq(employees.status, q.status));
  const where = and(...filters);
  const [rows, [{ total }], [{ all }]] = await Promise.all([
    baseQuery(ctx.db)
      .where(where)
      .orderBy(asc(employees.lastName), asc(employees.firstName), asc(employees.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    ctx.db.select({ total: sql<number>`count(*)::int` }).from(employees).where(where),
    ctx.db.select({ all: sql<number>`count(*)::int` }).from(employees).where(live(companyId)),
  ]);
  return { data: rows.map(shape), pagination: pagination(q.page, q.limit, total), totalEmployees: all };
}

/** A page of the company's employees in id order after `afterId` (the public API's cursor paging; decision 0048). */
export async function employeesAfter(ctx: Ctx, afterId: string | null, limit: number) {
  const companyId = requireCompany(ctx.actor);
  const rows = await baseQuery(ctx.db)
    .where(and(live(companyId), afterId ? gt(employees.id, afterId) : undefined))
    .orderBy(asc(employees.id))
    .limit(limit);
  return rows.map(shape);
}

export async function getEmployee(ctx: Ctx, id: string) {
  const companyId = requireCompany(ctx.actor);
  const [row] = await baseQuery(ctx.db).where(byId(companyId, id)).limit(1);
  if (!row) throw new AppError('not_found', 'employee.notFound');
  return shape(row);
}

async function sendPassword(ctx: Ctx, kind: 'welcome' | 'reset', companyId: string, to: { name: string; email: string }, password: string) {
  const company = await ctx.db.query.companies.findFirst({ where: eq(companies.id, companyId) });
  try {
    await ctx.deps.mailer.send(accountPasswordMail(ctx.lang, kind, to, company?.name ?? 'Presente', password, `${ctx.publicUrl}/login`));
    return 'sent' as const;
  } catch (err) {
    ctx.log.error({ err }, 'account password mail failed');
    return 'failed' as const;
  }
}

/**
 * Creates an employee and its login account (role EMPLOYEE) with a generated password that is mailed;
 * one transaction, within the plan's employee limit (an employee created INACTIVE takes no seat).
 */
export async function createEmployee(ctx: Ctx, input: CreateInput) {
  const companyId = requireCompany(ctx.actor);
  const password = generatePassword();
  const passwordHash = await hashPassword(password);
  const name = `${input.firstName} ${input.lastName}`;
  let created: typeof employees.$inferSelect;
  try {
    created = await ctx.db.transaction(async (tx) => {
      if (input.status === 'ACTIVE') await assertCanAdd(tx, companyId, 'employees');
      await assertDocumentForCompany(tx, companyId, input);
      await assertRefs(tx, companyId, input);
      if (await emailUsedByAnotherUser(tx, input.email)) throw emailTaken();
      const [user] = await tx
        .insert(users)
        .values({ companyId, role: 'EMPLOYEE', name, email: input.email, passwordHash, isActive: input.status === 'ACTIVE' })
        .returning();
      const [row] = await tx
        .insert(employees)
        .values({ ...input, companyId, userId: user.id })
        .returning();
      await snapshotPeriods(tx, companyId, { employeeIds: [row.id] }, { fromHireDate: true });
      await queueWebhookEvent(tx, companyId, 'employee.created', employeeEventData(row));
      return row;
    });
  } catch (err) {
    mapUnique(err);
  }
  ctx.deps.wakeJobs?.();
  ctx.deps.events.emit(rooms.companyAdmin(companyId), 'employee_update', { action: 'created', id: created.id });
  emitPlatformChange(ctx.deps.events, companyId, 'employee_created');
  const emailStatus = await sendPassword(ctx, 'welcome', companyId, { name, email: input.email }, password);
  return { employee: await getEmployee(ctx, created.id), emailStatus };
}

/**
 * Updates an employee and keeps the login account in step (name, email, active, optional new password).
 * For a Peruvian company the document must stay (or be added to an older worker's record: decision 0062).
 * Reactivating (INACTIVE → ACTIVE) takes a seat: refused with plan_limit_reached when none is left,
 * e.g. after a billing downgrade deactivated the employees beyond the FREE limit.
 */
export async function updateEmployee(ctx: Ctx, id: string, input: UpdateInput, opts: { onlyDeactivating?: boolean } = {}) {
  const companyId = requireCompany(ctx.actor);
  const { newPassword, id: _ignored, ...fields } = input;
  const passwordHash = newPassword ? await hashPassword(newPassword) : undefined;
  let revoked: string[] = [];
  let statusChanged = false;
  try {
    await ctx.db.transaction(async (tx) => {
      // The company row is locked before the employee's (the order every plan check and billing use).
      const [peek] = await tx.select({ status: employees.status }).from(employees).where(byId(companyId, id));
      if (!peek) throw new AppError('not_found', 'employee.notFound');
      const reactivating = peek.status === 'INACTIVE' && input.status === 'ACTIVE';
      if (reactivating) await assertCanAdd(tx, companyId, 'employees');
      const [current] = await tx.select().from(employees).where(byId(companyId, id)).for('update');
      if (!current) throw new AppError('not_found', 'employee.notFound');
      statusChanged = current.status !== input.status;
      // An edit keeps or adds the document; deactivating an older worker without one (the public API's call) is no edit.
      if (!opts.onlyDeactivating) await assertDocumentForCompany(tx, companyId, input);
      await assertRefs(tx, companyId, input);
      if (await emailUsedByAnotherUser(tx, input.email, current.userId)) throw emailTaken();
      const [updated] = await tx.update(employees).set(fields).where(eq(employees.id, id)).returning();
      const deactivated = current.status !== 'INACTIVE' && updated.status === 'INACTIVE';
      await queueWebhookEvent(tx, companyId, deactivated ? 'employee.deactivated' : 'employee.updated', employeeEventData(updated));
      // A new schedule or status applies from today on; past days keep the rules of their day.
      await snapshotPeriods(tx, companyId, { employeeIds: [id] });
      if (current.userId) {
        await tx
          .update(users)
          .set({
            name: `${input.firstName} ${input.lastName}`,
            email: input.email,
            isActive: input.status === 'ACTIVE',
            ...(passwordHash ? { passwordHash, passwordChangedAt: new Date() } : {}),
          })
          .where(eq(users.id, current.userId));
        if (passwordHash || input.status === 'INACTIVE') revoked = await revokeSessions(tx, eq(sessions.userId, current.userId));
      }
      // Deactivating an employee deletes their face templates (consent and privacy, docs/privacy-retention.md).
      if (input.status === 'INACTIVE') await removeFaceData(tx, companyId, id, 'employee_deactivated');
    });
  } catch (err) {
    mapUnique(err);
  }
  dropSessionSockets(ctx.deps.events, revoked);
  ctx.deps.wakeJobs?.();
  ctx.deps.events.emit(rooms.companyAdmin(companyId), 'employee_update', { action: 'updated', id });
  ctx.deps.events.emit(rooms.employee(id), 'employee_update', { type: 'profile_updated', id });
  // Active employees are counted on the super admin's screens.
  if (statusChanged) emitPlatformChange(ctx.deps.events, companyId, 'employee_status_changed');
  return getEmployee(ctx, id);
}

/** Removes an employee: the login account goes, the attendance history stays (5-year retention). */
export async function deleteEmployee(ctx: Ctx, id: string) {
  const companyId = requireCompany(ctx.actor);
  const revoked = await ctx.db.transaction(async (tx) => {
    const [current] = await tx.select().from(employees).where(byId(companyId, id)).for('update');
    if (!current) throw new AppError('not_found', 'employee.notFound');
    const [gone] = await tx.update(employees).set({ deletedAt: new Date(), status: 'INACTIVE', userId: null }).where(eq(employees.id, id)).returning();
    await queueWebhookEvent(tx, companyId, 'employee.deactivated', employeeEventData(gone));
    // Inactive from today: the months they worked still show them, later days are not absences.
    await snapshotPeriods(tx, companyId, { employeeIds: [id] });
    const ended = current.userId ? await revokeSessions(tx, eq(sessions.userId, current.userId)) : [];
    if (current.userId) await tx.delete(users).where(eq(users.id, current.userId));
    await removeFaceData(tx, companyId, id, 'employee_deleted');
    return ended;
  });
  dropSessionSockets(ctx.deps.events, revoked);
  ctx.deps.wakeJobs?.();
  ctx.deps.events.emit(rooms.companyAdmin(companyId), 'employee_update', { action: 'deleted', id });
  emitPlatformChange(ctx.deps.events, companyId, 'employee_deleted');
}

/** Generates and mails a new password; the employee's sessions end. */
export async function resetEmployeePassword(ctx: Ctx, id: string) {
  const companyId = requireCompany(ctx.actor);
  const employee = await ctx.db.query.employees.findFirst({ where: byId(companyId, id) });
  if (!employee?.userId) throw new AppError('not_found', 'employee.notFound');
  const password = generatePassword();
  const passwordHash = await hashPassword(password);
  const revoked = await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, passwordChangedAt: new Date() }).where(eq(users.id, employee.userId!));
    return revokeSessions(tx, eq(sessions.userId, employee.userId!));
  });
  dropSessionSockets(ctx.deps.events, revoked);
  return sendPassword(ctx, 'reset', companyId, { name: `${employee.firstName} ${employee.lastName}`, email: employee.email }, password);
}
