import { randomInt } from 'node:crypto';
import {
  CONSENT_CODE,
  type ConsentMethod,
  FACE_NOTICE_TEXTS,
  type FaceConsentInput,
  type FaceConsentRecord,
  type FaceConsentState,
  type FaceConsentSummary,
  type FaceNoticeVersion,
  type FaceOfficeConsentInput,
  faceNoticeVersion,
  foldDocument,
  foldName,
  translate,
} from '@presente/shared';
import { and, desc, eq, gt, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { AppDeps, Ctx } from '../../context.js';
import { requireCompany } from '../../context.js';
import type { Db } from '../../db/client.js';
import { companies, employees, faceConsentCodes, faceConsents, faceProfiles, users } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { sha256 } from '../../lib/crypto.js';
import { hitWithin } from '../../lib/rate-window.js';
import { rooms } from '../../realtime/events.js';
import { logActivity } from '../activity/activity.service.js';
import { loadSelf } from '../employee-area/self.service.js';
import { removeFaceData } from './enrol.service.js';

/**
 * The worker's own consent to the biometric notice (decision 0035; Ley 29733 art. 13.6: sensitive data needs the
 * holder's prior, express and written consent). An admin's tick is not it: the worker signs in their own account, or
 * on the admin's enrolment screen with a one-time code mailed to them. Enrolment needs an open consent of the
 * worker for the company's current notice (`assertWorkerConsent`).
 */

type ConsentRow = typeof faceConsents.$inferSelect;
const SIGNED: ConsentMethod[] = ['employee', 'office'];

const isValid = (row: ConsentRow, current: FaceNoticeVersion) => SIGNED.includes(row.method) && row.noticeVersion === current;

function summaryOf(row: ConsentRow, current: FaceNoticeVersion): FaceConsentSummary {
  return {
    id: row.id,
    acceptedAt: row.acceptedAt.toISOString(),
    noticeVersion: row.noticeVersion,
    method: row.method,
    confirmBy: row.method === 'admin_legacy' ? (row.confirmBy?.toISOString() ?? null) : null,
    valid: isValid(row, current),
  };
}

/** The employee's open consent (the newest not withdrawn); `lock` holds it until the caller's transaction ends. */
async function openConsent(db: Db, companyId: string, employeeId: string, lock = false): Promise<ConsentRow | undefined> {
  const q = db
    .select()
    .from(faceConsents)
    .where(and(eq(faceConsents.companyId, companyId), eq(faceConsents.employeeId, employeeId), isNull(faceConsents.withdrawnAt)))
    .orderBy(desc(faceConsents.acceptedAt))
    .limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

async function currentNotice(db: Db, companyId: string): Promise<FaceNoticeVersion> {
  const [c] = await db.select({ keepPhotos: companies.keepEnrolmentPhotos }).from(companies).where(eq(companies.id, companyId));
  return faceNoticeVersion(c.keepPhotos);
}

/**
 * The gate of every enrolment: the worker's own open consent to `noticeVersion` (the company's current notice).
 * Inside the enrolment's transaction it is locked (`lock`), so a withdrawal waits for the enrolment and then deletes
 * what it wrote, or the enrolment sees the withdrawal and stops.
 */
export async function assertWorkerConsent(db: Db, companyId: string, employeeId: string, noticeVersion: FaceNoticeVersion, lock = false) {
  const row = await openConsent(db, companyId, employeeId, lock);
  if (!row || !isValid(row, noticeVersion)) throw new AppError('consent_required', 'consent.workerRequired', { version: noticeVersion });
}

/** The signature typed by the worker, checked against the record: the name and (when on record) the document. */
function checkSignature(employee: typeof employees.$inferSelect, input: { fullName: string; documentNumber: string }, requireDocument: boolean) {
  const errors: { path: string; message: string }[] = [];
  const name = foldName(`${employee.firstName} ${employee.lastName}`);
  if (foldName(input.fullName) !== name) errors.push({ path: 'fullName', message: 'consent.nameMismatch' });
  if (!employee.documentNumber) {
    if (requireDocument) throw new AppError('validation_failed', 'consent.noDocument', {}, [{ path: 'documentNumber', message: 'consent.noDocument' }]);
  } else if (foldDocument(input.documentNumber) !== foldDocument(employee.documentNumber)) {
    errors.push({ path: 'documentNumber', message: 'consent.documentMismatch' });
  }
  if (errors.length) throw new AppError('validation_failed', errors[0].message, {}, errors);
}

/** Closes the open consent (replaced by the new one) and records the worker's signed acceptance, in `tx`. */
async function recordConsent(
  tx: Db,
  ctx: Ctx,
  employee: typeof employees.$inferSelect,
  method: 'employee' | 'office',
  input: { fullName: string; documentNumber: string; noticeVersion: FaceNoticeVersion },
) {
  const own = and(eq(faceConsents.companyId, employee.companyId), eq(faceConsents.employeeId, employee.id), isNull(faceConsents.withdrawnAt));
  await tx.update(faceConsents).set({ withdrawnAt: new Date(), withdrawnReason: 'replaced' }).where(own);
  const [row] = await tx
    .insert(faceConsents)
    .values({
      companyId: employee.companyId,
      employeeId: employee.id,
      noticeVersion: input.noticeVersion,
      method,
      signedName: input.fullName.replace(/\s+/g, ' ').trim().slice(0, 200),
      signedDocument: input.documentNumber.trim().slice(0, 20),
      userAgent: ctx.userAgent.slice(0, 400) || null,
      ip: ctx.ip.slice(0, 64) || null,
      recordedByUserId: ctx.actor?.userId ?? null,
    })
    .returning();
  await logActivity(tx, {
    companyId: employee.companyId,
    employeeId: employee.id,
    actorUserId: ctx.actor?.userId ?? null,
    type: 'profile_updated',
    title: 'activity.consentAccepted',
    details: { method, noticeVersion: input.noticeVersion, consentId: row.id },
  });
  return row;
}

const noticeChanged = () =>
  new AppError('validation_failed', 'face.noticeVersionInvalid', {}, [{ path: 'noticeVersion', message: 'face.noticeVersionInvalid' }]);

/** The worker accepts the company's current notice in their own account (also confirms an admin's earlier tick). */
export async function acceptOwnConsent(ctx: Ctx, input: FaceConsentInput & { noticeVersion: FaceNoticeVersion }): Promise<FaceConsentSummary> {
  const { employee } = await loadSelf(ctx.db, ctx.actor);
  const current = await currentNotice(ctx.db, employee.companyId);
  if (input.noticeVersion !== current) throw noticeChanged();
  checkSignature(employee, input, false);
  const row = await ctx.db.transaction((tx) => recordConsent(tx, ctx, employee, 'employee', input));
  ctx.deps.events.emit(rooms.company(employee.companyId), 'employee_update', { action: 'face_consent', id: employee.id });
  return summaryOf(row, current);
}

async function companyEmployee(db: Db, companyId: string, employeeId: string) {
  const [employee] = await db
    .select()
    .from(employees)
    .where(and(eq(employees.id, employeeId), eq(employees.companyId, companyId), isNull(employees.deletedAt)));
  if (!employee) throw new AppError('not_found', 'employee.notFound');
  return employee;
}

const codeHash = (deps: AppDeps, employeeId: string, code: string) => sha256(`${deps.sessionSecret}:consent:${employeeId}:${code}`);
const maskEmail = (email: string) => email.replace(/^(.)[^@]*(@.*)$/, '$1***$2');

/** Codes a company may have mailed per employee in 15 minutes: a person at the screen needs one, two on a typo. */
export const CONSENT_CODES_PER_EMPLOYEE = 3;

/**
 * The admin opens the hand-over: a 6-digit code is mailed to the worker (valid 15 minutes, 5 tries), replacing an
 * earlier one. The admin's screen never shows it.
 */
export async function sendOfficeCode(ctx: Ctx, employeeId: string): Promise<{ maskedEmail: string }> {
  const companyId = requireCompany(ctx.actor);
  const employee = await companyEmployee(ctx.db, companyId, employeeId);
  if (employee.status !== 'ACTIVE') throw new AppError('conflict', 'face.employeeInactive');
  if (!employee.documentNumber) throw new AppError('validation_failed', 'consent.noDocument', {}, [{ path: 'documentNumber', message: 'consent.noDocument' }]);
  await hitWithin(ctx.deps.limiter, `face:consent-code:${employee.id}`, CONSENT_CODES_PER_EMPLOYEE, 15 * 60_000, 'face.tooManyRequests');
  const code = String(randomInt(0, 10 ** CONSENT_CODE.digits)).padStart(CONSENT_CODE.digits, '0');
  const values = {
    companyId,
    codeHash: codeHash(ctx.deps, employee.id, code),
    expiresAt: new Date(Date.now() + CONSENT_CODE.minutes * 60_000),
    attempts: 0,
    requestedByUserId: ctx.actor?.userId ?? null,
    createdAt: new Date(),
  };
  await ctx.db
    .insert(faceConsentCodes)
    .values({ employeeId: employee.id, ...values })
    .onConflictDoUpdate({ target: faceConsentCodes.employeeId, set: values });
  const [company] = await ctx.db.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId));
  const fill = (text: string) =>
    text
      .replaceAll('{code}', code)
      .replaceAll('{name}', employee.firstName)
      .replaceAll('{company}', company.name)
      .replaceAll('{minutes}', String(CONSENT_CODE.minutes));
  await ctx.deps.mailer.send({ to: employee.email, subject: fill(translate('consent.mailSubject', 'es')), text: fill(translate('consent.mailBody', 'es')) });
  return { maskedEmail: maskEmail(employee.email) };
}

