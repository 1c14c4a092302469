import { type AttendanceRecordAnswer, type DayStatus, faceEvidence, type Language, presentNote, type recordEvidenceAnswer } from '@presente/shared';
import type { z } from 'zod';
import type { attendanceRecords } from '../../../db/schema/index.js';

export type RecordRow = typeof attendanceRecords.$inferSelect;

/** Who reads a record: the admin also sees the manual change's reason; nobody sees the evidence or the chain. */
export type Reader = 'admin' | 'employee';

/**
 * The one presenter of an attendance record (the calendar cell's `attendance`, the admin's manual writes, the
 * employee area, the employee-attendance list): declared fields only (`attendanceRecordAnswer`), check-in place as
 * {latitude, longitude}, never the evidence, the check-out GPS or the chain hashes. `lang`: the reader's language
 * for a system-made note (presentNote); without it the note is as stored. `day`: the day's status by the rules
 * (the read model's DayBook); given wherever the answer knows the day, so a record on a holiday says "holiday" as
 * every screen does (walk-through finding 28 of issue 16), not the status stored when it was written.
 */
export function presentRecord(r: RecordRow, lang?: Language, reader: Reader = 'employee', day?: DayStatus): AttendanceRecordAnswer {
  return {
    id: r.id,
    date: r.date,
    checkIn: r.checkIn?.toISOString() ?? null,
    checkOut: r.checkOut?.toISOString() ?? null,
    workHours: r.workHours == null ? null : Number(r.workHours),
    status: day ?? r.status,
    notes: lang ? presentNote(r.notes, lang) : r.notes,
    isPermission: r.isPermission,
    method: r.method,
    isManual: r.isManual,
    ...(reader === 'admin' ? { manualReason: r.manualReason, permissionUnpaid: r.permissionUnpaid } : {}),
    incomplete: r.incomplete,
    location: r.checkInLatitude != null && r.checkInLongitude != null ? { latitude: r.checkInLatitude, longitude: r.checkInLongitude } : null,
  };
}

/** The evidence of a record's punches as declared (recordEvidenceAnswer): each part parsed, unknown keys dropped; null when none. */
export function presentEvidence(evidence: unknown): z.infer<typeof recordEvidenceAnswer> | null {
  if (!evidence || typeof evidence !== 'object') return null;
  const out: z.infer<typeof recordEvidenceAnswer> = {};
  for (const part of ['checkIn', 'checkOut'] as const) {
    const value = (evidence as Record<string, unknown>)[part];
    if (value == null) continue;
    const parsed = faceEvidence.safeParse(value);
    if (parsed.success) out[part] = parsed.data;
  }
  return out.checkIn || out.checkOut ? out : null;
}
