import { formatReceiptCode, type Language, translate } from '@presente/shared';
import { eq } from 'drizzle-orm';
import { companies, employees, punchReceipts } from '../../db/schema/index.js';
import type { JobHandler } from '../../jobs/runner.js';
import { escapeHtml } from '../../lib/html.js';
import type { Mail } from '../../lib/mailer.js';
import { mailLanguage } from '../billing/apply.js';
import { mailable } from '../manual-changes/manual-changes.mail.js';
import { ddmmyyyy } from '../register/register.manual.js';
import { receiptView } from './receipts.service.js';

const fill = (text: string, params: Record<string, string>) => text.replace(/\{(\w+)\}/g, (_, k) => params[k] ?? `{${k}}`);

/** The durable job that mails one receipt (queued in the punch's transaction); gone or unreachable: the area's list is enough. */
export const sendReceiptMail: JobHandler = async (deps, payload) => {
  const { receiptId } = payload as { receiptId: string };
  const [row] = await deps.db
    .select({
      receipt: punchReceipts,
      email: employees.email,
      deletedAt: employees.deletedAt,
      company: companies.name,
      locale: companies.locale,
      timezone: companies.timezone,
    })
    .from(punchReceipts)
    .innerJoin(employees, eq(employees.id, punchReceipts.employeeId))
    .innerJoin(companies, eq(companies.id, punchReceipts.companyId))
    .where(eq(punchReceipts.id, receiptId));
  if (!row || row.deletedAt || !mailable(row.email)) return;
  const v = receiptView(row.receipt, row.timezone);
  await deps.mailer.send(receiptMail(mailLanguage(row.locale), row.email, row.company, v));
};

export function receiptMail(
  lang: Language,
  to: string,
  company: string,
  r: { kind: string; date: string; checkInTime: string | null; checkOutTime: string | null; method: string; place: string | null; code: string },
): Mail {
  const time = r.kind === 'check_in' ? r.checkInTime : r.kind === 'check_out' ? r.checkOutTime : [r.checkInTime, r.checkOutTime].filter(Boolean).join(' - ');
  const params = {
    company,
    kind: translate(`receipt.kind.${r.kind}`, lang),
    date: ddmmyyyy(r.date),
    time: time || '—',
    method: translate(`receipt.method.${r.method}`, lang),
    place: r.place ?? translate('receipt.noPlace', lang),
    code: r.code.includes('-') ? r.code : formatReceiptCode(r.code),
  };
  const subject = fill(translate('receipt.mail.subject', lang), params);
  const body = fill(translate('receipt.mail.body', lang), params);
  return { to, subject, text: `${body}\n`, html: `<p>${escapeHtml(body)}</p>` };
}