/**
 * The worker accepts on the admin's enrolment screen: their typed full name and document number must match the
 * record, and the code mailed to them must be right (5 tries, then it is void). Time, notice, device and IP are kept.
 */
export async function acceptAtOffice(ctx: Ctx, input: FaceOfficeConsentInput & { noticeVersion: FaceNoticeVersion }): Promise<FaceConsentSummary> {
  const companyId = requireCompany(ctx.actor);
  const employee = await companyEmployee(ctx.db, companyId, input.employeeId);
  if (employee.status !== 'ACTIVE') throw new AppError('conflict', 'face.employeeInactive');
  const current = await currentNotice(ctx.db, companyId);
  if (input.noticeVersion !== current) throw noticeChanged();
  const own = and(eq(faceConsentCodes.employeeId, employee.id), eq(faceConsentCodes.companyId, companyId));
  // A try is counted before anything is compared (committed on its own), so a wrong name or document costs one too.
  const [code] = await ctx.db
    .update(faceConsentCodes)
    .set({ attempts: sql`${faceConsentCodes.attempts} + 1` })
    .where(and(own, gt(faceConsentCodes.expiresAt, new Date())))
    .returning();
  const codeError = (key: string) => new AppError('validation_failed', key, {}, [{ path: 'code', message: key }]);
  if (!code) throw codeError('consent.codeInvalid');
  if (code.attempts > CONSENT_CODE.attempts) {
    await ctx.db.delete(faceConsentCodes).where(own);
    throw codeError('consent.codeTooMany');
  }
  checkSignature(employee, input, true);
  if (code.codeHash !== codeHash(ctx.deps, employee.id, input.code)) throw codeError('consent.codeInvalid');
  const row = await ctx.db.transaction(async (tx) => {
    // Single use: the code goes with the acceptance; a second request with it finds nothing.
    const used = await tx
      .delete(faceConsentCodes)
      .where(and(own, eq(faceConsentCodes.codeHash, code.codeHash)))
      .returning();
    if (used.length === 0) throw codeError('consent.codeInvalid');
    return recordConsent(tx, ctx, employee, 'office', input);
  });
  ctx.deps.events.emit(rooms.company(companyId), 'employee_update', { action: 'face_consent', id: employee.id });
  return summaryOf(row, current);
}

