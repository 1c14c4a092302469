import { REGISTER_LINK_DAYS } from '@presente/shared';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { activityLog, attendanceArchive, attendanceRecords, companies, employees, registerLinks } from '../../db/schema/index.js';
import { randomToken, sha256 } from '../../lib/crypto.js';

/**
 * Closing a company: what "deleting" one means since decision 0034 (billing's 30 days, or the super admin).
 * Peru keeps the attendance register 5 years (D.S. 004-2006-TR art. 3, as amended by D.S. 011-2006-TR), so the
 * company row stays with its legal identifiers (name, RUC, address, timezone) and `closed_at`, its workers keep
 * their identifying fields (name, document, code), and the records, the deleted-record archive and the
 * manual-change audit (activity log and manual_changes, decision 0039) stay read-only (a trigger refuses writes; migration retention_register_guard). Everything
 * else goes in the same transaction: logins and sessions, face data, kiosk links, schedules, locations, the
 * subscription, every other activity entry, the punches' evidence and GPS, the workers' emails and phones.
 * The retention job purges each record 5 years after its date, then the rest (jobs/retention.ts).
 */

/** Tables that hold the register; every other table tied to the company (or its workers) is emptied. */
const KEEP = new Set([
  'companies',
  'employees',
  'attendance_records',
  'attendance_archive',
  'employee_schedule_periods',
  'activity_log',
  'manual_changes',
  'payment_events',
  'register_links',
]);
const DAY = 86_400_000;

/** Lets this transaction write a closed company's register (the guard trigger reads it); ends with the transaction. */
export async function allowRegisterWrites(tx: Db) {
  await tx.execute(sql`select set_config('presente.register_write', 'on', true)`);
}

/**
 * The tables whose rows belong to a company, found from the foreign keys (so a table added later is emptied too):
 * those with a column referencing companies(id), and those referencing employees(id) without one.
 */
async function ownedTables(tx: Db): Promise<{ table: string; column: string; via: 'company' | 'employee' }[]> {
  const rows = (await tx.execute(sql`
    select c.conrelid::regclass::text as "table", a.attname as "column", c.confrelid::regclass::text as target
    from pg_constraint c
    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
    where c.contype = 'f' and array_length(c.conkey, 1) = 1
      and c.confrelid in ('companies'::regclass, 'employees'::regclass)`)) as unknown as { rows?: unknown[] } | unknown[];
  const list = (Array.isArray(rows) ? rows : (rows.rows ?? [])) as { table: string; column: string; target: string }[];
  const clean = (s: string) => s.replace(/^public\./, '').replace(/"/g, '');
  const byCompany = new Set(list.filter((r) => clean(r.target) === 'companies').map((r) => clean(r.table)));
  const out: { table: string; column: string; via: 'company' | 'employee' }[] = [];
  for (const r of list) {
    const table = clean(r.table);
    if (KEEP.has(table)) continue;
    if (clean(r.target) === 'companies') out.push({ table, column: r.column, via: 'company' });
    else if (!byCompany.has(table)) out.push({ table, column: r.column, via: 'employee' });
  }
  return out;
}

/** Deletes a company's rows from each owned table; a table still referenced by another is retried after it. */
async function emptyOwnedTables(tx: Db, companyId: string) {
  let pending = await ownedTables(tx);
  for (let round = 0; pending.length && round < 10; round++) {
    const failed: typeof pending = [];
    for (const t of pending) {
      const where =
        t.via === 'company'
          ? sql`${sql.identifier(t.column)} = ${companyId}::uuid`
          : sql`${sql.identifier(t.column)} in (select id from employees where company_id = ${companyId}::uuid)`;
      try {
        await tx.transaction(async (sp) => {
          await sp.execute(sql`delete from ${sql.identifier(t.table)} where ${where}`);
        });
      } catch {
        failed.push(t);
      }
    }
    if (failed.length === pending.length) throw new Error(`closing company ${companyId}: cannot empty ${failed.map((f) => f.table).join(', ')}`);
    pending = failed;
  }
}

/**
 * Closes the company inside the caller's transaction (the company row locked by the caller or here) and
 * answers the download link's token (the whole register, Excel and PDF, valid REGISTER_LINK_DAYS days).
 * Idempotent on an already closed company: it only issues a new link.
 */
export async function closeCompany(tx: Db, companyId: string, now: Date): Promise<{ token: string; expiresAt: Date }> {
  await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).for('update');
  await allowRegisterWrites(tx);
  await emptyOwnedTables(tx, companyId);
  // Workers: the register's identifying fields stay (name, document, code); contact data and assignments go.
  await tx
    .update(employees)
    .set({
      email: sql`${employees.id}::text || '@closed.invalid'`,
      phone: null,
      position: null,
      hireDate: null,
      userId: null,
      scheduleId: null,
      departmentId: null,
      status: 'INACTIVE',
      updatedAt: now,
    })
    .where(eq(employees.companyId, companyId));
  // The punches keep date, times, hours, status, notes; the face/link evidence and the positions go.
  await tx
    .update(attendanceRecords)
    .set({ evidence: null, checkInLatitude: null, checkInLongitude: null, checkOutLatitude: null, checkOutLongitude: null })
    .where(eq(attendanceRecords.companyId, companyId));
  await tx
    .update(attendanceArchive)
    .set({ record: sql`${attendanceArchive.record} - 'evidence' - 'check_in_latitude' - 'check_in_longitude' - 'check_out_latitude' - 'check_out_longitude'` })
    .where(eq(attendanceArchive.companyId, companyId));
  // The manual-change audit stays (without the deleted records' evidence); every other activity entry goes.
  await tx.delete(activityLog).where(and(eq(activityLog.companyId, companyId), ne(activityLog.type, 'attendance_edit')));
  await tx
    .update(activityLog)
    .set({
      details: sql`${activityLog.details} #- '{deletedRecord,evidence}' #- '{deletedRecord,checkInLatitude}' #- '{deletedRecord,checkInLongitude}' #- '{deletedRecord,checkOutLatitude}' #- '{deletedRecord,checkOutLongitude}'`,
    })
    .where(eq(activityLog.companyId, companyId));
  await tx
    .update(companies)
    .set({
      closedAt: sql`coalesce(${companies.closedAt}, ${now.toISOString()}::timestamptz)`,
      status: 'INACTIVE',
      plan: 'FREE',
      email: '',
      phone: null,
      updatedAt: now,
    })
    .where(eq(companies.id, companyId));
  return issueRegisterLink(tx, companyId, now);
}

/** A new download link for the company's whole register, valid REGISTER_LINK_DAYS days from `now`. */
export async function issueRegisterLink(tx: Db, companyId: string, now: Date) {
  const token = randomToken();
  const expiresAt = new Date(now.getTime() + REGISTER_LINK_DAYS * DAY);
  await tx.insert(registerLinks).values({ companyId, tokenHash: sha256(token), expiresAt, createdAt: now });
  return { token, expiresAt };
}
