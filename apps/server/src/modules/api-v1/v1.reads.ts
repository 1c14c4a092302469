import {
  departmentAnswer,
  employeeAnswer,
  FILE_TYPES,
  fileAnswer,
  holidayAnswer,
  idParam,
  payrollResponse,
  problemDetails,
  scheduleAnswer,
  v1AttendanceQuery,
  v1AttendanceRecord,
  v1One,
  v1Page,
  v1PageQuery,
  v1PayrollQuery,
  v1RegisterFileQuery,
  v1RegisterLine,
  v1RegisterQuery,
  workLocationAnswer,
} from '@presente/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { presentDepartment } from '../departments/departments.presenter.js';
import { presentEmployee } from '../employees/employees.presenter.js';
import * as employees from '../employees/employees.service.js';
import { presentHoliday } from '../holidays/holidays.presenter.js';
import { presentLocation } from '../locations/locations.presenter.js';
import * as payroll from '../payroll/payroll.service.js';
import * as register from '../register/register.service.js';
import { presentSchedule } from '../schedules/schedules.presenter.js';
import { decodeCursor, pageOf } from './paging.js';
import { presentV1Record, presentV1RegisterLine } from './v1.presenter.js';
import * as q from './v1.queries.js';

/** What every public-API route declares besides its answer: the key, and problem details for every error. */
export const v1Schema = { tags: ['v1'], security: [{ apiKey: [] }], errors: { '4xx': problemDetails, '5xx': problemDetails } } as const;
const list = "Cursor paging: `limit` 1-200 (50), `cursor` = the previous answer's `nextCursor` (null on the last page).";