/** What the admin's enrolment screen needs about an employee's consent (never the document number itself). */
export async function adminConsentStatus(ctx: Ctx, employeeId: string) {
  const companyId = requireCompany(ctx.actor);
  const employee = await companyEmployee(ctx.db, companyId, employeeId);
  const current = await currentNotice(ctx.db, companyId);
  const row = await openConsent(ctx.db, companyId, employee.id);
  return {
    consent: row ? summaryOf(row, current) : null,
    noticeVersion: current,
    hasDocument: !!employee.documentNumber,
    maskedEmail: maskEmail(employee.email),
  };
}

/** The employee's own registration and consent. */
export async function consentState(ctx: Ctx): Promise<FaceConsentState> {
  const { employee } = await loadSelf(ctx.db, ctx.actor);
  const [profile] = await ctx.db
    .select()
    .from(faceProfiles)
    .where(and(eq(faceProfiles.companyId, employee.companyId), eq(faceProfiles.employeeId, employee.id)));
  const current = await currentNotice(ctx.db, employee.companyId);
  const row = await openConsent(ctx.db, employee.companyId, employee.id);
  return {
    registered: !!profile,
    faceData: profile ? { confidence: profile.confidence, createdAt: profile.createdAt.toISOString(), isActive: true } : null,
    consent: row ? summaryOf(row, current) : null,
    noticeVersion: current,
  };
}

/**
 * The employee withdraws consent: the consent is closed first (waiting for an enrolment in flight, which holds it),
 * then the templates and photo go, in one transaction.
 */
