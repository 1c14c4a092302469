import type { forgotPasswordInput, loginInput, registerInput, resetPasswordInput } from '@presente/shared';
import { type CompanyConfig, DEFAULT_LOCALE, DEFAULT_TIMEZONE, findCountry, RESET_TOKEN_TTL_MS, SESSION_TTL_MS, type SessionUser } from '@presente/shared';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Actor, Ctx } from '../../context.js';
import { companies, passwordResetTokens, sessions, users } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { burnPasswordCheck, hashPassword, randomToken, sha256, signToken, verifyPassword } from '../../lib/crypto.js';
import { registrationAttemptMail, resetPasswordMail } from './auth.mails.js';
import { dropSessionSockets, revokeSessions } from './sessions.js';

const LOGIN_FAIL_WINDOW_MS = 15 * 60 * 1000;
/** Wrong passwords for one account from one address in the window (the spec's 5 attempts). */
const LOGIN_FAIL_MAX = 5;
/**
 * Wrong passwords for one account from every address together: bounds a guesser with many addresses,
 * while a guesser with one address no longer locks the real user out (decision 0025).
 */
const LOGIN_FAIL_MAX_ACCOUNT = 50;
/** Reset mails to one account per hour, whoever asks: a mailbox cannot be flooded from many addresses. */
const FORGOT_MAX_PER_ACCOUNT = 3;
const FORGOT_WINDOW_MS = 60 * 60 * 1000;
const SOCKET_TOKEN_TTL_MS = 60 * 1000;

type User = typeof users.$inferSelect;

/** The session user as the API shows it (spec §3: id/userId and role/userType both present). */
export function toSessionUser(u: Pick<User, 'id' | 'name' | 'email' | 'role' | 'companyId'>, registerOnly = false): SessionUser {
  const user: SessionUser = { id: u.id, userId: u.id, name: u.name, email: u.email, role: u.role, userType: u.role, companyId: u.companyId };
  return registerOnly ? { ...user, access: 'register_only' } : user;
}

/**
 * Sign-in, sign-up and password reset look accounts up across every company (an email is unique platform-wide)
 * and may be asked by a browser still signed in to a company: they use the owner's handle, which bypasses
 * row-level security, whatever the request's session (decision 0030).
 */
const identityDb = (ctx: Ctx) => ctx.deps.db;

const findUserByEmail = (ctx: Ctx, email: string) => identityDb(ctx).query.users.findFirst({ where: sql`lower(${users.email}) = ${email.toLowerCase()}` });

/** Checks the human-verification token; refuses with the spec's message. */
export async function assertHuman(ctx: Ctx, token: string | undefined) {
  const result = await ctx.deps.captcha.verify(token, ctx.ip);
  if (result === 'expired') throw new AppError('captcha_expired', 'auth.captchaExpired');
  if (result !== 'ok') throw new AppError('captcha_failed', 'auth.captchaFailed');
}

/**
 * Logs in with email and password. Unknown email and wrong password get the same answer; repeated
 * failures on one account answer 429 until the window passes. Returns the new session token.
 */
