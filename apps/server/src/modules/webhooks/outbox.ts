import { WEBHOOKS, type WebhookEventType } from '@presente/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { insertRows } from '../../db/bulk.js';
import type { Db } from '../../db/client.js';
import { employees, jobs, webhookDeliveries, webhookEndpoints } from '../../db/schema/index.js';
import { randomToken } from '../../lib/crypto.js';
import { presentRecord, type RecordRow } from '../attendance/read-model/record.js';

/** The job that delivers one webhook delivery (deliver.ts). */
export const WEBHOOK_DELIVER = 'webhooks.deliver';

type Exec = Pick<Db, 'select' | 'insert'>;
type Data = Record<string, unknown> | ((tx: Exec) => Promise<Record<string, unknown>>);

/**
 * Queues events for every enabled endpoint of the company that subscribed to the type, inside the writer's
 * transaction (an outbox: an event exists if and only if its change committed). One lookup of the endpoints for
 * the whole list (an import's 400 employees). Returns how many deliveries were queued, so the writer can wake the
 * job runner after its commit.
 */
export async function queueWebhookEvents(tx: Exec, companyId: string, type: WebhookEventType, list: Data[], now = new Date()) {
  if (!list.length) return 0;
  const endpoints = await tx
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(
      and(eq(webhookEndpoints.companyId, companyId), isNull(webhookEndpoints.disabledAt), sql`${webhookEndpoints.events} @> ${JSON.stringify([type])}::jsonb`),
    );
  if (!endpoints.length) return 0;
  const values = [];
  for (const data of list) {
    const eventId = `evt_${randomToken(16)}`;
    // The data is built only when someone listens (a lazy builder may read more rows).
    const payload = typeof data === 'function' ? await data(tx) : data;
    const body = JSON.stringify({ id: eventId, type, createdAt: now.toISOString(), companyId, data: payload });
    for (const e of endpoints) values.push({ companyId, endpointId: e.id, eventId, eventType: type, body, nextAttemptAt: now, createdAt: now });
  }
  const rows = await insertRows(tx, webhookDeliveries, values).returning({ id: webhookDeliveries.id });
  await insertRows(
    tx,
    jobs,
    rows.map((r) => ({ type: WEBHOOK_DELIVER, payload: { deliveryId: r.id }, runAt: now })),
  );
  return rows.length;
}

/** One event (see queueWebhookEvents). */
export const queueWebhookEvent = (tx: Exec, companyId: string, type: WebhookEventType, data: Data, now = new Date()) =>
  queueWebhookEvents(tx, companyId, type, [data], now);

type EmployeeRow = Pick<typeof employees.$inferSelect, 'id' | 'employeeCode' | 'firstName' | 'lastName'> &
  Partial<
    Pick<typeof employees.$inferSelect, 'email' | 'documentType' | 'documentNumber' | 'status' | 'scheduleId' | 'departmentId' | 'hireDate' | 'position'>
  >;

/** Who an attendance event is about: enough to match the person in a payroll system, nothing more. */
const person = (e: EmployeeRow) => ({ id: e.id, employeeCode: e.employeeCode, firstName: e.firstName, lastName: e.lastName });

async function personOf(tx: Exec, companyId: string, employeeId: string) {
  const [e] = await tx
    .select({ id: employees.id, employeeCode: employees.employeeCode, firstName: employees.firstName, lastName: employees.lastName })
    .from(employees)
    .where(and(eq(employees.companyId, companyId), eq(employees.id, employeeId)));
  return e ? person(e) : { id: employeeId, employeeCode: null, firstName: null, lastName: null };
}

/**
 * An attendance event (recorded, changed): the record as the admin reads it (never evidence, frames or
 * templates), the person, and what happened (`action`: check_in, check_out, created, updated, closed_incomplete).
 */
export const queueAttendanceEvent = (
  tx: Exec,
  type: 'attendance.recorded' | 'attendance.changed',
  record: RecordRow,
  extra: { action: string } & Record<string, unknown>,
) =>
  queueWebhookEvent(tx, record.companyId, type, async (t) => ({
    record: presentRecord(record, undefined, 'admin'),
    employee: await personOf(t, record.companyId, record.employeeId),
    ...extra,
  }));

/** Several attendance events of one company and type in one outbox write (a batch of check-ins, decision 0068). */
export const queueAttendanceEvents = (
  tx: Exec,
  companyId: string,
  type: 'attendance.recorded' | 'attendance.changed',
  events: { record: RecordRow; extra: { action: string } & Record<string, unknown> }[],
) =>
  queueWebhookEvents(
    tx,
    companyId,
    type,
    events.map(({ record, extra }) => async (t: Exec) => ({
      record: presentRecord(record, undefined, 'admin'),
      employee: await personOf(t, record.companyId, record.employeeId),
      ...extra,
    })),
  );

/**
 * A kiosk punch sent to review (decision 0061): the review (its id, which punch, the reasons with their measured
 * values), the record as the admin reads it and the person. Never the evidence itself.
 */
export const queuePunchFlagged = (tx: Exec, record: RecordRow, review: Record<string, unknown>) =>
  queueWebhookEvent(tx, record.companyId, 'punch.flagged', async (t) => ({
    review,
    record: presentRecord(record, undefined, 'admin'),
    employee: await personOf(t, record.companyId, record.employeeId),
    action: 'flagged',
  }));

/** A deleted record: its id and date, the person and the reason. */
export const queueAttendanceDeleted = (tx: Exec, record: RecordRow, reason: string | null) =>
  queueWebhookEvent(tx, record.companyId, 'attendance.deleted', async (t) => ({
    record: { id: record.id, date: record.date },
    employee: await personOf(t, record.companyId, record.employeeId),
    action: 'deleted',
    reason,
  }));

/** An employee event's data: the fields a payroll or HR system keeps in step. */
export function employeeEventData(e: EmployeeRow & { deletedAt?: Date | null }) {
  return {
    employee: {
      ...person(e),
      email: e.email ?? null,
      documentType: e.documentType ?? null,
      documentNumber: e.documentNumber ?? null,
      position: e.position ?? null,
      status: e.status ?? null,
      scheduleId: e.scheduleId ?? null,
      departmentId: e.departmentId ?? null,
      hireDate: e.hireDate ?? null,
      deleted: !!e.deletedAt,
    },
  };
}

/** The retry gap after `attempts` failed attempts: 30 s, 1 min, 2 min ... at most 1 h. */
export const retryGapMs = (attempts: number) => Math.min(WEBHOOKS.firstRetryMs * 2 ** Math.max(0, attempts - 1), WEBHOOKS.maxRetryGapMs);
