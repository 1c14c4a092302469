import { and, eq, gte, inArray, lte } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { holidaySchedules, holidays } from '../../../db/schema/index.js';

/** A company's holiday as the day rules and the answers read it (HolidayFacts plus what is shown). */
export interface HolidayRow {
  name: string;
  description: string | null;
  date: string;
  isActive: boolean;
  applyToAll: boolean;
  scheduleIds: string[];
}

/**
 * The one loader of a company's holidays between two local days (inclusive), active or not (the rules skip
 * inactive ones), with the schedules each applies to, in two queries. Used by the calendar, the weekly
 * summary, the dashboard, the employee area and the employee-attendance answer.
 */
export async function loadHolidays(db: Db, companyId: string, start: string, end: string): Promise<HolidayRow[]> {
  const rows = await db
    .select()
    .from(holidays)
    .where(and(eq(holidays.companyId, companyId), gte(holidays.date, start), lte(holidays.date, end)));
  const links = rows.length
    ? await db
        .select()
        .from(holidaySchedules)
        .where(
          inArray(
            holidaySchedules.holidayId,
            rows.map((h) => h.id),
          ),
        )
    : [];
  return rows.map((h) => ({
    name: h.name,
    description: h.description,
    date: h.date,
    isActive: h.isActive,
    applyToAll: h.applyToAll,
    scheduleIds: links.filter((l) => l.holidayId === h.id).map((l) => l.scheduleId),
  }));
}
