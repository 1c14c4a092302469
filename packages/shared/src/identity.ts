/**
 * The identifying fields Peru's attendance register prints (decision 0037): the employer's RUC (11 digits,
 * prefix 10/15/17/20, SUNAT's modulo-11 check digit) and the worker's identity document by type.
 */
export const RUC_WEIGHTS = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2] as const;
export const RUC_PREFIXES = ['10', '15', '17', '20'] as const;

/** SUNAT's check digit of a RUC's first 10 digits: 11 - (weighted sum mod 11), 10 -> 0, 11 -> 1. */
export function rucCheckDigit(first10: string): number {
  const sum = RUC_WEIGHTS.reduce((n, w, i) => n + w * Number(first10[i]), 0);
  const r = 11 - (sum % 11);
  return r === 10 ? 0 : r === 11 ? 1 : r;
}

/** Why a RUC is not valid (a message key), or null when it is. */
export function rucProblem(ruc: string): string | null {
  if (!/^\d{11}$/.test(ruc)) return 'validation.rucFormat';
  if (!(RUC_PREFIXES as readonly string[]).includes(ruc.slice(0, 2))) return 'validation.rucPrefix';
  if (rucCheckDigit(ruc.slice(0, 10)) !== Number(ruc[10])) return 'validation.rucCheckDigit';
  return null;
}
export const isValidRuc = (ruc: string) => rucProblem(ruc) === null;

/** DNI, carné de extranjería, pasaporte, Permiso Temporal de Permanencia, other. */
export const DOCUMENT_TYPES = ['DNI', 'CE', 'PASSPORT', 'PTP', 'OTHER'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

const DOCUMENT_PATTERNS: Record<DocumentType, RegExp> = {
  DNI: /^\d{8}$/,
  CE: /^[A-Za-z0-9]{1,12}$/,
  PASSPORT: /^[A-Za-z0-9]{1,12}$/,
  PTP: /^\d{9}$/,
  OTHER: /^\S(.{0,18}\S)?$/,
};

/** Why a document number does not fit its type (a message key), or null when it does. */
export function documentProblem(type: DocumentType, number: string): string | null {
  return DOCUMENT_PATTERNS[type].test(number) ? null : `validation.document${type}`;
}
