import {
  dataAnswer,
  holidayAnswer,
  holidayCheckAnswer,
  holidayInput,
  holidayQuery,
  idParam,
  messageAnswer,
  pageAnswer,
  savedAnswer,
  sessionErrorAnswers,
  translate,
  ymd,
} from '@presente/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors.js';
import { presentHoliday } from './holidays.presenter.js';
import * as service from './holidays.service.js';

const tags = ['holidays'];

/** Holidays of the admin's company (under /company-admin-simple). */
export const holidayRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/holidays',
    {
      schema: {
        tags,
        querystring: holidayQuery,
        response: { 200: pageAnswer(holidayAnswer), ...sessionErrorAnswers() },
      },
    },
    async (req) => {
      const list = await service.listHolidays(req.ctx, { ...req.query, limit: Math.min(req.query.limit, 100) });
      return { data: list.data.map(presentHoliday), pagination: list.pagination };
    },
  );

  // Declared before /holidays/:id so "check" and "range" are not read as ids.
  app.get(
    '/holidays/check',
    { schema: { tags, querystring: z.object({ date: ymd() }), response: { 200: dataAnswer(holidayCheckAnswer), ...sessionErrorAnswers() } } },
    async (req) => {
      const found = await service.holidaysInRange(req.ctx, req.query.date, req.query.date);
      return { data: { isHoliday: found.length > 0, holidays: found.map(presentHoliday) } };
    },
  );

  app.get(
    '/holidays/range',
    {
      schema: {
        tags,
        querystring: z.object({ startDate: ymd(), endDate: ymd() }),
        response: { 200: dataAnswer(z.array(holidayAnswer)), ...sessionErrorAnswers() },
      },
    },
    async (req) => {
      if (req.query.endDate < req.query.startDate)
        throw new AppError('validation_failed', 'holiday.dateInvalid', {}, [{ path: 'endDate', message: 'holiday.dateInvalid' }]);
      return { data: (await service.holidaysInRange(req.ctx, req.query.startDate, req.query.endDate)).map(presentHoliday) };
    },
  );

  app.get('/holidays/:id', { schema: { tags, params: idParam, response: { 200: dataAnswer(holidayAnswer), ...sessionErrorAnswers(404) } } }, async (req) => ({
    data: presentHoliday(await service.getHoliday(req.ctx, req.params.id)),
  }));

  app.post(
    '/holidays',
    { schema: { tags, body: holidayInput, response: { 201: savedAnswer(holidayAnswer), ...sessionErrorAnswers(404) } } },
    async (req, reply) =>
      reply.code(201).send({ data: presentHoliday(await service.createHoliday(req.ctx, req.body)), message: translate('holiday.created', req.lang) }),
  );

  app.put(
    '/holidays/:id',
    { schema: { tags, params: idParam, body: holidayInput, response: { 200: savedAnswer(holidayAnswer), ...sessionErrorAnswers(404) } } },
    async (req) => ({
      data: presentHoliday(await service.updateHoliday(req.ctx, req.params.id, req.body)),
      message: translate('holiday.updated', req.lang),
    }),
  );

  app.delete('/holidays/:id', { schema: { tags, params: idParam, response: { 200: messageAnswer, ...sessionErrorAnswers(404) } } }, async (req) => {
    await service.deleteHoliday(req.ctx, req.params.id);
    return { message: translate('holiday.deleted', req.lang) };
  });
};