export async function login(ctx: Ctx, input: z.output<typeof loginInput>, previousToken?: string) {
  const { limiter } = ctx.deps;
  const email = input.email.toLowerCase();
  const failKey = `login-fail:${email}|${ctx.ip}`;
  const accountKey = `login-fail:${email}`;
  if ((await limiter.count(failKey)) >= LOGIN_FAIL_MAX || (await limiter.count(accountKey)) >= LOGIN_FAIL_MAX_ACCOUNT) throw new AppError('rate_limited');
  await assertHuman(ctx, input.turnstileToken);

  // Each check takes its place in the counts before the password is checked (one atomic increment), so
  // parallel guesses cannot all pass a count read before any of them failed: the 6th concurrent one is refused.
  const [fromHere, overall] = await Promise.all([limiter.hit(failKey, LOGIN_FAIL_WINDOW_MS), limiter.hit(accountKey, LOGIN_FAIL_WINDOW_MS)]);
  if (fromHere > LOGIN_FAIL_MAX || overall > LOGIN_FAIL_MAX_ACCOUNT) throw new AppError('rate_limited');
  const user = await findUserByEmail(ctx, input.email);
  if (!user) await burnPasswordCheck(input.password);
  const valid = !!user && (await verifyPassword(user.passwordHash, input.password));
  if (!user || !valid) throw new AppError('invalid_credentials', 'auth.invalidCredentials');
  // A right password clears this address's failures (the account-wide count keeps its place: 50 is far
  // above what one person logs in within 15 minutes).
  await limiter.reset(failKey);
  if (!user.isActive) throw new AppError('account_inactive', 'auth.accountInactive');
  const company = user.companyId ? await identityDb(ctx).query.companies.findFirst({ where: eq(companies.id, user.companyId) }) : undefined;
  // A company whose access ended keeps its admin's login, read-only, for the attendance register (decision 0034).
  const registerOnly = company?.status === 'INACTIVE';
  if (company && registerOnly && (user.role !== 'COMPANY_ADMIN' || company.closedAt)) throw new AppError('company_inactive', 'auth.companyInactive');

  const token = randomToken();
  const now = new Date();
  const rotated = await identityDb(ctx).transaction(async (tx) => {
    // Rotation: the session this browser had (if any) ends; the new one starts fresh.
    const ended = previousToken ? await revokeSessions(tx, eq(sessions.tokenHash, sha256(previousToken))) : [];
    await tx.insert(sessions).values({
      userId: user.id,
      tokenHash: sha256(token),
      ip: ctx.ip,
      userAgent: ctx.userAgent,
      expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
    });
    await tx.update(users).set({ lastLoginAt: now }).where(eq(users.id, user.id));
    return ended;
  });
  dropSessionSockets(ctx.deps.events, rotated);
  return { token, user: toSessionUser(user, registerOnly), companyConfig: configOf(company) };
}

/** Ends the current session (and its sockets). */
export async function logout(ctx: Ctx) {
  if (ctx.actor) dropSessionSockets(ctx.deps.events, await revokeSessions(ctx.db, eq(sessions.id, ctx.actor.sessionId)));
}

function configOf(company: { locale: string; timezone: string } | undefined): CompanyConfig {
  return company ? { locale: company.locale, timezone: company.timezone } : { locale: DEFAULT_LOCALE, timezone: DEFAULT_TIMEZONE };
}

/** Locale and timezone of the actor's company (the platform's defaults for the super admin). */
export async function companyConfig(ctx: Ctx, actor: Actor): Promise<CompanyConfig> {
  if (!actor.companyId) return configOf(undefined);
  const company = await ctx.db.query.companies.findFirst({ where: eq(companies.id, actor.companyId) });
  return configOf(company);
}

/** A short-lived token the browser presents in the Socket.IO handshake. */
export function socketToken(ctx: Ctx, actor: Actor): string {
  return signToken(ctx.deps.sessionSecret, { sub: actor.userId, sid: actor.sessionId, exp: Date.now() + SOCKET_TOKEN_TTL_MS });
}

/**
 * Registers a company (plan FREE, status ACTIVE) and its administrator in one transaction. An address that
 * already has an account creates nothing and returns `taken` (its user): the route answers as for a new
 * company and mails that user instead, so the answer is no test of which addresses exist (decision 0031).
 */
