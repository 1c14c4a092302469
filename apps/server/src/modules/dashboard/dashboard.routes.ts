import { areaErrorAnswers, companyDashboardAnswer } from '@presente/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { companyDashboard } from './dashboard.service.js';

/** The company admin's overview (under /company-admin-simple). */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/dashboard', { schema: { tags: ['dashboard'], response: { 200: companyDashboardAnswer, ...areaErrorAnswers } } }, async (req) => ({
    data: await companyDashboard(req.ctx),
  }));
};
