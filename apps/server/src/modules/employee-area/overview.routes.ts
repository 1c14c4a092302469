import {
  areaErrorAnswers,
  availableYearsAnswer,
  employeeActivityAnswer,
  employeeActivityQuery,
  employeeDashboardAnswer,
  workInfoAnswer,
} from '@presente/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { employeeActivity } from './activity-feed.service.js';
import { availableYears, employeeDashboard, workInfo } from './overview.service.js';

/** Overview, work info, report years and activity of the employee (under /employee). */
export const overviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['employee'];
  app.get('/dashboard', { schema: { tags, response: { 200: employeeDashboardAnswer, ...areaErrorAnswers } } }, async (req) => ({
    data: await employeeDashboard(req.ctx),
  }));
  app.get('/work-info', { schema: { tags, response: { 200: workInfoAnswer, ...areaErrorAnswers } } }, async (req) => ({ data: await workInfo(req.ctx) }));
  app.get('/available-years', { schema: { tags, response: { 200: availableYearsAnswer, ...areaErrorAnswers } } }, async (req) => ({
    data: await availableYears(req.ctx),
  }));
  app.get('/activity', { schema: { tags, querystring: employeeActivityQuery, response: { 200: employeeActivityAnswer, ...areaErrorAnswers } } }, async (req) =>
    employeeActivity(req.ctx, req.query),
  );
};
