import { idParam, locationInput, pageQuery, translate } from '@presente/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { searchAddress } from './geocode.service.js';
import * as service from './locations.service.js';

/** Work locations (geofences) of the admin's company and the address search (under /company-admin-simple). */
export const locationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/work-locations', { schema: { tags: ['locations'], querystring: pageQuery } }, async (req) =>
    service.listLocations(req.ctx, req.query.page, Math.min(req.query.limit, 100)),
  );

  app.post('/work-locations', { schema: { tags: ['locations'], body: locationInput } }, async (req, reply) =>
    reply.code(201).send({ data: await service.createLocation(req.ctx, req.body), message: translate('location.created', req.lang) }),
  );

  app.put('/work-locations/:id', { schema: { tags: ['locations'], params: idParam, body: locationInput } }, async (req) => ({
    data: await service.updateLocation(req.ctx, req.params.id, req.body),
    message: translate('location.updated', req.lang),
  }));

  app.delete('/work-locations/:id', { schema: { tags: ['locations'], params: idParam } }, async (req) => {
    await service.deleteLocation(req.ctx, req.params.id);
    return { message: translate('location.deleted', req.lang) };
  });

  app.get(
    '/geocode/search',
    {
      config: { rateLimit: { max: 30 * app.deps.config.RATE_LIMIT_SCALE, timeWindow: 60_000 } },
      schema: { tags: ['locations'], querystring: z.object({ q: z.string().trim().min(1, 'location.searchRequired').max(200, 'validation.tooLong') }) },
    },
    async (req) => ({ data: await searchAddress(app.deps.config.GEOCODER_URL, req.query.q, req.lang) }),
  );
};
