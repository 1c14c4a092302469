import { findCountry, type Language, type SuperAdminCompanyCreateInput, type SuperAdminCompanyUpdateInput } from '@presente/shared';
import { and, eq } from 'drizzle-orm';
import type { Ctx } from '../../context.js';
import { companies, sessions, users } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { enqueue } from '../../jobs/runner.js';
import { generatePassword, hashPassword } from '../../lib/crypto.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { rooms } from '../../realtime/events.js';
import { assertEmailFree, emailTaken } from '../account/own-account.service.js';
import { dropCompanySockets, dropSessionSockets, revokeSessions } from '../auth/sessions.js';
import { BILLING_MAIL_JOB } from '../billing/apply.js';
import type { BillingMailParams } from '../billing/billing.mails.js';
import { cancelSubscriptionsBeforeDeletion } from '../billing/cancel.service.js';
import { assertCompanyRuc } from '../company/legal.js';
import { assertUsageFits } from '../company/plan.service.js';
import { closeCompany } from '../register/closing.js';
import { registerDownloadUrl } from '../register/register.links.js';
import { companyAdminWelcomeMail } from './admin.mails.js';
import { companyAdmins, companyNotFound, getCompany } from './companies.query.js';

const invalid = (path: string, key: string) => new AppError('validation_failed', key, {}, [{ path, message: key }]);
const adminNotFound = () => new AppError('not_found', 'admin.adminNotFound');
const companyClosed = () => new AppError('company_closed', 'register.companyClosed');

/**
 * Country, timezone and locale of a company. An omitted timezone or locale follows the country
 * (its first timezone, its locale) when the country changes, else stays as it was.
 */
function resolvePlace(
  input: { country?: string; timezone?: string; locale?: string },
  current: { country: string; timezone: string; locale: string } | undefined,
) {
  const code = input.country ?? current?.country ?? 'PE';
  const country = findCountry(code);
  if (!country) throw invalid('country', 'validation.countryInvalid');
  const sameCountry = current !== undefined && current.country === country.code;
  const timezone = input.timezone ?? (sameCountry ? current.timezone : country.timezones[0].timezone);
  if (!country.timezones.some((t) => t.timezone === timezone)) throw invalid('timezone', 'validation.timezoneInvalid');
  const locale = input.locale ?? (sameCountry ? current.locale : country.locale);
  return { country: country.code, timezone, locale };
}

/** The language of mail to a company's people: from the company's locale. */
const mailLanguage = (locale: string, fallback: Language): Language => (locale.startsWith('en') ? 'en' : locale.startsWith('es') ? 'es' : fallback);

function emitCompanyUpdate(ctx: Ctx, companyId: string, action: string, extra: Record<string, unknown> = {}) {
  const payload = { action, companyId, ...extra };
  ctx.deps.events.emit(rooms.superAdmin(), 'company_update', payload);
  ctx.deps.events.emit(rooms.company(companyId), 'company_update', payload);
}

/**
 * Creates a company and its administrator (COMPANY_ADMIN) in one transaction. With setup by email a
 * random password is mailed to the administrator after the commit; if that mail fails the company
 * stays and the answer carries a warning key.
 */
