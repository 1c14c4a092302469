import {
  dataAnswer,
  idParam,
  manualChangeAnswerInput,
  manualChangesPage,
  manualChangesQuery,
  manualChangeView,
  ownManualChangesQuery,
  translate,
} from '@presente/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answerManualChange, companyManualChanges, ownManualChanges } from './manual-changes.service.js';

/** The admin's list of manual changes and the workers' answers (under /company-admin-simple; decision 0039). */
export const adminManualChangeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/attendance/manual-changes',
    { schema: { tags: ['attendance'], querystring: manualChangesQuery, response: { 200: manualChangesPage } } },
    async (req) => companyManualChanges(req.ctx, req.query),
  );
};

/** The worker's own manual changes and their answer (under /employee; EMPLOYEE only). */
export const employeeManualChangeRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['employee'];
  app.get('/manual-changes', { schema: { tags, querystring: ownManualChangesQuery, response: { 200: manualChangesPage } } }, async (req) =>
    ownManualChanges(req.ctx, req.query),
  );
  app.post(
    '/manual-changes/:id/answer',
    { schema: { tags, params: idParam, body: manualChangeAnswerInput, response: { 200: dataAnswer(manualChangeView) } } },
    async (req) => {
      const data = await answerManualChange(req.ctx, req.params.id, req.body);
      return { data, message: translate(data.answer === 'agreed' ? 'manualChange.agreed' : 'manualChange.disputed', req.lang) };
    },
  );
};
