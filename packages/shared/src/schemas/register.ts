import { z } from 'zod';

/** What the register-only screen shows (GET /company-admin-simple/register/summary; decision 0034). */
export const registerSummary = z.object({
  companyName: z.string(),
  ruc: z.string().nullable(),
  timezone: z.string(),
  records: z.number(),
  firstDate: z.string().nullable(),
  lastDate: z.string().nullable(),
  accessEndedAt: z.string().nullable(),
  deletionAt: z.string().nullable(),
  registerOnly: z.boolean(),
});
export type RegisterSummary = z.infer<typeof registerSummary>;
