import { z } from 'zod';
import { FACE_NOTICE, FACE_NOTICE_PHOTO } from '../messages/face.js';
import { FACE_NOTICE_PHOTO_VERSION, FACE_NOTICE_VERSION, FACE_NOTICE_VERSIONS, type FaceNoticeVersion } from './face.js';

/**
 * The worker's own consent to the biometric notice (Peru, Ley 29733 art. 13.6: sensitive data needs prior, express
 * and written consent; decision 0035). The worker signs with the full name and document number they type, either in
 * their own account or on the admin's enrolment screen with a one-time code mailed to them.
 */

/** Days an enrolment whose consent an admin ticked (before decision 0035) keeps working without the worker's confirmation. */
export const LEGACY_CONSENT_DAYS = 30;
/** The office code: digits, minutes it lives, tries before it is void. */
export const CONSENT_CODE = { digits: 6, minutes: 15, attempts: 5 } as const;

/** The notice text of each version, for the screens and the printable record. */
export const FACE_NOTICE_TEXTS: Record<FaceNoticeVersion, typeof FACE_NOTICE | typeof FACE_NOTICE_PHOTO> = {
  [FACE_NOTICE_VERSION]: FACE_NOTICE,
  [FACE_NOTICE_PHOTO_VERSION]: FACE_NOTICE_PHOTO,
};

/** Lower case, no accents, one space between words: how a typed name is compared with the record. */
export function foldName(value: string): string {
  return value.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}
/** Upper case, letters and digits only: '0123-4567 ' = '01234567'. */
export function foldDocument(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[^0-9A-Za-z]/g, '')
    .toUpperCase();
}

const signature = {
  fullName: z.string('consent.fullNameRequired').trim().min(1, 'consent.fullNameRequired').max(200, 'validation.tooLong'),
  documentNumber: z.string('consent.documentRequired').trim().min(1, 'consent.documentRequired').max(20, 'validation.tooLong'),
  noticeVersion: z.enum(FACE_NOTICE_VERSIONS, 'face.noticeVersionInvalid'),
};

/** POST /api/employee/face-consent: the worker accepts in their own account. */
export const faceConsentInput = z.object(signature);
export type FaceConsentInput = z.input<typeof faceConsentInput>;

/** POST /face-recognition/consent-code: the admin asks for the code to be mailed to the worker. */
export const faceConsentCodeInput = z.object({ employeeId: z.uuid('face.employeeIdRequired') });

/** POST /face-recognition/consent: the worker accepts on the admin's enrolment screen. */
export const faceOfficeConsentInput = z.object({
  ...signature,
  employeeId: z.uuid('face.employeeIdRequired'),
  code: z
    .string('consent.codeRequired')
    .trim()
    .regex(new RegExp(`^\\d{${CONSENT_CODE.digits}}$`), 'consent.codeRequired'),
});
export type FaceOfficeConsentInput = z.input<typeof faceOfficeConsentInput>;

export const consentMethod = z.enum(['employee', 'office', 'admin_legacy']);
export type ConsentMethod = z.infer<typeof consentMethod>;

/** An open consent as the screens see it. */
export const faceConsentSummary = z.object({
  id: z.string(),
  acceptedAt: z.string(),
  noticeVersion: z.string(),
  method: consentMethod,
  /** 'admin_legacy' only: the worker must confirm by then or the templates are deleted. */
  confirmBy: z.string().nullable(),
  /** Signed by the worker for the company's current notice: an enrolment may go ahead. */
  valid: z.boolean(),
});
export type FaceConsentSummary = z.infer<typeof faceConsentSummary>;

/** GET /face-recognition/consent/{employeeId}: what the admin's enrolment screen needs. */
export const adminConsentStatus = z.object({
  consent: faceConsentSummary.nullable(),
  noticeVersion: z.enum(FACE_NOTICE_VERSIONS),
  /** The record has a document number to sign with (never the number itself). */
  hasDocument: z.boolean(),
  /** Where the office code goes, masked: a***@example.com. */
  maskedEmail: z.string(),
});
export type AdminConsentStatus = z.infer<typeof adminConsentStatus>;

/** POST /face-recognition/consent-code: where the code went, masked. */
export const consentCodeSent = z.object({ maskedEmail: z.string() });
export type ConsentCodeSent = z.infer<typeof consentCodeSent>;

/** The printable record of one consent (admin of the company or the worker themself). */
export const faceConsentRecord = z.object({
  id: z.string(),
  companyName: z.string(),
  employeeName: z.string(),
  employeeCode: z.string(),
  signedName: z.string().nullable(),
  signedDocument: z.string().nullable(),
  noticeVersion: z.string(),
  notice: z.object({ es: z.array(z.string()), en: z.array(z.string()) }).nullable(),
  method: consentMethod,
  acceptedAt: z.string(),
  timezone: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  recordedBy: z.string().nullable(),
  withdrawnAt: z.string().nullable(),
  withdrawnReason: z.string().nullable(),
});
export type FaceConsentRecord = z.infer<typeof faceConsentRecord>;
