import { COUNTRIES, countriesAnswer, countryOneAnswer, countryView, findCountry } from '@presente/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors.js';

/** Countries offered at registration, with their timezones and current UTC offsets, in the request's language. */
export const countryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/countries', { schema: { tags: ['countries'], response: { 200: countriesAnswer } } }, async (req) => {
    const list = COUNTRIES.map((c) => countryView(c, req.lang));
    // Peru first (the default), then alphabetical in the request's language.
    list.sort((a, b) => (a.code === 'PE' ? -1 : b.code === 'PE' ? 1 : a.name.localeCompare(b.name, req.lang)));
    return { data: list };
  });

  app.get(
    '/countries/:code',
    { schema: { tags: ['countries'], params: z.object({ code: z.string().max(2) }), response: { 200: countryOneAnswer } } },
    async (req) => {
      const found = findCountry(req.params.code);
      if (!found) throw new AppError('not_found', 'countries.notFound');
      return { data: countryView(found, req.lang) };
    },
  );
};