/** The public API's reads (decision 0048), any key's scope. */
export const v1ReadRoutes: FastifyPluginAsyncZod = async (app) => {
  const { tags, security, errors } = v1Schema;
  const byId = (row: { id: string }) => [row.id];

  app.get(
    '/employees',
    {
      schema: {
        tags,
        security,
        summary: "The company's employees, in id order",
        description: list,
        querystring: v1PageQuery,
        response: { 200: v1Page(employeeAnswer), ...errors },
      },
    },
    async (req) => {
      const [afterId] = decodeCursor(req.query.cursor, ['uuid']) ?? [null];
      const rows = await employees.employeesAfter(req.ctx, afterId, req.query.limit + 1);
      return pageOf(rows, req.query.limit, byId, presentEmployee);
    },
  );

  app.get(
    '/employees/:id',
    {
      schema: {
        tags,
        security,
        summary: "One employee (404 for an unknown id or another company's)",
        params: idParam,
        response: { 200: v1One(employeeAnswer), ...errors },
      },
    },
    async (req) => ({ data: presentEmployee(await employees.getEmployee(req.ctx, req.params.id)) }),
  );

  app.get(
    '/departments',
    { schema: { tags, security, summary: 'Departments', description: list, querystring: v1PageQuery, response: { 200: v1Page(departmentAnswer), ...errors } } },
    async (req) => {
      const [afterId] = decodeCursor(req.query.cursor, ['uuid']) ?? [null];
      return pageOf(await q.departmentsAfter(req.ctx, afterId, req.query.limit), req.query.limit, byId, presentDepartment);
    },
  );

  app.get(
    '/schedules',
    {
      schema: { tags, security, summary: 'Work schedules', description: list, querystring: v1PageQuery, response: { 200: v1Page(scheduleAnswer), ...errors } },
    },
    async (req) => {
      const [afterId] = decodeCursor(req.query.cursor, ['uuid']) ?? [null];
      return pageOf(await q.schedulesAfter(req.ctx, afterId, req.query.limit), req.query.limit, byId, presentSchedule);
    },
  );

  app.get(
    '/locations',
    {
      schema: {
        tags,
        security,
        summary: 'Work locations',
        description: list,
        querystring: v1PageQuery,
        response: { 200: v1Page(workLocationAnswer), ...errors },
      },
    },
    async (req) => {
      const [afterId] = decodeCursor(req.query.cursor, ['uuid']) ?? [null];
      return pageOf(await q.locationsAfter(req.ctx, afterId, req.query.limit), req.query.limit, byId, presentLocation);
    },
  );

  app.get(
    '/holidays',
    {
      schema: {
        tags,
        security,
        summary: 'Holidays and the schedules they apply to',
        description: list,
        querystring: v1PageQuery,
        response: { 200: v1Page(holidayAnswer), ...errors },
      },
    },
    async (req) => {
      const [afterId] = decodeCursor(req.query.cursor, ['uuid']) ?? [null];
      return pageOf(await q.holidaysAfter(req.ctx, afterId, req.query.limit), req.query.limit, byId, presentHoliday);
    },
  );

  app.get(
    '/attendance',
    {
      schema: {
        tags,
        security,
        summary: 'Attendance records of a date range, in (date, id) order',
        description: `from..to (YYYY-MM-DD, both included, at most 397 days), optionally \`employeeId\`. Each record: times, method, check-in place, manual reason, an evidence summary (kiosk, liveness). ${list}`,
        querystring: v1AttendanceQuery,
        response: { 200: v1Page(v1AttendanceRecord), ...errors },
      },
    },
    async (req) => {
      const cursor = decodeCursor(req.query.cursor, ['day', 'uuid']) as [string, string] | null;
      const rows = await q.recordsAfter(req.ctx, req.query, cursor, req.query.limit);
      return pageOf(
        rows,
        req.query.limit,
        (r) => [r.date, r.id],
        (r) => presentV1Record(r, req.lang),
      );
    },
  );

  app.get(
    '/payroll',
    {
      schema: {
        tags,
        security,
        summary: 'Payroll summary of a period (at most 62 days), one line per employee (decision 0047)',
        querystring: v1PayrollQuery,
        response: { 200: payrollResponse, ...errors },
      },
    },
    async (req) => ({ data: await payroll.companyPayroll(req.ctx, req.query.from, req.query.to, new Date()) }),
  );

  app.get(
    '/register',
    {
      schema: {
        tags,
        security,
        summary: "Peru's attendance register of a month range, line by line, in (date, employeeId) order",
        description: `from..to months (YYYY-MM, both included, at most 60): the lines the register export prints (entry, exit, hours, hours outside the workday, leave, holidays, remarks, manual changes with the worker's answer). ${list}`,
        querystring: v1RegisterQuery,
        response: { 200: v1Page(v1RegisterLine), ...errors },
      },
    },
    async (req) => {
      const after = decodeCursor(req.query.cursor, ['day', 'uuid']);
      const lines = await register.registerLinesAfter(req.ctx, { from: req.query.from, to: req.query.to }, after, req.query.limit);
      return pageOf(lines, req.query.limit, (l) => [l.date, l.employeeId], presentV1RegisterLine);
    },
  );

  app.get(
    '/register/file',
    {
      schema: {
        tags,
        security,
        summary: "Peru's attendance register of a month range as the admin's export writes it (Excel, or PDF with format=pdf)",
        description:
          'The same file as Reportes → Registro de asistencia (decision 0037). A Peruvian company with workers lacking a valid identity document gets 422 `documents_missing`.',
        querystring: v1RegisterFileQuery,
        response: { 200: fileAnswer("Peru's attendance register", [FILE_TYPES.xlsx, FILE_TYPES.pdf]), ...errors },
      },
    },
    async (req, reply) => {
      const { from, to, format, lang } = req.query;
      const file = await register.ownRangeRegister(req.ctx, { from, to }, format, new Date(), lang ?? req.lang);
      return reply
        .header('Content-Type', file.type)
        .header('Content-Disposition', `attachment; filename="${file.fileName}"`)
        .send(file.body as never);
    },
  );
};
