import { employeeAnswer, employeeCreateInput, idParam, manualAttendanceForm, v1AttendanceRecord, v1One } from '@presente/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors.js';
import { createManual } from '../attendance/manual.service.js';
import { presentEmployee } from '../employees/employees.presenter.js';
import * as employees from '../employees/employees.service.js';
import { replayIdempotent, storeIdempotent } from './idempotency.js';
import { employeeFieldsOf } from './v1.queries.js';
import { v1Schema } from './v1.reads.js';

const idempotent = 'Send `Idempotency-Key` to retry safely: the same key and body answer the first answer again (24 h); another body with it is 409.';

/** The public API's writes (decision 0048): a read_write key only (a read key: 403 before the body is read). */
export const v1WriteRoutes: FastifyPluginAsyncZod = async (app) => {
  const { tags, security, errors } = v1Schema;
  app.addHook('preValidation', async (req) => {
    if (req.apiKey?.scope !== 'read_write') throw new AppError('forbidden', 'integrations.readOnly');
  });
  app.addHook('preHandler', replayIdempotent);
  app.addHook('onSend', storeIdempotent);

  app.post(
    '/employees',
    {
      schema: {
        tags,
        security,
        summary: 'Create an employee (their sign-in password is mailed to them)',
        description: `403 \`plan_limit_reached\` past the plan's employees. ${idempotent}`,
        body: employeeCreateInput,
        response: { 201: v1One(employeeAnswer), ...errors },
      },
    },
    async (req, reply) => {
      const { employee } = await employees.createEmployee(req.ctx, req.body);
      return reply.code(201).send({ data: presentEmployee(employee) });
    },
  );

  app.put(
    '/employees/:id',
    {
      schema: {
        tags,
        security,
        summary: "Replace an employee's fields",
        description: idempotent,
        params: idParam,
        body: employeeCreateInput,
        response: { 200: v1One(employeeAnswer), ...errors },
      },
    },
    async (req) => ({ data: presentEmployee(await employees.updateEmployee(req.ctx, req.params.id, req.body)) }),
  );

  app.post(
    '/employees/:id/deactivate',
    {
      schema: {
        tags,
        security,
        summary: 'Deactivate an employee (kept, takes no seat, cannot sign in; face data removed)',
        description: idempotent,
        params: idParam,
        response: { 200: v1One(employeeAnswer), ...errors },
      },
    },
    async (req) => {
      const current = await employees.getEmployee(req.ctx, req.params.id);
      return {
        data: presentEmployee(
          await employees.updateEmployee(req.ctx, req.params.id, { ...employeeFieldsOf(current), status: 'INACTIVE' }, { onlyDeactivating: true }),
        ),
      };
    },
  );

  app.post(
    '/attendance',
    {
      schema: {
        tags,
        security,
        summary: "A manual attendance record, with its reason; the author is the key's name",
        description: `checkIn/checkOut "HH:mm" (the company's time) or ISO instants. 409 when the day already has a record. ${idempotent}`,
        body: manualAttendanceForm,
        response: { 201: v1One(v1AttendanceRecord), ...errors },
      },
    },
    async (req, reply) => {
      const record = await createManual(req.ctx, req.body);
      return reply.code(201).send({ data: { ...record, employeeId: req.body.employeeId, evidence: { checkIn: null, checkOut: null } } });
    },
  );
};
