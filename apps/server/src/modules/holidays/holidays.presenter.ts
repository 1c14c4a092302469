import type { Holiday } from '@presente/shared';
import type { holidays } from '../../db/schema/index.js';
import { iso } from '../../lib/iso.js';

type HolidayRow = typeof holidays.$inferSelect & { scheduleIds: string[]; schedules: { id: string; name: string }[] };

/** A holiday row with its schedules as the admin reads it (spec §3): never its company. */
export function presentHoliday(h: HolidayRow): Holiday {
  return {
    id: h.id,
    name: h.name,
    date: h.date,
    description: h.description,
    applyToAll: h.applyToAll,
    shouldPayFullDay: h.shouldPayFullDay,
    isActive: h.isActive,
    scheduleIds: [...h.scheduleIds],
    schedules: h.schedules.map((s) => ({ id: s.id, name: s.name })),
    createdAt: iso(h.createdAt),
    updatedAt: iso(h.updatedAt),
  };
}
