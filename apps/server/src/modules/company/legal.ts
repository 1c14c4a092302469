import { type CompanyLegalInput, rucProblem } from '@presente/shared';
import { eq } from 'drizzle-orm';
import { type Ctx, requireCompany } from '../../context.js';
import { companies } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';

/**
 * The one check of an employer's RUC by country (decisions 0037, 0053): for Peru required, 11 digits, SUNAT's check
 * digit; for any other country a free tax id. Refuses with 400 validation_failed naming `ruc`.
 */
export function assertCompanyRuc(country: string, ruc: string | null | undefined) {
  if (country.toUpperCase() !== 'PE') return;
  const problem = ruc ? rucProblem(ruc) : 'validation.rucRequiredPE';
  if (problem) throw new AppError('validation_failed', problem, {}, [{ path: 'ruc', message: problem }]);
}

/** PUT /company-admin-simple/company/legal: the company's RUC and razón social, the tenant from the session. */
export async function updateCompanyLegal(ctx: Ctx, input: CompanyLegalInput) {
  const companyId = requireCompany(ctx.actor);
  const [company] = await ctx.db.select({ country: companies.country }).from(companies).where(eq(companies.id, companyId));
  if (!company) throw new AppError('not_found', 'admin.companyNotFound');
  const ruc = input.ruc ?? null;
  const legalName = input.legalName ?? null;
  assertCompanyRuc(company.country, ruc);
  await ctx.db.update(companies).set({ ruc, legalName, updatedAt: new Date() }).where(eq(companies.id, companyId));
  return { ruc, legalName };
}
