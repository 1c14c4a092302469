import { departmentInput, idParam, translate } from '@presente/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as service from './departments.service.js';

/** Departments of the admin's company (under /company-admin-simple). */
export const departmentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/departments', { schema: { tags: ['departments'] } }, async (req) => ({ data: await service.listDepartments(req.ctx) }));

  app.post('/departments', { schema: { tags: ['departments'], body: departmentInput } }, async (req, reply) =>
    reply.code(201).send({ data: await service.createDepartment(req.ctx, req.body), message: translate('department.created', req.lang) }),
  );

  app.put('/departments/:id', { schema: { tags: ['departments'], params: idParam, body: departmentInput } }, async (req) => ({
    data: await service.updateDepartment(req.ctx, req.params.id, req.body),
    message: translate('department.updated', req.lang),
  }));

  app.delete('/departments/:id', { schema: { tags: ['departments'], params: idParam } }, async (req) => {
    await service.deleteDepartment(req.ctx, req.params.id);
    return { message: translate('department.deleted', req.lang) };
  });
};