export async function createCompany(ctx: Ctx, input: SuperAdminCompanyCreateInput) {
  const place = resolvePlace(input, undefined);
  assertCompanyRuc(place.country, input.ruc);
  await assertEmailFree(ctx.db, input.adminEmail, 'adminEmail');
  const password = input.setupType === 'manual' ? input.adminPassword! : generatePassword();
  const passwordHash = await hashPassword(password);

  let created: { companyId: string; adminId: string };
  try {
    created = await ctx.db.transaction(async (tx) => {
      const [company] = await tx
        .insert(companies)
        .values({
          name: input.name,
          ruc: input.ruc,
          legalName: input.legalName ?? null,
          email: input.email,
          phone: input.phone,
          address: input.address,
          city: input.city,
          ...place,
          plan: input.plan,
          status: input.status,
          maxEmployees: input.maxEmployees,
        })
        .returning({ id: companies.id });
      const [admin] = await tx
        .insert(users)
        .values({ companyId: company.id, role: 'COMPANY_ADMIN', name: input.adminName, email: input.adminEmail, passwordHash })
        .returning({ id: users.id });
      return { companyId: company.id, adminId: admin.id };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw emailTaken('adminEmail');
    throw err;
  }

  let warningKey: 'admin.welcomeMailFailed' | undefined;
  if (input.setupType === 'email') {
    const mail = companyAdminWelcomeMail(
      mailLanguage(place.locale, ctx.lang),
      { name: input.adminName, email: input.adminEmail },
      input.name,
      password,
      `${ctx.publicUrl}/login`,
    );
    try {
      await ctx.deps.mailer.send(mail);
    } catch (err) {
      ctx.log.error({ err, companyId: created.companyId, userId: created.adminId }, 'company admin welcome mail failed');
      warningKey = 'admin.welcomeMailFailed';
    }
  }

  emitCompanyUpdate(ctx, created.companyId, 'created');
  ctx.deps.events.emit(rooms.superAdmin(), 'system_stats_update', { reason: 'company_created', companyId: created.companyId });
  return { company: await getCompany(ctx, created.companyId), warningKey };
}

/**
 * Updates the fields sent. Status may be ACTIVE or INACTIVE (INACTIVE ends the access of the company's
 * users on their next request); SUSPENDED is refused unless it is already the status. A lower employee
 * limit than what the company has (ACTIVE employees, schedules, locations, links) is refused (409, assertUsageFits). The admin's
 * name, email and password change only when sent; a new password ends the admin's sessions.
 */
export async function updateCompany(ctx: Ctx, id: string, input: SuperAdminCompanyUpdateInput) {
  const current = await ctx.db.query.companies.findFirst({ where: eq(companies.id, id) });
  if (!current) throw companyNotFound();
  if (current.closedAt) throw companyClosed();
  if (input.status === 'SUSPENDED' && current.status !== 'SUSPENDED') throw invalid('status', 'admin.statusSuspendedNotSelectable');

  const patch: Partial<typeof companies.$inferInsert> = {};
  for (const key of ['name', 'ruc', 'legalName', 'email', 'plan', 'maxEmployees', 'status', 'phone', 'address', 'city'] as const) {
    if (input[key] !== undefined) (patch as Record<string, unknown>)[key] = input[key];
  }
  if (input.country !== undefined || input.timezone !== undefined || input.locale !== undefined) Object.assign(patch, resolvePlace(input, current));
  // A changed RUC, or a move to Peru, is checked against the country it will have (decision 0053); resending the
  // stored one (the form sends every field) leaves an older company editable.
  const rucChanged = patch.ruc !== undefined && patch.ruc !== current.ruc;
  if (rucChanged || (patch.country !== undefined && patch.country !== current.country))
    assertCompanyRuc(patch.country ?? current.country, patch.ruc ?? current.ruc);

  const changesAdmin = input.adminName !== undefined || input.adminEmail !== undefined || input.adminPassword !== undefined;
  const admin = changesAdmin ? (await companyAdmins(ctx.db, [id])).get(id) : undefined;
  if (changesAdmin && !admin) throw adminNotFound();
  if (admin && input.adminEmail !== undefined) await assertEmailFree(ctx.db, input.adminEmail, 'adminEmail', admin.id);
  const passwordHash = input.adminPassword ? await hashPassword(input.adminPassword) : undefined;

  let revoked: string[] = [];
  try {
    await ctx.db.transaction(async (tx) => {
      if (patch.plan !== undefined || patch.maxEmployees !== undefined) {
        const next = { plan: patch.plan ?? current.plan, maxEmployees: patch.maxEmployees ?? current.maxEmployees };
        await assertUsageFits(tx, current, next, patch.plan !== undefined && patch.plan !== current.plan ? 'plan' : 'maxEmployees');
      }
      await tx
        .update(companies)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(companies.id, id));
      if (!admin) return;
      const now = new Date();
      await tx
        .update(users)
        .set({
          ...(input.adminName !== undefined ? { name: input.adminName } : {}),
          ...(input.adminEmail !== undefined ? { email: input.adminEmail } : {}),
          ...(passwordHash ? { passwordHash, passwordChangedAt: now } : {}),
          updatedAt: now,
        })
        .where(eq(users.id, admin.id));
      if (passwordHash) revoked = await revokeSessions(tx, eq(sessions.userId, admin.id));
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw emailTaken('adminEmail');
    throw err;
  }
  dropSessionSockets(ctx.deps.events, revoked);
  // INACTIVE ends the access of the company's people: their open sockets go now, not on their next request.
  if (patch.status === 'INACTIVE' && current.status !== 'INACTIVE') dropCompanySockets(ctx.deps.events, id);

  emitCompanyUpdate(ctx, id, 'updated', patch.status && patch.status !== current.status ? { status: patch.status } : {});
  return getCompany(ctx, id);
}

/**
 * "Deletes" a company (decision 0034, replacing 0005's one-statement delete): the company is closed in one
 * transaction: logins, face data and everything the law does not require are removed, the attendance register
 * (records, deleted-record archive, manual-change audit, the company's and workers' identifying fields) is kept
 * read-only for 5 years, and the admin is mailed a 30-day link to the whole register. A running subscription
 * is cancelled at the provider first; if that fails nothing changes (decision 0012).
 */
export async function deleteCompany(ctx: Ctx, id: string) {
  const company = await ctx.db.query.companies.findFirst({ where: eq(companies.id, id) });
  if (!company) throw companyNotFound();
  if (company.closedAt) throw companyClosed();
  await cancelSubscriptionsBeforeDeletion(ctx, id);
  const now = new Date();
  await ctx.db.transaction(async (tx) => {
    const admin = (await companyAdmins(tx, [id])).get(id);
    const link = await closeCompany(tx, id, now);
    const params: BillingMailParams = {
      companyName: company.name,
      timezone: company.timezone,
      registerUrl: registerDownloadUrl(ctx.publicUrl, link.token),
      registerLinkUntil: link.expiresAt.toISOString(),
    };
    const to = admin?.email ?? company.email;
    if (to) await enqueue(tx, BILLING_MAIL_JOB, { step: 'deleted', lang: mailLanguage(company.locale, ctx.lang), to, params }, { runAt: now });
  });
  dropCompanySockets(ctx.deps.events, id);
  emitCompanyUpdate(ctx, id, 'deleted');
  ctx.deps.events.emit(rooms.superAdmin(), 'system_stats_update', { reason: 'company_deleted', companyId: id });
}

async function findAdmin(ctx: Ctx, companyId: string) {
  const company = await ctx.db.query.companies.findFirst({ columns: { id: true }, where: eq(companies.id, companyId) });
  if (!company) throw companyNotFound();
  const admin = (await companyAdmins(ctx.db, [companyId])).get(companyId);
  if (!admin) throw adminNotFound();
  return admin;
}

/** Whether the company's administrator may log in. */
export async function adminStatus(ctx: Ctx, companyId: string) {
  const { isActive, name, email } = await findAdmin(ctx, companyId);
  return { isActive, name, email };
}

/** Activates or deactivates the company's administrator; deactivating also ends their sessions. */
export async function setAdminActive(ctx: Ctx, companyId: string, isActive: boolean) {
  const admin = await findAdmin(ctx, companyId);
  const revoked = await ctx.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ isActive, updatedAt: new Date() })
      .where(and(eq(users.id, admin.id), eq(users.companyId, companyId)));
    return isActive ? [] : revokeSessions(tx, eq(sessions.userId, admin.id));
  });
  dropSessionSockets(ctx.deps.events, revoked);
  emitCompanyUpdate(ctx, companyId, 'admin_status_changed', { isActive });
  return { isActive, name: admin.name, email: admin.email };
}
