import { toLocal } from '@presente/shared';
import type { TestApp } from '../../test/app.js';
import type { TestUser } from '../../test/factories.js';
import type { Actors } from './replay.js';

/** The rows a company admin's §7 calls name: a PREMIUM company (no FREE-plan limit in the way) with one of each. */
export async function companyFixtures(t: TestApp) {
  const company = await t.factories.company({ plan: 'PREMIUM', maxEmployees: 100 });
  const admin = await t.factories.companyAdmin({ companyId: company.id });
  const schedule = await t.factories.schedule(company.id);
  const worker = await t.factories.employee(company.id, { scheduleId: schedule.id, documentNumber: '45678912' });
  const actors: Actors = { superAdmin: await t.factories.superAdmin(), admin, employee: worker.account };
  const one = <T>(make: () => Promise<T>) => Promise.all([make(), make()]);
  const [schedules, employees, departments, locations, holidays] = await Promise.all([
    one(() => t.factories.schedule(company.id)),
    one(() => t.factories.employee(company.id)),
    one(() => t.factories.department(company.id)),
    one(() => t.factories.location(company.id)),
    one(() => t.factories.holiday(company.id)),
  ]);
  // A past day of this month in Lima (the company's zone): a manual record may not be in the future.
  const today = toLocal(new Date(), 'America/Lima').date;
  const day = (n: number) => `${today.slice(0, 8)}${String(n).padStart(2, '0')}`;
  return {
    actors,
    /** Another company's admin: every call naming one of this company's rows answers 404 to them. */
    stranger: await t.factories.companyAdmin(),
    company,
    admin,
    worker,
    /** [target of PUT, target of DELETE] for each list. */
    schedules,
    employees,
    departments,
    locations,
    holidays,
    today,
    day,
    as: (user: TestUser) => t.as(user),
  };
}
export type CompanyFixtures = Awaited<ReturnType<typeof companyFixtures>>;
