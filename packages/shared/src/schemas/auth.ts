import { z } from 'zod';
import { PASSWORD_MIN_ADMIN, PASSWORD_MIN_EMPLOYEE, ROLES, RUC_MAX } from '../constants.js';
import { rucProblem } from '../identity.js';
import { dataAnswer, optionalPhone } from './common.js';

const trimmed = z.string().trim();
const email = (requiredKey: string) =>
  z
    .string(requiredKey)
    .trim()
    .min(1, requiredKey)
    .max(254, 'validation.tooLong')
    .pipe(z.email('validation.emailInvalid'))
    .transform((v) => v.toLowerCase());
const optionalText = (max: number, tooLongKey = 'validation.tooLong') =>
  trimmed
    .max(max, tooLongKey)
    .optional()
    .transform((v) => (v ? v : undefined));

export const loginInput = z.object({
  email: email('auth.emailRequired'),
  password: z.string('auth.passwordRequired').min(1, 'auth.passwordRequired').max(200, 'validation.tooLong'),
  turnstileToken: z.string().max(20000).optional(),
});
export type LoginInput = z.input<typeof loginInput>;

/** A Peruvian company needs its RUC, 11 digits with SUNAT's check digit (decision 0037); elsewhere the tax id is free text. */
export function checkPeruRuc(v: { country?: string; ruc?: string | null }, ctx: z.RefinementCtx) {
  if ((v.country ?? 'PE') !== 'PE') return;
  const problem = v.ruc ? rucProblem(v.ruc) : 'validation.rucRequiredPE';
  if (problem) ctx.addIssue({ code: 'custom', path: ['ruc'], message: problem });
}

export const registerInput = z
  .object({
    name: z.string('validation.companyNameRequired').trim().min(1, 'validation.companyNameRequired').max(200, 'validation.tooLong'),
    ruc: optionalText(RUC_MAX, 'validation.rucMax'),
    /** Razón social, printed beside the trade name in the attendance register (decision 0037). */
    legalName: optionalText(200, 'validation.legalNameMax'),
    email: email('validation.companyEmailRequired'),
    phone: optionalPhone,
    address: optionalText(300),
    city: optionalText(120),
    country: trimmed.toUpperCase().length(2, 'validation.countryInvalid').default('PE'),
    timezone: trimmed.min(1).max(64).default('America/Lima'),
    locale: trimmed.min(2).max(10).default('es-PE'),
    adminName: z.string('validation.adminNameRequired').trim().min(1, 'validation.adminNameRequired').max(200, 'validation.tooLong'),
    adminEmail: email('validation.adminEmailRequired'),
    password: z
      .string('validation.passwordRequired')
      .min(1, 'validation.passwordRequired')
      // Empty says only 'required' (one message), without aborting the object's own checks (RUC, mismatch).
      .refine((v) => v.length === 0 || v.length >= PASSWORD_MIN_ADMIN, 'validation.passwordMin8')
      .max(200, 'validation.tooLong'),
    confirmPassword: z.string('validation.passwordRequired').min(1, 'validation.passwordRequired'),
    turnstileToken: z.string().max(20000).optional(),
  })
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], message: 'validation.passwordsMismatch' })
  .superRefine(checkPeruRuc);
export type RegisterInput = z.input<typeof registerInput>;

export const forgotPasswordInput = z.object({
  email: z
    .string('validation.emailEnter')
    .trim()
    .min(1, 'validation.emailEnter')
    .max(254, 'validation.tooLong')
    .pipe(z.email('validation.emailInvalid'))
    .transform((v) => v.toLowerCase()),
});

export const resetPasswordInput = z.object({
  token: z.string('validation.tokenRequired').min(1, 'validation.tokenRequired').max(200, 'validation.tokenRequired'),
  newPassword: z
    .string('validation.newPasswordRequired')
    .min(1, 'validation.newPasswordRequired')
    // Empty says only 'required' (one message), without aborting the object's own checks (RUC, mismatch).
    .refine((v) => v.length === 0 || v.length >= PASSWORD_MIN_EMPLOYEE, 'validation.passwordMin6')
    .max(200, 'validation.tooLong'),
});
/** POST /auth/email-change/undo: the signed token of the old address's mail (decision 0025). */
export const emailChangeUndoInput = z.object({ token: z.string('account.undoInvalid').min(1, 'account.undoInvalid').max(2000, 'account.undoInvalid') });
/** POST /auth/reset-password/check: is this link still usable? (The page shows the invalid-link screen at once.) */
export const resetTokenCheckInput = resetPasswordInput.pick({ token: true });

export const sessionUser = z.object({
  id: z.string(),
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  userType: z.enum(ROLES),
  companyId: z.string().nullable(),
  /** Extension (decision 0034): 'register_only' for the admin of a company whose access ended; absent otherwise. */
  access: z.enum(['register_only']).optional(),
});
export type SessionUser = z.infer<typeof sessionUser>;

export const companyConfig = z.object({ locale: z.string(), timezone: z.string() });
export type CompanyConfig = z.infer<typeof companyConfig>;

/** POST /auth/login and GET /auth/verify (data): the signed-in user (spec §3: both id/userId and role/userType) and the company's locale. */
export const signedInAnswer = z.object({ user: sessionUser, companyConfig });
export type SignedInAnswer = z.infer<typeof signedInAnswer>;
/** GET /auth/session (data; decision 0036): as /auth/verify, with user null for a visitor. */
export const sessionAnswer = z.object({ user: sessionUser.nullable(), companyConfig: companyConfig.optional() });
export type SessionAnswer = z.infer<typeof sessionAnswer>;

export const captchaConfig = z.object({
  provider: z.enum(['altcha', 'turnstile', 'off']),
  siteKey: z.string().optional(),
  challengeUrl: z.string().optional(),
});
export type CaptchaConfig = z.infer<typeof captchaConfig>;

/**
 * GET /auth/altcha/challenge: the bare challenge altcha-lib signs, as the ALTCHA widget expects it (no envelope).
 * Passed through whole: its fields are the library's, not ours.
 */
export const altchaChallenge = z
  .looseObject({ parameters: z.looseObject({ nonce: z.string() }), signature: z.string().optional() })
  .describe("An ALTCHA proof-of-work challenge (altcha-lib's format, passed through whole).");

/** GET /auth/socket-token: a short-lived token for the realtime socket's handshake. */
export const socketTokenAnswer = dataAnswer(z.object({ token: z.string() }));
export type SocketTokenAnswer = z.infer<typeof socketTokenAnswer>;

/** POST /auth/reset-password/check: the link is still usable (otherwise a 4xx). */
export const resetTokenCheckAnswer = dataAnswer(z.object({ valid: z.literal(true) }));
export type ResetTokenCheckAnswer = z.infer<typeof resetTokenCheckAnswer>;
