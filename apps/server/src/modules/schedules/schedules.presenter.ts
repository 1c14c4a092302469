import type { Schedule } from '@presente/shared';
import type { schedules } from '../../db/schema/index.js';
import { iso } from '../../lib/iso.js';

type ScheduleRow = typeof schedules.$inferSelect & { location?: { id: string | null; name: string | null } | null; _count?: { employees: number } };

/** A schedule row as the admin reads it (spec §3): never its company; the list adds its location's name and employee count. */
export function presentSchedule(s: ScheduleRow): Schedule {
  return {
    id: s.id,
    name: s.name,
    startTime: s.startTime,
    endTime: s.endTime,
    breakStartTime: s.breakStartTime,
    breakEndTime: s.breakEndTime,
    workDays: s.workDays,
    lateToleranceMinutes: s.lateToleranceMinutes,
    allowEarlyCheckIn: s.allowEarlyCheckIn,
    earlyCheckInMinutes: s.earlyCheckInMinutes,
    countActualTime: s.countActualTime,
    allowManualAttendance: s.allowManualAttendance,
    allowQrAttendance: s.allowQrAttendance,
    isActive: s.isActive,
    locationId: s.locationId,
    createdAt: iso(s.createdAt),
    updatedAt: iso(s.updatedAt),
    ...(s.location !== undefined ? { location: s.location?.id ? { id: s.location.id, name: s.location.name ?? '' } : null } : {}),
    ...(s._count ? { _count: { employees: s._count.employees } } : {}),
  };
}
