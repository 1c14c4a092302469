import {
  employeeAttendanceAnswer,
  employeeAttendanceQueryExtras,
  employeeCreateInput,
  employeeImportInput,
  employeeListQuery,
  employeeUpdateInput,
  errorAnswers,
  idParam,
  pageQuery,
  schedulePeriodsQuery,
  translate,
  ymd,
} from '@presente/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { employeePeriods } from '../attendance/periods.js';
import { employeeRecords } from '../attendance/read-model/employee-records.js';
import * as service from './employees.service.js';
import { importEmployees } from './import.service.js';

/** Employees of the admin's company (under /company-admin-simple). */
export const employeeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/employees', { schema: { tags: ['employees'], querystring: employeeListQuery } }, async (req) =>
    service.listEmployees(req.ctx, { ...req.query, limit: Math.min(req.query.limit, 1000) }),
  );

  app.post('/employees/import', { schema: { tags: ['employees'], body: employeeImportInput } }, async (req, reply) => {
    const result = await importEmployees(req.ctx, req.body.rows, req.body.dryRun, req.body.lines);
    return reply.code(result.dryRun ? 200 : 201).send({
      data: result,
      message: translate(result.dryRun ? 'import.preview' : 'import.done', req.lang).replace('{count}', String(result.count)),
    });
  });

  app.get('/employees/:id', { schema: { tags: ['employees'], params: idParam } }, async (req) => ({ data: await service.getEmployee(req.ctx, req.params.id) }));

  app.post('/employees', { schema: { tags: ['employees'], body: employeeCreateInput } }, async (req, reply) => {
    const { employee, emailStatus } = await service.createEmployee(req.ctx, req.body);
    return reply.code(201).send({
      data: { ...employee, emailStatus },
      message: translate('employee.created', req.lang),
      ...(emailStatus === 'failed' ? { warning: translate('employee.createdMailFailed', req.lang) } : {}),
    });
  });

  app.put('/employees/:id', { schema: { tags: ['employees'], params: idParam, body: employeeUpdateInput } }, async (req) => ({
    data: await service.updateEmployee(req.ctx, req.params.id, req.body),
    message: translate('employee.updated', req.lang),
  }));

  app.delete('/employees/:id', { schema: { tags: ['employees'], params: idParam } }, async (req) => {
    await service.deleteEmployee(req.ctx, req.params.id);
    return { message: translate('employee.deleted', req.lang) };
  });

  app.post('/employees/:id/reset-password', { schema: { tags: ['employees'], params: idParam } }, async (req) => {
    const emailStatus = await service.resetEmployeePassword(req.ctx, req.params.id);
    return {
      data: { emailStatus },
      message: translate(emailStatus === 'sent' ? 'employee.passwordReset' : 'employee.passwordResetMailFailed', req.lang),
    };
  });

  app.get('/employees/:id/schedule-periods', { schema: { tags: ['employees'], params: idParam, querystring: schedulePeriodsQuery } }, async (req) => ({
    data: await employeePeriods(req.ctx, req.params.id, req.query.startDate, req.query.endDate),
  }));

  app.get(
    '/employees/:id/attendance',
    {
      schema: {
        tags: ['employees'],
        params: idParam,
        querystring: pageQuery.extend({ startDate: ymd().optional(), endDate: ymd().optional(), ...employeeAttendanceQueryExtras }),
        response: { 200: employeeAttendanceAnswer, ...errorAnswers },
      },
    },
    async (req) => employeeRecords(req.ctx, req.params.id, req.query),
  );
};
