import { Readable } from 'node:stream';
import {
  areaErrorAnswers,
  attendanceDeleteInput,
  idParam,
  manualAttendanceAnswer,
  manualAttendanceInput,
  messageAnswer,
  monthlyCalendarAnswer,
  monthlyCalendarQuery,
  translate,
  weeklySummaryAnswer,
  weeklySummaryQuery,
} from '@presente/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { monthlyCalendar, weeklySummary } from './calendar.service.js';
import { createManual, deleteManual, updateManual } from './manual.service.js';

/** The admin's attendance calls (under /company-admin-simple). */
export const attendanceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/attendance/monthly-calendar',
    { schema: { tags: ['attendance'], querystring: monthlyCalendarQuery, response: { 200: monthlyCalendarAnswer, ...areaErrorAnswers } } },
    async (req, reply) => {
      // { data, pagination, meta } written around the rows' JSON bytes (a 1,000-employee month is ~9 MB of JSON),
      // streamed piece by piece with its length: no 9 MB concatenation. The pieces' memory is reused once sent
      // (only then: an aborted answer leaves it to the garbage collector).
      const { json, release, pagination, ...meta } = await monthlyCalendar(req.ctx, req.query);
      reply.raw.once('finish', release);
      const pieces = [Buffer.from('{"data":'), ...json, Buffer.from(`,"pagination":${JSON.stringify(pagination)},"meta":${JSON.stringify(meta)}}`)];
      const length = pieces.reduce((n, b) => n + b.length, 0);
      return (
        reply
          .type('application/json; charset=utf-8')
          .header('content-length', length)
          // A stream is sent as is (the declared schema documents the bytes; the serializer never sees them).
          .send(Readable.from(pieces, { objectMode: false }) as never)
      );
    },
  );

  app.get(
    '/attendance/weekly-summary',
    { schema: { tags: ['attendance'], querystring: weeklySummaryQuery, response: { 200: weeklySummaryAnswer, ...areaErrorAnswers } } },
    async (req) => ({
      data: await weeklySummary(req.ctx, req.query.startDate, req.query.endDate),
    }),
  );

  app.post(
    '/attendance',
    { schema: { tags: ['attendance'], body: manualAttendanceInput, response: { 201: manualAttendanceAnswer, ...areaErrorAnswers } } },
    async (req, reply) => reply.code(201).send({ data: await createManual(req.ctx, req.body), message: translate('attendance.created', req.lang) }),
  );

  app.put(
    '/attendance/:id',
    { schema: { tags: ['attendance'], params: idParam, body: manualAttendanceInput, response: { 200: manualAttendanceAnswer, ...areaErrorAnswers } } },
    async (req) => ({
      data: await updateManual(req.ctx, req.params.id, req.body),
      message: translate('attendance.updated', req.lang),
    }),
  );

  // The reason may come in the body or, for clients that send no DELETE body, as ?reason=; the spec's call sends
  // neither: it is then recorded as "sin motivo indicado" with its author (decision 0046).
  app.delete(
    '/attendance/:id',
    {
      schema: {
        tags: ['attendance'],
        params: idParam,
        querystring: attendanceDeleteInput,
        body: attendanceDeleteInput.nullish(),
        response: { 200: messageAnswer, ...areaErrorAnswers },
      },
    },
    async (req) => {
      await deleteManual(req.ctx, req.params.id, req.body?.reason ?? req.query.reason);
      return { message: translate('attendance.deleted', req.lang) };
    },
  );
};
