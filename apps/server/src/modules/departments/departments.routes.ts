import { departmentAnswer, departmentInput, departmentListAnswer, idParam, messageAnswer, savedAnswer, sessionErrorAnswers, translate } from '@presente/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { presentDepartment } from './departments.presenter.js';
import * as service from './departments.service.js';

const tags = ['departments'];

/** Departments of the admin's company (under /company-admin-simple). */
export const departmentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/departments', { schema: { tags, response: { 200: departmentListAnswer, ...sessionErrorAnswers() } } }, async (req) => ({
    data: (await service.listDepartments(req.ctx)).map(presentDepartment),
  }));

  app.post(
    '/departments',
    { schema: { tags, body: departmentInput, response: { 201: savedAnswer(departmentAnswer), ...sessionErrorAnswers(409) } } },
    async (req, reply) =>
      reply.code(201).send({ data: presentDepartment(await service.createDepartment(req.ctx, req.body)), message: translate('department.created', req.lang) }),
  );

  app.put(
    '/departments/:id',
    { schema: { tags, params: idParam, body: departmentInput, response: { 200: savedAnswer(departmentAnswer), ...sessionErrorAnswers(404, 409) } } },
    async (req) => ({
      data: presentDepartment(await service.updateDepartment(req.ctx, req.params.id, req.body)),
      message: translate('department.updated', req.lang),
    }),
  );

  app.delete('/departments/:id', { schema: { tags, params: idParam, response: { 200: messageAnswer, ...sessionErrorAnswers(404, 409) } } }, async (req) => {
    await service.deleteDepartment(req.ctx, req.params.id);
    return { message: translate('department.deleted', req.lang) };
  });
};
