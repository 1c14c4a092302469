import type { overtimeApprovalInput } from '@presente/shared';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { type Ctx, requireCompany } from '../../context.js';
import { attendanceRecords } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { logActivity } from '../activity/activity.service.js';

/**
 * Approves (or withdraws the approval of) one day's overtime of one employee (decision 0059): the record of that
 * work date carries who approved it and when; the payroll summary then pays it in its bands instead of showing it
 * apart. A permission day has no overtime. Logged in the activity log.
 */
export async function setOvertimeApproval(ctx: Ctx, input: z.output<typeof overtimeApprovalInput>) {
  const companyId = requireCompany(ctx.actor);
  const userId = ctx.actor!.userId;
  return ctx.db.transaction(async (tx) => {
    const [record] = await tx
      .select()
      .from(attendanceRecords)
      .where(and(eq(attendanceRecords.companyId, companyId), eq(attendanceRecords.employeeId, input.employeeId), eq(attendanceRecords.date, input.date)))
      .for('update');
    if (!record || record.isPermission) throw new AppError('not_found', 'attendance.notFound');
    const [updated] = await tx
      .update(attendanceRecords)
      .set(input.approved ? { overtimeApprovedAt: new Date(), overtimeApprovedByUserId: userId } : { overtimeApprovedAt: null, overtimeApprovedByUserId: null })
      .where(eq(attendanceRecords.id, record.id))
      .returning();
    await logActivity(tx, {
      companyId,
      employeeId: input.employeeId,
      actorUserId: userId,
      type: 'admin_action',
      title: input.approved ? 'activity.overtimeApproved' : 'activity.overtimeApprovalWithdrawn',
      details: { date: input.date },
    });
    return updated;
  });
}
