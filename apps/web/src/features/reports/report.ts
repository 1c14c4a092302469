import { type AttendanceReport, monthRange, type ReportLineAnswer } from '@presente/shared';

export type ReportPeriod = 'monthly' | 'annual';

/** First and last day of the chosen month, or of the whole year. */
export function periodRange(period: ReportPeriod, year: number, month: number): { start: string; end: string } {
  return period === 'annual' ? { start: `${year}-01-01`, end: `${year}-12-31` } : monthRange(year, month);
}

/** A record of the report with its day's status and hours, as the server judged them. */
export type ReportLine = ReportLineAnswer;

/**
 * Spec §3 "Report": computed by the server's attendance read model (GET /employees/{id}/report, issue 20); the
 * browser only shows it and writes the exports from it. `period` is the screen's choice, for the export's heading.
 */
export type EmployeeReport = AttendanceReport & { period: ReportPeriod };
