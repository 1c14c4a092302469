import type { Language, V1AttendanceRecord } from '@presente/shared';
import { presentEvidence, presentRecord, type RecordRow } from '../attendance/read-model/record.js';

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
