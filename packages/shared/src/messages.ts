import type { Language } from './constants.js';
import { ACTIVITY_MESSAGES } from './messages/activity.js';
import { ADMIN_MESSAGES } from './messages/admin.js';
import { ATTENDANCE_MESSAGES } from './messages/attendance.js';
import { BILLING_MESSAGES } from './messages/billing.js';
import { CHAIN_MESSAGES } from './messages/chain.js';
import { COMPANY_MESSAGES } from './messages/company.js';
import { CONSENT_MESSAGES } from './messages/consent.js';
import { CORE_MESSAGES } from './messages/core.js';
import { EMPLOYEE_MESSAGES } from './messages/employee.js';
import { FACE_MESSAGES } from './messages/face.js';
import { API_DOCS_MESSAGES, INTEGRATIONS_MESSAGES } from './messages/integrations.js';
import { MANUAL_CHANGE_MESSAGES } from './messages/manual-changes.js';
import { PAYROLL_MESSAGES } from './messages/payroll.js';
import { PUNCH_REVIEW_MESSAGES } from './messages/punch-reviews.js';
import { QR_PUNCH_MESSAGES } from './messages/qr-punch.js';
import { RECEIPT_MESSAGES } from './messages/receipts.js';
import { REGISTER_MESSAGES } from './messages/register.js';
import { WEBHOOK_MESSAGES } from './messages/webhooks.js';

/**
 * Every message the API sends (errors, validation, confirmations), in the spec's Spanish (§5, §8) and
 * English. Zod schemas carry these keys as their messages; the server answers in the request's language
 * and the web app shows the same words. One catalogue per feature under messages/, merged here.
 */
export const MESSAGES = {
  ...CORE_MESSAGES,
  ...ATTENDANCE_MESSAGES,
  ...ADMIN_MESSAGES,
  ...COMPANY_MESSAGES,
  ...EMPLOYEE_MESSAGES,
  ...BILLING_MESSAGES,
  ...FACE_MESSAGES,
  ...CONSENT_MESSAGES,
  ...ACTIVITY_MESSAGES,
  ...REGISTER_MESSAGES,
  ...MANUAL_CHANGE_MESSAGES,
  ...CHAIN_MESSAGES,
  ...QR_PUNCH_MESSAGES,
  ...PAYROLL_MESSAGES,
  ...WEBHOOK_MESSAGES,
  ...INTEGRATIONS_MESSAGES,
  ...API_DOCS_MESSAGES,
  ...RECEIPT_MESSAGES,
  ...PUNCH_REVIEW_MESSAGES,
} as const satisfies Record<string, Record<Language, string>>;

export type MessageKey = keyof typeof MESSAGES;

/**
 * The groups (the key's first part) and single keys a visitor's pages need: sign-in, registration, password
 * reset. The web app loads them as a small chunk of their own and the rest with the signed-in areas
 * (apps/web/shared-messages.ts).
 */
const PUBLIC_MESSAGES: readonly string[] = [
  'auth',
  'validation',
  'error',
  'account',
  'countries',
  'company',
  'document',
  'profile',
  // The registration form's phone field (common.ts optionalPhone).
  'employeeArea.phoneInvalid',
];

export function isPublicMessage(key: string): boolean {
  return PUBLIC_MESSAGES.includes(key) || PUBLIC_MESSAGES.includes(key.split('.')[0]);
}

export function isMessageKey(value: string): value is MessageKey {
  return Object.hasOwn(MESSAGES, value);
}

/** Translates a message key; an unknown key is returned unchanged (it is already words). */
export function translate(key: string, lang: Language): string {
  return isMessageKey(key) ? MESSAGES[key][lang] : key;
}
