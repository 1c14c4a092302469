import { idParam, pageQuery, scheduleInput, translate } from '@presente/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as service from './schedules.service.js';

/** Work schedules of the admin's company (under /company-admin-simple). */
export const scheduleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/schedules', { schema: { tags: ['schedules'], querystring: pageQuery } }, async (req) =>
    service.listSchedules(req.ctx, req.query.page, Math.min(req.query.limit, 100)),
  );

  app.post('/schedules', { schema: { tags: ['schedules'], body: scheduleInput } }, async (req, reply) =>
    reply.code(201).send({ data: await service.createSchedule(req.ctx, req.body), message: translate('schedule.created', req.lang) }),
  );

  app.put('/schedules/:id', { schema: { tags: ['schedules'], params: idParam, body: scheduleInput } }, async (req) => ({
    data: await service.updateSchedule(req.ctx, req.params.id, req.body),
    message: translate('schedule.updated', req.lang),
  }));

  app.delete('/schedules/:id', { schema: { tags: ['schedules'], params: idParam } }, async (req) => {
    await service.deleteSchedule(req.ctx, req.params.id);
    return { message: translate('schedule.deleted', req.lang) };
  });
};
