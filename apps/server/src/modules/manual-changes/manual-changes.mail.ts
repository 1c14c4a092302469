import { type Language, translate } from '@presente/shared';
import { eq } from 'drizzle-orm';
import { companies, employees, manualChanges } from '../../db/schema/index.js';
import type { JobHandler } from '../../jobs/runner.js';
import { escapeHtml } from '../../lib/html.js';
import type { Mail } from '../../lib/mailer.js';
import { ddmmyyyy } from '../register/register.manual.js';

/** Tells the worker by mail that an admin changed their attendance by hand (decision 0039); the in-app list always shows it. */
export const MANUAL_CHANGE_MAIL = 'attendance.manual-change-mail';

export interface ManualChangeMailPayload {
  changeId: string;
  lang: Language;
  linkBase: string;
  /** The receipt's verification code (decision 0053); absent in jobs queued before it. */
  receiptCode?: string | null;
}

const fill = (text: string, params: Record<string, string>) => text.replace(/\{(\w+)\}/g, (_, k) => params[k] ?? `{${k}}`);

/** An address mail can reach: not empty, and not the placeholder a closed company's workers get. */
export const mailable = (email: string | null | undefined): email is string => !!email && email.includes('@') && !email.endsWith('.invalid');

export const sendManualChangeMail: JobHandler = async (deps, payload) => {
  const { changeId, lang, linkBase, receiptCode } = payload as unknown as ManualChangeMailPayload;
  const [row] = await deps.db
    .select({ change: manualChanges, email: employees.email, deletedAt: employees.deletedAt, company: companies.name })
    .from(manualChanges)
    .innerJoin(employees, eq(employees.id, manualChanges.employeeId))
    .innerJoin(companies, eq(companies.id, manualChanges.companyId))
    .where(eq(manualChanges.id, changeId));
  // Gone (company closed and purged), a deleted worker, or no usable address: the in-app list is enough.
  if (!row || row.deletedAt || !mailable(row.email)) return;
  await deps.mailer.send(manualChangeMail(lang, row.email, row.company, row.change, `${linkBase}/employee/history`, receiptCode));
};

export function manualChangeMail(
  lang: Language,
  to: string,
  company: string,
  change: { date: string; action: string; authorName: string; reason: string | null },
  link: string,
  receiptCode?: string | null,
): Mail {
  const params = {
    company,
    date: ddmmyyyy(change.date),
    author: change.authorName,
    action: translate(`manualChange.action.${change.action}`, lang),
    reason: change.reason ?? translate('manualChange.noReason', lang),
  };
  const subject = fill(translate('manualChange.mail.subject', lang), params);
  const code = receiptCode ? ` ${fill(translate('receipt.codeLine', lang), { code: receiptCode })}` : '';
  const body = fill(translate('manualChange.mail.body', lang), params) + code;
  return {
    to,
    subject,
    text: `${body}\n${link}\n`,
    html: `<p>${escapeHtml(body)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
    links: [link],
  };
}
