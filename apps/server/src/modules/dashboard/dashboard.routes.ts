import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { companyDashboard } from './dashboard.service.js';

/** The company admin's overview (under /company-admin-simple). */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/dashboard', { schema: { tags: ['dashboard'] } }, async (req) => ({ data: await companyDashboard(req.ctx) }));
};
