import {
  areaErrorAnswers,
  attendanceHistoryAnswer,
  attendanceReportAnswer,
  attendanceReportQuery,
  attendanceStatsAnswer,
  employeeCalendarAnswer,
  employeeCalendarQuery,
  employeeHistoryQuery,
  employeeStatsQuery,
  punchAnswer,
  punchInput,
  todayAttendanceAnswer,
  translate,
} from '@presente/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { attendanceHistory, ownReport, punchFromSession, todayAttendance } from './attendance.service.js';
import { attendanceCalendar, attendanceStats } from './stats.service.js';

/** The employee's own attendance: today, check-in/out, history, stats and calendar (under /employee). */
export const attendanceRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['employee'];
  app.get('/attendance/today', { schema: { tags, response: { 200: todayAttendanceAnswer, ...areaErrorAnswers } } }, async (req) => ({
    data: await todayAttendance(req.ctx),
  }));

  // A new check-in is 201; a repeated one (retry, double click) is 200 with the existing record.
  app.post(
    '/attendance/check-in',
    { schema: { tags, body: punchInput, response: { 200: punchAnswer, 201: punchAnswer, ...areaErrorAnswers } } },
    async (req, reply) => {
      const result = await punchFromSession(req.ctx, 'check_in', req.body.location, req.punchTurn);
      return reply.code(result.repeated ? 200 : 201).send({ data: result.data, message: translate(result.messageKey, req.lang) });
    },
  );

  app.post('/attendance/check-out', { schema: { tags, body: punchInput, response: { 200: punchAnswer, ...areaErrorAnswers } } }, async (req) => {
    const result = await punchFromSession(req.ctx, 'check_out', req.body.location, req.punchTurn);
    return { data: result.data, message: translate(result.messageKey, req.lang) };
  });

  app.get(
    '/attendance/history',
    { schema: { tags, querystring: employeeHistoryQuery, response: { 200: attendanceHistoryAnswer, ...areaErrorAnswers } } },
    async (req) => attendanceHistory(req.ctx, req.query),
  );
  app.get(
    '/attendance/stats',
    { schema: { tags, querystring: employeeStatsQuery, response: { 200: attendanceStatsAnswer, ...areaErrorAnswers } } },
    async (req) => ({ data: await attendanceStats(req.ctx, req.query) }),
  );
  app.get(
    '/attendance/calendar',
    { schema: { tags, querystring: employeeCalendarQuery, response: { 200: employeeCalendarAnswer, ...areaErrorAnswers } } },
    async (req) => ({
      data: await attendanceCalendar(req.ctx, req.query),
    }),
  );

  // Extension (issue 20): the employee's own report over a period, the same computation as the admin's.
  app.get(
    '/attendance/report',
    { schema: { tags, querystring: attendanceReportQuery, response: { 200: attendanceReportAnswer, ...areaErrorAnswers } } },
    async (req) => ({ data: await ownReport(req.ctx, req.query) }),
  );
};
