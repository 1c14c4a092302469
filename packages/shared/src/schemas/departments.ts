import { z } from 'zod';

/** A department as the admin's screens read it (spec §3: id, name, _count.employees). */
export const departmentAnswer = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  /** Employees (not deleted) in the department; absent from the answer to a rename. */
  _count: z.object({ employees: z.number() }).optional(),
});
export type Department = z.infer<typeof departmentAnswer>;

/** GET /company-admin-simple/departments: every department of the company. */
export const departmentListAnswer = z.object({ data: z.array(departmentAnswer), message: z.string().optional() });
