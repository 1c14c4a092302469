import { z } from 'zod';

/** A holiday (spec §3); date is a calendar day "YYYY-MM-DD"; `schedules` names the ones in scheduleIds. */
export const holidayAnswer = z.object({
  id: z.string(),
  name: z.string(),
  date: z.string(),
  description: z.string().nullable(),
  applyToAll: z.boolean(),
  shouldPayFullDay: z.boolean(),
  isActive: z.boolean(),
  scheduleIds: z.array(z.string()),
  schedules: z.array(z.object({ id: z.string(), name: z.string() })),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Holiday = z.infer<typeof holidayAnswer>;

/** GET /holidays/check: whether the day is a holiday of the company, and which. */
export const holidayCheckAnswer = z.object({ isHoliday: z.boolean(), holidays: z.array(holidayAnswer) });
export type HolidayCheck = z.infer<typeof holidayCheckAnswer>;
