import { idParam, messageAnswer, pageAnswer, pageQuery, savedAnswer, scheduleAnswer, scheduleInput, sessionErrorAnswers, translate } from '@presente/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { presentSchedule } from './schedules.presenter.js';
import * as service from './schedules.service.js';

const tags = ['schedules'];

/** Work schedules of the admin's company (under /company-admin-simple). */
export const scheduleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/schedules',
    {
      schema: {
        tags,
        querystring: pageQuery,
        response: { 200: pageAnswer(scheduleAnswer), ...sessionErrorAnswers() },
      },
    },
    async (req) => {
      const list = await service.listSchedules(req.ctx, req.query.page, Math.min(req.query.limit, 100));
      return { data: list.data.map(presentSchedule), pagination: list.pagination };
    },
  );

  app.post(
    '/schedules',
    { schema: { tags, body: scheduleInput, response: { 201: savedAnswer(scheduleAnswer), ...sessionErrorAnswers(404) } } },
    async (req, reply) =>
      reply.code(201).send({ data: presentSchedule(await service.createSchedule(req.ctx, req.body)), message: translate('schedule.created', req.lang) }),
  );

  app.put(
    '/schedules/:id',
    { schema: { tags, params: idParam, body: scheduleInput, response: { 200: savedAnswer(scheduleAnswer), ...sessionErrorAnswers(404) } } },
    async (req) => ({
      data: presentSchedule(await service.updateSchedule(req.ctx, req.params.id, req.body)),
      message: translate('schedule.updated', req.lang),
    }),
  );

  app.delete('/schedules/:id', { schema: { tags, params: idParam, response: { 200: messageAnswer, ...sessionErrorAnswers(404, 409) } } }, async (req) => {
    await service.deleteSchedule(req.ctx, req.params.id);
    return { message: translate('schedule.deleted', req.lang) };
  });
};
