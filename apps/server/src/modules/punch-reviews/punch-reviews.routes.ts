import { areaErrorAnswers, idParam, messageAnswer, punchReviewAnnulInput, punchReviewCount, punchReviewList, translate } from '@presente/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as reviews from './punch-reviews.service.js';

const tags = ['attendance'];

/** "Marcaciones por revisar" (decision 0061), under /company-admin-simple: the flagged kiosk punches, confirm, annul. */
export const punchReviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/attendance/reviews',
    { schema: { tags, summary: 'Accepted kiosk punches awaiting review, oldest first', response: { 200: punchReviewList, ...areaErrorAnswers } } },
    async (req) => reviews.listReviews(req.ctx),
  );
  app.get(
    '/attendance/reviews/count',
    { schema: { tags, summary: 'How many punches await review (the badge)', response: { 200: punchReviewCount, ...areaErrorAnswers } } },
    async (req) => ({ data: { open: await reviews.openCount(req.ctx) } }),
  );
  app.post(
    '/attendance/reviews/:id/confirm',
    { schema: { tags, summary: 'Keep a flagged punch (audited)', params: idParam, response: { 200: messageAnswer, ...areaErrorAnswers } } },
    async (req) => {
      await reviews.confirmReview(req.ctx, req.params.id);
      return { message: translate('punchReview.confirmed', req.lang) };
    },
  );
  app.post(
    '/attendance/reviews/:id/annul',
    {
      schema: {
        tags,
        summary: 'Annul a flagged punch: a manual change with its reason (a check-in deletes the record, a check-out removes the exit)',
        params: idParam,
        body: punchReviewAnnulInput,
        response: { 200: messageAnswer, ...areaErrorAnswers },
      },
    },
    async (req) => {
      await reviews.annulReview(req.ctx, req.params.id, req.body.reason);
      return { message: translate('punchReview.annulled', req.lang) };
    },
  );
};
