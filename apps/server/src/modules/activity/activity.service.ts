import { type Language, MESSAGES, type MessageKey, translate } from '@presente/shared';
import type { Db } from '../../db/client.js';
import { activityLog } from '../../db/schema/index.js';

export type ActivityType =
  | 'attendance_check_in'
  | 'attendance_check_out'
  | 'attendance'
  | 'attendance_edit'
  | 'permission_granted'
  | 'schedule_changed'
  | 'admin_action'
  | 'profile_updated'
  | 'employee_created'
  | 'employee_activated'
  | 'employee_deactivated';

/** An `activity.*` key of the shared catalogue: stored as the title/description, translated when read. */
export type ActivityText = Extract<MessageKey, `activity.${string}`> | (string & {});

/**
 * Records what happened (inside the caller's transaction, so it commits with the change). Title and
 * description are catalogue keys (`activity.*`); {name} placeholders are filled from `details`.
 */
export async function logActivity(
  db: Db,
  entry: {
    companyId: string;
    employeeId?: string | null;
    actorUserId?: string | null;
    type: ActivityType;
    title: ActivityText;
    description?: ActivityText;
    details?: Record<string, unknown>;
  },
) {
  const [row] = await db.insert(activityLog).values(entry).returning();
  return row;
}

/** Entries written with Spanish words before titles were keys: the words map back to their key. */
const LEGACY_TEXT = new Map<string, string>(
  Object.entries(MESSAGES)
    .filter(([key]) => key.startsWith('activity.'))
    .map(([key, words]) => [words.es, key]),
);

/** An activity title or description in the reader's language; unknown words are returned unchanged. */
export function activityText(text: string, lang: Language, details?: unknown): string;
export function activityText(text: string | null, lang: Language, details?: unknown): string | null;
export function activityText(text: string | null, lang: Language, details?: unknown): string | null {
  if (text == null) return null;
  const words = translate(LEGACY_TEXT.get(text) ?? text, lang);
  const params = details && typeof details === 'object' ? (details as Record<string, unknown>) : {};
  return words.replace(/\{(\w+)\}/g, (all, name: string) => {
    const value = params[name];
    return typeof value === 'string' || typeof value === 'number' ? String(value) : all;
  });
}
