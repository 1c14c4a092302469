import type { Db } from '../../db/client.js';
import { activityLog } from '../../db/schema/index.js';

export type ActivityType =
  | 'attendance_check_in' | 'attendance_check_out' | 'attendance' | 'attendance_edit' | 'permission_granted' | 'schedule_changed'
  | 'admin_action' | 'profile_updated' | 'employee_created' | 'employee_activated' | 'employee_deactivated';

/** Records what happened (inside the caller's transaction, so it commits with the change). */
export async function logActivity(
  db: Db,
  entry: { companyId: string; employeeId?: string | null; actorUserId?: string | null; type: ActivityType; title: string; description?: string; details?: Record<string, unknown> },
) {
  const [row] = await db.insert(activityLog).values(entry).returning();
  return row;
}