export async function registerCompany(ctx: Ctx, input: z.output<typeof registerInput>) {
  await assertHuman(ctx, input.turnstileToken);
  const country = findCountry(input.country);
  if (!country) throw new AppError('validation_failed', 'validation.countryInvalid', {}, [{ path: 'country', message: 'validation.countryInvalid' }]);
  if (!country.timezones.some((t) => t.timezone === input.timezone)) {
    throw new AppError('validation_failed', 'validation.timezoneInvalid', {}, [{ path: 'timezone', message: 'validation.timezoneInvalid' }]);
  }
  // The password is hashed whether or not the address is taken: both answers cost the same (decision 0031).
  const [existing, passwordHash] = await Promise.all([findUserByEmail(ctx, input.adminEmail), hashPassword(input.password)]);
  if (existing) return { taken: existing } as const;
  try {
    return await identityDb(ctx).transaction(async (tx) => {
      const [company] = await tx
        .insert(companies)
        .values({
          name: input.name,
          ruc: input.ruc,
          legalName: input.legalName,
          email: input.email,
          phone: input.phone,
          address: input.address,
          city: input.city,
          country: country.code,
          timezone: input.timezone,
          locale: input.locale,
          plan: 'FREE',
          status: 'ACTIVE',
          maxEmployees: 5,
        })
        .returning();
      const [admin] = await tx
        .insert(users)
        .values({ companyId: company.id, role: 'COMPANY_ADMIN', name: input.adminName, email: input.adminEmail, passwordHash })
        .returning();
      return { company, admin, taken: null };
    });
  } catch (err) {
    // Two registrations racing for one email: the unique index decides.
    if ((err as { code?: string; cause?: { code?: string } }).code === '23505' || (err as { cause?: { code?: string } }).cause?.code === '23505') {
      const taken = await findUserByEmail(ctx, input.adminEmail);
      if (taken) return { taken } as const;
    }
    throw err;
  }
}

/**
 * Mails the owner of a taken address that someone tried to register with it: a link to sign in and one to
 * reset the password. Called after the answer, which is the same as a successful registration's.
 */
export async function mailRegistrationAttempt(ctx: Ctx, user: User) {
  await ctx.deps.mailer.send(registrationAttemptMail(ctx.lang, user, `${ctx.publicUrl}/login`, `${ctx.publicUrl}/forgot-password`));
}

/**
 * Mails a single-use reset link (1 hour) when the account exists; the answer never tells. The route calls it
 * after the answer (lib/after-answer.ts), so a known and an unknown address answer after the same work.
 */
export async function forgotPassword(ctx: Ctx, input: z.output<typeof forgotPasswordInput>) {
  const user = await findUserByEmail(ctx, input.email);
  if (!user?.isActive) return;
  if ((await ctx.deps.limiter.hit(`forgot:${user.id}`, FORGOT_WINDOW_MS)) > FORGOT_MAX_PER_ACCOUNT) {
    ctx.log.warn({ userId: user.id }, 'reset mail not sent: the account had 3 in the last hour');
    return;
  }
  const token = randomToken();
  await identityDb(ctx)
    .insert(passwordResetTokens)
    .values({
      userId: user.id,
      tokenHash: sha256(token),
      expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS),
    });
  const link = `${ctx.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
  try {
    await ctx.deps.mailer.send(resetPasswordMail(ctx.lang, user, link));
  } catch (err) {
    // The answer stays the same (it must not reveal whether the account exists); the operator sees the log.
    ctx.log.error({ err, userId: user.id }, 'reset password mail failed');
  }
}

/** Whether a reset link can still be used (unused, not expired), without spending it. */
export async function checkResetToken(ctx: Ctx, token: string) {
  const found = await identityDb(ctx).query.passwordResetTokens.findFirst({
    columns: { id: true },
    where: and(eq(passwordResetTokens.tokenHash, sha256(token)), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, new Date())),
  });
  if (!found) throw new AppError('invalid_token', 'auth.resetInvalid');
}

/** Sets a new password from a valid reset token; the token is spent and every session ends. */
export async function resetPassword(ctx: Ctx, input: z.output<typeof resetPasswordInput>) {
  const passwordHash = await hashPassword(input.newPassword);
  const now = new Date();
  const revoked = await identityDb(ctx).transaction(async (tx) => {
    const [spent] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.tokenHash, sha256(input.token)), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, now)))
      .returning({ userId: passwordResetTokens.userId });
    if (!spent) throw new AppError('invalid_token', 'auth.resetInvalid');
    // Every other link of this user dies with it: an older mail cannot reset the password again.
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.userId, spent.userId), isNull(passwordResetTokens.usedAt)));
    await tx.update(users).set({ passwordHash, passwordChangedAt: now }).where(eq(users.id, spent.userId));
    return revokeSessions(tx, eq(sessions.userId, spent.userId));
  });
  dropSessionSockets(ctx.deps.events, revoked);
}
