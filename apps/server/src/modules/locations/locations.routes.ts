import {
  dataAnswer,
  geocodeResult,
  idParam,
  locationInput,
  messageAnswer,
  pageAnswer,
  pageQuery,
  savedAnswer,
  sessionErrorAnswers,
  translate,
  workLocationAnswer,
} from '@presente/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { searchAddress } from './geocode.service.js';
import { presentGeocodeResult, presentLocation } from './locations.presenter.js';
import * as service from './locations.service.js';

const tags = ['locations'];

/** Work locations (geofences) of the admin's company and the address search (under /company-admin-simple). */
export const locationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/work-locations',
    {
      schema: {
        tags,
        querystring: pageQuery,
        response: { 200: pageAnswer(workLocationAnswer), ...sessionErrorAnswers() },
      },
    },
    async (req) => {
      const list = await service.listLocations(req.ctx, req.query.page, Math.min(req.query.limit, 100));
      return { data: list.data.map(presentLocation), pagination: list.pagination };
    },
  );

  app.post(
    '/work-locations',
    { schema: { tags, body: locationInput, response: { 201: savedAnswer(workLocationAnswer), ...sessionErrorAnswers() } } },
    async (req, reply) =>
      reply.code(201).send({ data: presentLocation(await service.createLocation(req.ctx, req.body)), message: translate('location.created', req.lang) }),
  );

  app.put(
    '/work-locations/:id',
    { schema: { tags, params: idParam, body: locationInput, response: { 200: savedAnswer(workLocationAnswer), ...sessionErrorAnswers(404) } } },
    async (req) => ({
      data: presentLocation(await service.updateLocation(req.ctx, req.params.id, req.body)),
      message: translate('location.updated', req.lang),
    }),
  );

  app.delete('/work-locations/:id', { schema: { tags, params: idParam, response: { 200: messageAnswer, ...sessionErrorAnswers(404) } } }, async (req) => {
    await service.deleteLocation(req.ctx, req.params.id);
    return { message: translate('location.deleted', req.lang) };
  });

  app.get(
    '/geocode/search',
    {
      config: { rateLimit: { max: 30 * app.deps.config.RATE_LIMIT_SCALE, timeWindow: 60_000 } },
      schema: {
        tags,
        querystring: z.object({ q: z.string().trim().min(1, 'location.searchRequired').max(200, 'validation.tooLong') }),
        description: 'Up to 5 addresses in Peru for a text. 502 bad_gateway when the geocoder fails.',
        response: { 200: dataAnswer(z.array(geocodeResult)), ...sessionErrorAnswers(502) },
      },
    },
    async (req) => ({ data: (await searchAddress(app.deps.config.GEOCODER_URL, req.query.q, req.lang)).map(presentGeocodeResult) }),
  );
};
