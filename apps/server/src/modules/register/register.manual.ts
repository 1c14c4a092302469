import { type Language, type ManualChangeAction, type ManualChangeAnswer, translate } from '@presente/shared';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { employees, manualChanges } from '../../db/schema/index.js';

/**
 * The register's manual changes (decision 0039): every record an admin created, edited or deleted by hand, with
 * its author, time and reason, and the worker's answer. Kept apart from register.data/register.files so the
 * register's other changes merge cleanly: loadManualChanges for the data, the rest for the files.
 */
export interface RegisterChange {
  recordId: string;
  employeeId: string;
  at: Date;
  worker: string;
  date: string;
  action: ManualChangeAction;
  author: string;
  reason: string | null;
  answer: ManualChangeAnswer;
  answerComment: string | null;
  answeredAt: Date | null;
}

/** Every manual change of the company, oldest first. */
export async function loadManualChanges(db: Db, companyId: string): Promise<RegisterChange[]> {
  const rows = await db
    .select({ c: manualChanges, firstName: employees.firstName, lastName: employees.lastName })
    .from(manualChanges)
    .innerJoin(employees, eq(employees.id, manualChanges.employeeId))
    .where(eq(manualChanges.companyId, companyId))
    .orderBy(asc(manualChanges.createdAt), asc(manualChanges.id));
  return rows.map(({ c, firstName, lastName }) => ({
    recordId: c.recordId,
    employeeId: c.employeeId,
    at: c.createdAt,
    worker: `${lastName}, ${firstName}`,
    date: c.date,
    action: c.action,
    author: c.authorName,
    reason: c.reason,
    answer: c.answer,
    answerComment: c.answerComment,
    answeredAt: c.answeredAt,
  }));
}

/** The changes of each record, oldest first: a line of the register shows its own. */
export function changesByRecord(changes: RegisterChange[]): Map<string, RegisterChange[]> {
  const out = new Map<string, RegisterChange[]>();
  for (const c of changes) out.set(c.recordId, [...(out.get(c.recordId) ?? []), c]);
  return out;
}

/** A work date "yyyy-mm-dd" as "dd/mm/yyyy". */
export const ddmmyyyy = (ymd: string) => `${ymd.slice(8, 10)}/${ymd.slice(5, 7)}/${ymd.slice(0, 4)}`;

/** "dd/mm/yyyy hh:mm" in the company's timezone. */
export function localDateTime(at: Date, timezone: string): string {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: timezone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((x) => [x.type, x.value]),
  );
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}`;
}

const reasonText = (c: RegisterChange, lang: Language) => c.reason || translate('manualChange.noReason', lang);
const answerText = (c: RegisterChange, lang: Language) =>
  translate(`manualChange.answer.${c.answer}`, lang) + (c.answer === 'disputed' && c.answerComment ? ` ("${c.answerComment}")` : '');

/** The notes line of one change: "Registro modificado a mano por Ana el 03/03/2026 10:15. Motivo: …. Trabajador: Conforme". */
export function changeNote(c: RegisterChange, lang: Language, timezone: string): string {
  return translate('manualChange.line', lang).replace(/\{(\w+)\}/g, (_, k: string) => {
    if (k === 'action') return translate(`manualChange.action.${c.action}`, lang);
    if (k === 'author') return c.author || '?';
    if (k === 'when') return localDateTime(c.at, timezone);
    if (k === 'reason') return reasonText(c, lang);
    if (k === 'answer') return answerText(c, lang);
    return `{${k}}`;
  });
}

/** The register's sheet/page of manual changes: its header and one row per change. */
export const changeHeader = (lang: Language) =>
  [
    'register.changes.when',
    'register.col.worker',
    'register.col.date',
    'register.changes.what',
    'register.changes.author',
    'register.changes.reason',
    'register.changes.answer',
    'register.changes.comment',
    'register.changes.answeredAt',
  ].map((k) => translate(k, lang));

export const changeRows = (changes: RegisterChange[], lang: Language, timezone: string) =>
  changes.map((c) => [
    localDateTime(c.at, timezone),
    c.worker,
    ddmmyyyy(c.date),
    translate(`manualChange.action.${c.action}`, lang),
    c.author,
    reasonText(c, lang),
    translate(`manualChange.answer.${c.answer}`, lang),
    c.answerComment ?? '',
    c.answeredAt ? localDateTime(c.answeredAt, timezone) : '',
  ]);
export const CHANGE_WIDTHS = [16, 30, 12, 26, 24, 36, 14, 36, 16];
