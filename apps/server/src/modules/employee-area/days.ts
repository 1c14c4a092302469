import { activeFromOf, type DayStatus, dayStatus, holidayApplies, round2, workHours } from '@presente/shared';
import { and, eq, gte, inArray, lte } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { attendanceRecords, holidaySchedules, holidays } from '../../db/schema/index.js';
import type { Self } from './self.service.js';

export type RecordRow = typeof attendanceRecords.$inferSelect;
export interface HolidayRow {
  name: string;
  description: string | null;
  date: string;
  isActive: boolean;
  applyToAll: boolean;
  scheduleIds: string[];
}

/** A record as the employee sees it (the same fields as the admin's calendar cell; no evidence, no admin reason). */
export function recordView(r: RecordRow) {
  return {
    id: r.id,
    date: r.date,
    checkIn: r.checkIn?.toISOString() ?? null,
    checkOut: r.checkOut?.toISOString() ?? null,
    workHours: r.workHours == null ? null : Number(r.workHours),
    status: r.status,
    notes: r.notes,
    isPermission: r.isPermission,
    method: r.method,
    isManual: r.isManual,
    incomplete: r.incomplete,
    location: r.checkInLatitude != null && r.checkInLongitude != null ? { latitude: r.checkInLatitude, longitude: r.checkInLongitude } : null,
  };
}

/** The employee's records and the company's holidays between two local days (two or three queries). */
export async function loadDays(db: Db, self: Self, start: string, end: string) {
  const { companyId, id } = self.employee;
  const [records, rows] = await Promise.all([
    db
      .select()
      .from(attendanceRecords)
      .where(
        and(
          eq(attendanceRecords.companyId, companyId),
          eq(attendanceRecords.employeeId, id),
          gte(attendanceRecords.date, start),
          lte(attendanceRecords.date, end),
        ),
      ),
    loadHolidays(db, companyId, start, end),
  ]);
  return { records: new Map(records.map((r) => [r.date, r])), holidays: rows };
}

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

/** The holiday applying to the employee that day, as {name, description}, or null. */
export function holidayFor(self: Self, list: HolidayRow[], date: string) {
  const h = list.find((x) => holidayApplies(x, date, self.employee.scheduleId));
  return h ? { name: h.name, description: h.description } : null;
}

/** The day's status by the shared rules (holiday, permission, arrival, day off, absent, pending). */
export function statusOf(self: Self, date: string, record: RecordRow | null, list: HolidayRow[], now: Date): DayStatus {
  return dayStatus({ date, timezone: self.company.timezone, now, schedule: self.schedule, scheduleId: self.employee.scheduleId, record, holidays: list, activeFrom: activeFromOf(self.employee, self.company.timezone) });
}

/**
 * Hours of a record: the stored figure (set at check-out or by the admin), else computed by the shared
 * rules; null while the shift is open. With `now`, an open record counts the time worked so far.
 */
export function hoursOf(self: Self, record: RecordRow | null, now?: Date): number | null {
  if (!record) return null;
  if (record.workHours != null) return Number(record.workHours);
  const computed = workHours(record, self.schedule, record.date, self.company.timezone);
  if (computed != null || !now || !record.checkIn || record.checkOut || record.incomplete) return computed;
  return workHours({ checkIn: record.checkIn, checkOut: now }, self.schedule, record.date, self.company.timezone);
}

export const sumHours = (values: (number | null)[]) => round2(values.reduce<number>((n, h) => n + (h != null && h >= 0 ? h : 0), 0));
