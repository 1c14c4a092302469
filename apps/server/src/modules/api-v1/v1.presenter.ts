import type { Language, V1AttendanceRecord, V1RegisterLine } from '@presente/shared';
import { presentEvidence, presentRecord, type RecordRow } from '../attendance/read-model/record.js';
import type { RegisterLine } from '../register/register.data.js';

type Evidence = NonNullable<ReturnType<typeof presentEvidence>>['checkIn'];

/** What the public API tells of one punch's evidence: the kiosk link and device, and whether liveness passed. */
const summary = (e: Evidence | null | undefined) =>
  e ? { linkName: e.linkName ?? null, kioskName: e.kioskName ?? null, livenessPassed: e.liveness?.passed ?? null } : null;

/**
 * A record as the public API answers it: the admin's presenter (method, check-in place, the manual reason), the
 * employee's id and an evidence summary. Never a face template, a frame or its scores, the check-out GPS or the chain.
 */
export function presentV1Record(r: RecordRow, lang: Language): V1AttendanceRecord {
  const evidence = presentEvidence(r.evidence);
  return {
    ...presentRecord(r, lang, 'admin'),
    employeeId: r.employeeId,
    evidence: { checkIn: summary(evidence?.checkIn), checkOut: summary(evidence?.checkOut) },
  };
}

/** A register line as the public API answers it: the register's fields, the manual changes without internal ids. */
export function presentV1RegisterLine(l: RegisterLine): V1RegisterLine {
  return {
    employeeId: l.employeeId,
    worker: l.worker,
    documentType: l.documentType,
    document: l.document,
    code: l.code,
    date: l.date,
    checkIn: l.checkIn,
    checkOut: l.checkOut,
    hours: l.hours,
    outside: l.outside,
    leave: l.leave,
    open: l.open,
    manual: l.manual,
    incomplete: l.incomplete,
    permission: l.permission,
    holiday: l.holiday,
    notes: l.notes,
    offline: { checkIn: l.offline.checkIn, checkOut: l.offline.checkOut },
    changes: l.changes.map((c) => ({
      at: c.at.toISOString(),
      action: c.action,
      author: c.author,
      reason: c.reason,
      answer: c.answer,
      answerComment: c.answerComment,
      answeredAt: c.answeredAt?.toISOString() ?? null,
    })),
  };
}