export async function withdrawConsent(ctx: Ctx) {
  const { employee } = await loadSelf(ctx.db, ctx.actor);
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(faceConsents)
      .set({ withdrawnAt: new Date(), withdrawnReason: 'employee' })
      .where(and(eq(faceConsents.companyId, employee.companyId), eq(faceConsents.employeeId, employee.id), isNull(faceConsents.withdrawnAt)));
    await removeFaceData(tx, employee.companyId, employee.id, 'employee');
    await logActivity(tx, {
      companyId: employee.companyId,
      employeeId: employee.id,
      actorUserId: ctx.actor?.userId ?? null,
      type: 'profile_updated',
      title: 'activity.consentWithdrawn',
    });
  });
  ctx.deps.events.emit(rooms.company(employee.companyId), 'employee_update', { action: 'face_removed', id: employee.id });
}

/**
 * One consent as a printable record: for an admin, any consent of their company; for an employee, only their own.
 * Anything else is "not found".
 */
export async function consentRecord(ctx: Ctx, consentId: string): Promise<FaceConsentRecord> {
  const companyId = requireCompany(ctx.actor);
  const where = [eq(faceConsents.id, consentId), eq(faceConsents.companyId, companyId)];
  if (ctx.actor?.role === 'EMPLOYEE') {
    const { employee } = await loadSelf(ctx.db, ctx.actor);
    where.push(eq(faceConsents.employeeId, employee.id));
  } else if (ctx.actor?.role !== 'COMPANY_ADMIN') throw new AppError('forbidden');
  const [row] = await ctx.db
    .select({ consent: faceConsents, employee: employees, company: { name: companies.name, timezone: companies.timezone }, recordedBy: users.name })
    .from(faceConsents)
    .innerJoin(employees, eq(employees.id, faceConsents.employeeId))
    .innerJoin(companies, eq(companies.id, faceConsents.companyId))
    .leftJoin(users, eq(users.id, faceConsents.recordedByUserId))
    .where(and(...where));
  if (!row) throw new AppError('not_found', 'consent.notFound');
  const c = row.consent;
  const notice = FACE_NOTICE_TEXTS[c.noticeVersion as FaceNoticeVersion];
  return {
    id: c.id,
    companyName: row.company.name,
    employeeName: `${row.employee.firstName} ${row.employee.lastName}`,
    employeeCode: row.employee.employeeCode,
    signedName: c.signedName,
    signedDocument: c.signedDocument,
    noticeVersion: c.noticeVersion,
    notice: notice ? { es: [...notice.es], en: [...notice.en] } : null,
    method: c.method,
    acceptedAt: c.acceptedAt.toISOString(),
    timezone: row.company.timezone,
    ip: c.ip,
    userAgent: c.userAgent,
    recordedBy: row.recordedBy,
    withdrawnAt: c.withdrawnAt?.toISOString() ?? null,
    withdrawnReason: c.withdrawnReason,
  };
}

/**
 * Daily: enrolments whose consent an admin ticked before decision 0035 and that the worker has not confirmed by its
 * `confirmBy` lose their templates and photo (reason 'not_confirmed'). Answers how many employees.
 */
export async function expireUnconfirmedConsents(deps: Pick<AppDeps, 'db' | 'events'>, now: Date): Promise<number> {
  const due = await deps.db
    .select({ companyId: faceConsents.companyId, employeeId: faceConsents.employeeId })
    .from(faceConsents)
    .where(and(eq(faceConsents.method, 'admin_legacy'), isNull(faceConsents.withdrawnAt), isNotNull(faceConsents.confirmBy), lt(faceConsents.confirmBy, now)))
    .limit(1000);
  for (const { companyId, employeeId } of due) {
    await deps.db.transaction(async (tx) => {
      // Locked and checked again: a confirmation that just committed wins.
      const [open] = await tx
        .select()
        .from(faceConsents)
        .where(and(eq(faceConsents.companyId, companyId), eq(faceConsents.employeeId, employeeId), isNull(faceConsents.withdrawnAt)))
        .orderBy(desc(faceConsents.acceptedAt))
        .limit(1)
        .for('update');
      if (open?.method !== 'admin_legacy') return;
      await tx.update(faceConsents).set({ withdrawnAt: now, withdrawnReason: 'not_confirmed' }).where(eq(faceConsents.id, open.id));
      await removeFaceData(tx, companyId, employeeId, 'not_confirmed');
      await logActivity(tx, { companyId, employeeId, type: 'admin_action', title: 'activity.consentNotConfirmed' });
    });
    deps.events.emit(rooms.company(companyId), 'employee_update', { action: 'face_removed', id: employeeId });
  }
  return due.length;
}
