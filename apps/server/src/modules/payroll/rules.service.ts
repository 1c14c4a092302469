import { type PayrollRules, type PayrollRulesInput, type PayrollSettings, PERU_PAYROLL_RULES } from '@presente/shared';
import { eq } from 'drizzle-orm';
import { type Ctx, requireCompany } from '../../context.js';
import type { Db } from '../../db/client.js';
import { companies } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { logActivity } from '../activity/activity.service.js';

/**
 * The ordinary workday's legal maxima by country (decision 0059). Peru: 8 hours a day and 48 a week (Constitución
 * art. 25; TUO D.Leg. 854, D.S. 007-2002-TR, art. 1). A company may set fewer, never more; other countries' limits
 * are not encoded yet (null: only the schema's ranges apply).
 */
const LEGAL_MAX: Record<string, { dailyHours: number; weeklyHours: number; name: string }> = {
  PE: { dailyHours: 8, weeklyHours: 48, name: 'Perú' },
};

/** The rules the company's payroll summary uses: its own, else Peru's defaults. */
export async function companyPayrollRules(db: Pick<Db, 'select'>, companyId: string): Promise<PayrollRules> {
  const [row] = await db.select({ rules: companies.payrollRules }).from(companies).where(eq(companies.id, companyId));
  return row?.rules ? { ...PERU_PAYROLL_RULES, ...row.rules } : PERU_PAYROLL_RULES;
}

export async function payrollSettings(ctx: Ctx): Promise<PayrollSettings> {
  const companyId = requireCompany(ctx.actor);
  const [row] = await ctx.db.select({ rules: companies.payrollRules, country: companies.country }).from(companies).where(eq(companies.id, companyId));
  const max = LEGAL_MAX[row?.country ?? ''];
  return {
    rules: row?.rules ? { ...PERU_PAYROLL_RULES, ...row.rules } : PERU_PAYROLL_RULES,
    defaults: PERU_PAYROLL_RULES,
    custom: !!row?.rules,
    legalMax: max ? { dailyHours: max.dailyHours, weeklyHours: max.weeklyHours } : null,
  };
}

/** Saves the company's rules within its country's legal maxima; the change is in the activity log with before and after. */
export async function savePayrollRules(ctx: Ctx, input: PayrollRulesInput): Promise<PayrollSettings> {
  const companyId = requireCompany(ctx.actor);
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ rules: companies.payrollRules, country: companies.country })
      .from(companies)
      .where(eq(companies.id, companyId))
      .for('update');
    const max = LEGAL_MAX[row?.country ?? ''];
    const errors: { path: string; message: string }[] = [];
    if (max && input.dailyHours > max.dailyHours) errors.push({ path: 'dailyHours', message: 'payroll.rules.overLegalDaily' });
    if (max && input.weeklyHours > max.weeklyHours) errors.push({ path: 'weeklyHours', message: 'payroll.rules.overLegalWeekly' });
    if (max && errors.length)
      throw new AppError('validation_failed', errors[0].message, { maxDaily: max.dailyHours, maxWeekly: max.weeklyHours, country: max.name }, errors);
    await tx.update(companies).set({ payrollRules: input }).where(eq(companies.id, companyId));
    await logActivity(tx, {
      companyId,
      actorUserId: ctx.actor?.userId,
      type: 'admin_action',
      title: 'activity.payrollRulesChanged',
      details: { previous: row?.rules ?? PERU_PAYROLL_RULES, next: input },
    });
  });
  return payrollSettings(ctx);
}
