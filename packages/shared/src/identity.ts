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

/**
 * Countries whose attendance register must identify every worker by an identity document, so a worker of a company
 * there cannot be created, edited or imported without one (decision 0037 as amended by 0062). Peru: D.S. 004-2006-TR
 * art. 3-4 (as amended by D.S. 011-2006-TR), the register names each worker with "nombre y número de documento".
 */
export const DOCUMENT_REQUIRED_COUNTRIES = ['PE'] as const;
export const documentRequiredIn = (country: string | null | undefined): boolean => (DOCUMENT_REQUIRED_COUNTRIES as readonly string[]).includes(country ?? '');

/**
 * The one rule (decision 0062): for a company whose country requires it, the worker's document type and number, each
 * missing one named by its field (message keys). Empty elsewhere. The number's fit to its type is `documentProblem`.
 */
export function missingDocument(
  country: string | null | undefined,
  v: { documentType?: string | null; documentNumber?: string | null },
): { path: 'documentType' | 'documentNumber'; message: string }[] {
  if (!documentRequiredIn(country)) return [];
  const out: { path: 'documentType' | 'documentNumber'; message: string }[] = [];
  if (!v.documentType) out.push({ path: 'documentType', message: 'validation.documentTypeRequiredPE' });
  if (!v.documentNumber?.trim()) out.push({ path: 'documentNumber', message: 'validation.documentNumberRequiredPE' });
  return out;
}
