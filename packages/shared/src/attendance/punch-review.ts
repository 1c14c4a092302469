import { isWorkDay, type ScheduleRules, shiftWindow } from './rules.js';

/**
 * Which accepted kiosk punches go to the admin's "Marcaciones por revisar" (issue 17 item 8, decision 0061).
 * A punch is accepted by the kiosk's gates; these rules only say which accepted ones deserve a human look:
 * a match that was close (to the company's threshold, or to a second person), a liveness signal that was weak,
 * or a time far from the worker's shift. Each reason keeps the measured value and the limit it crossed.
 */
export const PUNCH_REVIEW = {
  /** The best frame's distance within this of the company's threshold (the threshold is 0.45-0.55). */
  thresholdGap: 0.05,
  /** The runner-up employee closer than this to the best (the kiosk refuses below 0.06, DEFAULT_MARGIN). */
  minRunnerUpGap: 0.1,
  /** Minutes before the shift's start or after its end past which a punch is unusual. */
  outsideShiftMinutes: 120,
} as const;

export const PUNCH_REVIEW_REASONS = [
  'near_threshold',
  'far_frame',
  'near_other_person',
  'weak_liveness',
  'outside_schedule',
  'day_off',
  'offline_late',
] as const;
export type PunchReviewReasonCode = (typeof PUNCH_REVIEW_REASONS)[number];

/** One reason: the code, what was measured (a distance, a score, minutes) and the limit it crossed. */
export interface PunchReviewReason {
  code: PunchReviewReasonCode;
  /** The liveness measure behind a `weak_liveness` (spoofScore, sameFace, ...). */
  measure?: string;
  value: number | null;
  limit: number | null;
}

/** The parts of a kiosk punch's evidence the rules read (modules/face/kiosk.service.ts writes them). */
export interface ReviewEvidence {
  distance?: number | null;
  threshold?: number | null;
  worstDistance?: number | null;
  margin?: number | null;
  liveness?: { spoofScore?: number | null; maxDistance?: number | null; [measure: string]: unknown } | null;
}

/**
 * The liveness measures the kiosk records today and when each is weak. A new liveness check (flatness, the screen's
 * colours, blinks) adds a line here with its own measure and limit; its refusal floor stays in the engine.
 * - spoofScore: mean of Human's antispoof and liveness scores; refused below 0.35, genuine fixture photos ≥ 0.56.
 * - maxDistance: the largest distance of a frame to the burst's first straight one; refused above 0.6 (the
 *   same-person limit), genuine rendered heads reach 0.52.
 */
export const LIVENESS_REVIEW_MEASURES: readonly { measure: string; weakIf: 'below' | 'above'; limit: number }[] = [
  { measure: 'spoofScore', weakIf: 'below', limit: 0.5 },
  { measure: 'maxDistance', weakIf: 'above', limit: 0.55 },
];

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const r4 = (n: number) => Math.round(n * 10_000) / 10_000;

/** The reasons of the match and the liveness signal: empty when the punch needs no look. */
export function evidenceReasons(e: ReviewEvidence): PunchReviewReason[] {
  const out: PunchReviewReason[] = [];
  const distance = num(e.distance);
  const threshold = num(e.threshold);
  if (distance !== null && threshold !== null && distance >= threshold - PUNCH_REVIEW.thresholdGap) {
    out.push({ code: 'near_threshold', value: distance, limit: r4(threshold - PUNCH_REVIEW.thresholdGap) });
  }
  const worst = num(e.worstDistance);
  if (worst !== null && threshold !== null && worst > threshold) out.push({ code: 'far_frame', value: worst, limit: threshold });
  const margin = num(e.margin);
  if (margin !== null && margin < PUNCH_REVIEW.minRunnerUpGap) out.push({ code: 'near_other_person', value: margin, limit: PUNCH_REVIEW.minRunnerUpGap });
  for (const m of LIVENESS_REVIEW_MEASURES) {
    const value = num(e.liveness?.[m.measure]);
    if (value === null) continue;
    if (m.weakIf === 'below' ? value < m.limit : value > m.limit) out.push({ code: 'weak_liveness', measure: m.measure, value, limit: m.limit });
  }
  return out;
}

/**
 * The timing reasons: a punch on a day the schedule does not work, or more than `outsideShiftMinutes` before the
 * shift's start or after its end (night shifts end the next day). No schedule: nothing to compare with.
 */
export function timingReasons(
  at: Date,
  schedule: Pick<ScheduleRules, 'startTime' | 'endTime' | 'workDays'> | null,
  date: string,
  timezone: string,
): PunchReviewReason[] {
  if (!schedule) return [];
  if (!isWorkDay(schedule, date)) return [{ code: 'day_off', value: null, limit: null }];
  const { start, end } = shiftWindow(schedule, date, timezone);
  const before = (start.getTime() - at.getTime()) / 60_000;
  const after = (at.getTime() - end.getTime()) / 60_000;
  const off = Math.round(Math.max(before, after));
  return off > PUNCH_REVIEW.outsideShiftMinutes ? [{ code: 'outside_schedule', value: off, limit: PUNCH_REVIEW.outsideShiftMinutes }] : [];
}
