import {
  areaErrorAnswers,
  attendanceReportAnswer,
  attendanceReportQuery,
  dataAnswer,
  employeeAnswer,
  employeeAttendanceAnswer,
  employeeAttendanceQueryExtras,
  employeeCreatedAnswer,
  employeeCreateInput,
  employeeImportInput,
  employeeListAnswer,
  employeeListQuery,
  employeePasswordResetAnswer,
  employeeUpdateInput,
  idParam,
  importResult,
  messageAnswer,
  pageQuery,
  savedAnswer,
  schedulePeriodAnswer,
  schedulePeriodsQuery,
  sessionErrorAnswers,
  translate,
  ymd,
} from '@presente/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { employeePeriods } from '../attendance/periods.js';
import { employeeRecords } from '../attendance/read-model/employee-records.js';
import { companyEmployeeReport } from '../attendance/read-model/employee-report.js';
import { presentEmployee, presentImport } from './employees.presenter.js';
import * as service from './employees.service.js';
import { importEmployees } from './import.service.js';

/** Employees of the admin's company (under /company-admin-simple). */
export const employeeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/employees',
    {
      schema: {
        tags: ['employees'],
        querystring: employeeListQuery,
        response: {
          200: employeeListAnswer,
          ...sessionErrorAnswers(),
        },
      },
    },
    async (req) => {
      const list = await service.listEmployees(req.ctx, { ...req.query, limit: Math.min(req.query.limit, 1000) });
      return { data: list.data.map(presentEmployee), pagination: list.pagination, totalEmployees: list.totalEmployees };
    },
  );

  app.post(
    '/employees/import',
    {
      schema: {
        tags: ['employees'],
        body: employeeImportInput,
        description: 'dryRun=true validates and previews (200); otherwise writes every row or none (201). 400 lists the refused lines; 403 past the plan.',
        response: { 200: savedAnswer(importResult), 201: savedAnswer(importResult), ...sessionErrorAnswers(409) },
      },
    },
    async (req, reply) => {
      const result = await importEmployees(req.ctx, req.body.rows, req.body.dryRun, req.body.lines);
      return reply.code(result.dryRun ? 200 : 201).send({
        data: presentImport(result),
        message: translate(result.dryRun ? 'import.preview' : 'import.done', req.lang).replace('{count}', String(result.count)),
      });
    },
  );

  app.get(
    '/employees/:id',
    { schema: { tags: ['employees'], params: idParam, response: { 200: dataAnswer(employeeAnswer), ...sessionErrorAnswers(404) } } },
    async (req) => ({ data: presentEmployee(await service.getEmployee(req.ctx, req.params.id)) }),
  );

  app.post(
    '/employees',
    { schema: { tags: ['employees'], body: employeeCreateInput, response: { 201: employeeCreatedAnswer, ...sessionErrorAnswers(404, 409) } } },
    async (req, reply) => {
      const { employee, emailStatus } = await service.createEmployee(req.ctx, req.body);
      return reply.code(201).send({
        data: { ...presentEmployee(employee), emailStatus },
        message: translate('employee.created', req.lang),
        ...(emailStatus === 'failed' ? { warning: translate('employee.createdMailFailed', req.lang) } : {}),
      });
    },
  );

  app.put(
    '/employees/:id',
    {
      schema: {
        tags: ['employees'],
        params: idParam,
        body: employeeUpdateInput,
        response: { 200: savedAnswer(employeeAnswer), ...sessionErrorAnswers(404, 409) },
      },
    },
    async (req) => ({
      data: presentEmployee(await service.updateEmployee(req.ctx, req.params.id, req.body)),
      message: translate('employee.updated', req.lang),
    }),
  );

  app.delete(
    '/employees/:id',
    { schema: { tags: ['employees'], params: idParam, response: { 200: messageAnswer, ...sessionErrorAnswers(404) } } },
    async (req) => {
      await service.deleteEmployee(req.ctx, req.params.id);
      return { message: translate('employee.deleted', req.lang) };
    },
  );

  app.post(
    '/employees/:id/reset-password',
    {
      schema: {
        tags: ['employees'],
        params: idParam,
        description: "Emails the employee a new password; data.emailStatus 'failed' when the mail did not go out (spec §7).",
        response: { 200: employeePasswordResetAnswer, ...sessionErrorAnswers(404) },
      },
    },
    async (req) => {
      const emailStatus = await service.resetEmployeePassword(req.ctx, req.params.id);
      return {
        data: { emailStatus },
        message: translate(emailStatus === 'sent' ? 'employee.passwordReset' : 'employee.passwordResetMailFailed', req.lang),
      };
    },
  );

  app.get(
    '/employees/:id/schedule-periods',
    {
      schema: {
        tags: ['employees'],
        params: idParam,
        querystring: schedulePeriodsQuery,
        response: { 200: dataAnswer(z.array(schedulePeriodAnswer)), ...sessionErrorAnswers(404) },
      },
    },
    async (req) => ({
      data: await employeePeriods(req.ctx, req.params.id, req.query.startDate, req.query.endDate),
    }),
  );

  app.get(
    '/employees/:id/attendance',
    {
      schema: {
        tags: ['employees'],
        params: idParam,
        querystring: pageQuery.extend({ startDate: ymd().optional(), endDate: ymd().optional(), ...employeeAttendanceQueryExtras }),
        response: { 200: employeeAttendanceAnswer, ...areaErrorAnswers },
      },
    },
    async (req) => employeeRecords(req.ctx, req.params.id, req.query),
  );

  // Extension (issue 20): the employee's report over a period, computed by the attendance read model (the admin's
  // Reports tab and its exports only display it).
  app.get(
    '/employees/:id/report',
    {
      schema: {
        tags: ['employees', 'reports'],
        params: idParam,
        querystring: attendanceReportQuery,
        response: { 200: attendanceReportAnswer, ...areaErrorAnswers },
      },
    },
    async (req) => ({ data: await companyEmployeeReport(req.ctx, req.params.id, req.query) }),
  );
};
