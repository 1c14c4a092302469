import { holidayInput, holidayQuery, idParam, translate, ymd } from '@presente/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors.js';
import * as service from './holidays.service.js';

/** Holidays of the admin's company (under /company-admin-simple). */
export const holidayRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/holidays', { schema: { tags: ['holidays'], querystring: holidayQuery } }, async (req) =>
    service.listHolidays(req.ctx, { ...req.query, limit: Math.min(req.query.limit, 100) }),
  );

  // Declared before /holidays/:id so "check" and "range" are not read as ids.
  app.get('/holidays/check', { schema: { tags: ['holidays'], querystring: z.object({ date: ymd() }) } }, async (req) => {
    const found = await service.holidaysInRange(req.ctx, req.query.date, req.query.date);
    return { data: { isHoliday: found.length > 0, holidays: found } };
  });

  app.get('/holidays/range', { schema: { tags: ['holidays'], querystring: z.object({ startDate: ymd(), endDate: ymd() }) } }, async (req) => {
    if (req.query.endDate < req.query.startDate)
      throw new AppError('validation_failed', 'holiday.dateInvalid', {}, [{ path: 'endDate', message: 'holiday.dateInvalid' }]);
    return { data: await service.holidaysInRange(req.ctx, req.query.startDate, req.query.endDate) };
  });

  app.get('/holidays/:id', { schema: { tags: ['holidays'], params: idParam } }, async (req) => ({ data: await service.getHoliday(req.ctx, req.params.id) }));

  app.post('/holidays', { schema: { tags: ['holidays'], body: holidayInput } }, async (req, reply) =>
    reply.code(201).send({ data: await service.createHoliday(req.ctx, req.body), message: translate('holiday.created', req.lang) }),
  );

  app.put('/holidays/:id', { schema: { tags: ['holidays'], params: idParam, body: holidayInput } }, async (req) => ({
    data: await service.updateHoliday(req.ctx, req.params.id, req.body),
    message: translate('holiday.updated', req.lang),
  }));

  app.delete('/holidays/:id', { schema: { tags: ['holidays'], params: idParam } }, async (req) => {
    await service.deleteHoliday(req.ctx, req.params.id);
    return { message: translate('holiday.deleted', req.lang) };
  });
};
