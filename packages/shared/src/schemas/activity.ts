import { z } from 'zod';
import { paginationSchema } from './common.js';

/** One entry of an activity feed, its texts in the reader's language (the log stores catalogue keys). */
export const activityEntryAnswer = z.object({
  id: z.string(),
  type: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  timestamp: z.string(),
  /** Who acted, when an administrator did. */
  adminName: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
});
export type ActivityEntryAnswer = z.infer<typeof activityEntryAnswer>;

/** GET /employee/activity (spec §2 Activity tab): newest first, paged, in the company's timezone. */
export const employeeActivityAnswer = z.object({ data: z.array(activityEntryAnswer), pagination: paginationSchema, timezone: z.string() });
