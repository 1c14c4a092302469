import {
  type CompanyStatus,
  DEFAULT_COUNTRY,
  DEFAULT_LOCALE,
  DEFAULT_TIMEZONE,
  type Plan,
  type SuperAdminCompany,
  superAdminCompanyCreateInput,
  superAdminCompanyUpdateInput,
} from '@presente/shared';

/** Company create/edit form (spec §5). Defaults: plan FREE, maxEmployees 10, status ACTIVE, setup by email. */
export interface CompanyFormValues {
  name: string;
  ruc: string;
  legalName: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  country: string;
  timezone: string;
  locale: string;
  plan: Plan;
  maxEmployees: number | string;
  unlimited: boolean;
  status: CompanyStatus;
  adminName: string;
  adminEmail: string;
  setupType: 'manual' | 'email';
  adminPassword: string;
  changeAdminPassword: boolean;
}

export const DEFAULT_MAX_EMPLOYEES = 10;

export function initialCompanyValues(company?: SuperAdminCompany | null): CompanyFormValues {
  return {
    name: company?.name ?? '',
    ruc: company?.ruc ?? '',
    legalName: company?.legalName ?? '',
    email: company?.email ?? '',
    phone: company?.phone ?? '',
    address: company?.address ?? '',
    city: company?.city ?? '',
    country: company?.country ?? DEFAULT_COUNTRY,
    timezone: company?.timezone ?? DEFAULT_TIMEZONE,
    locale: company?.locale ?? DEFAULT_LOCALE,
    plan: company?.plan ?? 'FREE',
    maxEmployees: company && company.maxEmployees !== -1 ? company.maxEmployees : DEFAULT_MAX_EMPLOYEES,
    unlimited: company?.maxEmployees === -1,
    status: company?.status ?? 'ACTIVE',
    adminName: company?.admin?.name ?? '',
    adminEmail: company?.admin?.email ?? '',
    setupType: 'email',
    adminPassword: '',
    changeAdminPassword: false,
  };
}

/** Spec §5: a non-numeric maximum becomes 0 (and fails "min 1"). */
function maxEmployeesOf(values: CompanyFormValues): number {
  if (values.unlimited) return -1;
  const n = typeof values.maxEmployees === 'number' ? values.maxEmployees : Number(values.maxEmployees);
  return Number.isFinite(n) ? n : 0;
}

const same = (a: string, b: string | null | undefined) => a.trim() === (b ?? '').trim();

/**
 * The body to send. Create: every field (flat shape of spec §7). Edit: company fields, the status only
 * when it changed, the place only when it changed, the admin's name/email only when changed and the
 * password only when "change admin password" is ticked (spec §5).
 */
export function companyBody(values: CompanyFormValues, company?: SuperAdminCompany | null): Record<string, unknown> {
  const base: Record<string, unknown> = {
    name: values.name,
    ruc: values.ruc,
    legalName: values.legalName,
    email: values.email,
    phone: values.phone,
    address: values.address,
    city: values.city,
    plan: values.plan,
    maxEmployees: maxEmployeesOf(values),
  };
  if (!company) {
    return {
      ...base,
      status: values.status,
      country: values.country,
      timezone: values.timezone,
      locale: values.locale,
      adminName: values.adminName,
      adminEmail: values.adminEmail,
      setupType: values.setupType,
      ...(values.setupType === 'manual' ? { adminPassword: values.adminPassword } : {}),
    };
  }
  const body = { ...base };
  if (values.status !== company.status) body.status = values.status;
  if (values.country !== company.country || values.timezone !== company.timezone) {
    Object.assign(body, { country: values.country, timezone: values.timezone, locale: values.locale });
  }
  if (company.admin) {
    if (!same(values.adminName, company.admin.name)) body.adminName = values.adminName;
    if (!same(values.adminEmail.toLowerCase(), company.admin.email.toLowerCase())) body.adminEmail = values.adminEmail;
    if (values.changeAdminPassword) body.adminPassword = values.adminPassword;
  }
  return body;
}

/** Field -> message key, from the same shared schema the API validates with. */
export function validateCompany(values: CompanyFormValues, company?: SuperAdminCompany | null): Record<string, string> {
  const schema = company ? superAdminCompanyUpdateInput : superAdminCompanyCreateInput;
  const result = schema.safeParse(companyBody(values, company));
  const errors: Record<string, string> = {};
  for (const issue of result.success ? [] : result.error.issues) {
    const field = String(issue.path[0] ?? '');
    if (field && !errors[field]) errors[field] = issue.message;
  }
  // The edit schema treats a blank password as "unchanged"; a ticked box needs one.
  if (company?.admin && values.changeAdminPassword && !values.adminPassword) errors.adminPassword = 'admin.newPasswordRequired';
  return errors;
}
