import { areaErrorAnswers, ownReceiptsQuery, receiptCodeParam, receiptLookupAnswer, receiptsPage } from '@presente/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { lookupReceipt, ownReceipts } from './receipts.service.js';

/** GET /company-admin-simple/attendance/receipts/{code}: a receipt's code resolved to the punch (decision 0053). */
export const adminReceiptRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/attendance/receipts/:code',
    { schema: { tags: ['attendance'], params: receiptCodeParam, response: { 200: receiptLookupAnswer, ...areaErrorAnswers } } },
    async (req) => ({ data: await lookupReceipt(req.ctx, req.params.code) }),
  );
};

/** GET /employee/receipts: the worker's own receipts, newest first (under /employee; EMPLOYEE only). */
export const employeeReceiptRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/receipts', { schema: { tags: ['employee'], querystring: ownReceiptsQuery, response: { 200: receiptsPage } } }, async (req) =>
    ownReceipts(req.ctx, req.query),
  );
};
