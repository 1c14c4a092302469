import { z } from 'zod';

/** A country offered at registration (spec §3 Country) in the reader's language, with its timezones' current offsets. */
export const countryAnswer = z.object({
  code: z.string(),
  name: z.string(),
  timezone: z.string(),
  locale: z.string(),
  timezones: z.array(z.object({ timezone: z.string(), name: z.string(), offset: z.string() })),
});
export type CountryView = z.infer<typeof countryAnswer>;

/** GET /countries: Peru first, then by name. */
export const countriesAnswer = z.object({ data: z.array(countryAnswer) });
/** GET /countries/{code}. */
export const countryOneAnswer = z.object({ data: countryAnswer });
