import {
  billingHistoryEntry,
  billingHistoryQuery,
  cancelSubscriptionAnswer,
  cancelSubscriptionInput,
  confirmRevisionAnswer,
  confirmRevisionInput,
  confirmSubscriptionAnswer,
  confirmSubscriptionInput,
  createPlanAnswer,
  createPlanInput,
  dataAnswer,
  employeePriceAnswer,
  FILE_TYPES,
  fileAnswer,
  type Language,
  pageAnswer,
  planCatalogueAnswer,
  reviseAnswer,
  reviseSubscriptionInput,
  subscriptionDetailsAnswer,
  translate,
  webhookAnswer,
} from '@presente/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isSimulator } from './billing.provider.js';
import * as details from './billing.service.js';
import * as cancelling from './cancel.service.js';
import { processProviderEvent } from './provider-events.js';
import * as revising from './revise.service.js';
import { SIMULATOR_APPROVE_PATH } from './simulator.js';
import { simulatorPage } from './simulator.page.js';
import * as subscribing from './subscribe.service.js';
import { handleWebhook } from './webhooks.js';

const tags = ['payments'];

declare module 'fastify' {
  interface FastifyRequest {
    rawBody?: string;
  }
}

/**
 * Payments (spec §7 "Payments", under /api/paypal): the company admin's calls, PayPal's webhook, and
 * the simulator's approval page when running without PayPal credentials.
 */
export const billingRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(adminCalls);
  await app.register(webhook);
  await app.register(simulator);
};

const adminCalls: FastifyPluginAsyncZod = async (admin) => {
  // onRequest: 401/403 before any body is validated.
  admin.addHook('onRequest', admin.requireRole('COMPANY_ADMIN'));

  admin.get('/paypal/employee-price', { schema: { tags, response: { 200: dataAnswer(employeePriceAnswer) } } }, async (req) => ({
    data: subscribing.employeePrice(req.ctx),
  }));

  admin.get('/paypal/plans', { schema: { tags, response: { 200: dataAnswer(planCatalogueAnswer) } } }, async (req) => ({
    data: subscribing.catalogue(req.ctx),
  }));

  admin.post('/paypal/create-plan', { schema: { tags, body: createPlanInput, response: { 200: dataAnswer(createPlanAnswer) } } }, async (req) => ({
    data: await subscribing.createPlan(req.ctx, req.body),
    message: translate('billing.planCreated', req.lang),
  }));

  admin.post(
    '/paypal/confirm-subscription',
    { schema: { tags, body: confirmSubscriptionInput, response: { 200: dataAnswer(confirmSubscriptionAnswer) } } },
    async (req) => ({
      data: await subscribing.confirmSubscription(req.ctx, req.body),
      message: translate('billing.activated', req.lang),
    }),
  );

  admin.get('/paypal/subscription-details', { schema: { tags, response: { 200: dataAnswer(subscriptionDetailsAnswer) } } }, async (req) => ({
    data: await details.subscriptionDetails(req.ctx),
  }));

  admin.get('/paypal/history', { schema: { tags, querystring: billingHistoryQuery, response: { 200: pageAnswer(billingHistoryEntry) } } }, async (req) =>
    details.billingHistory(req.ctx, req.query),
  );

  admin.post(
    '/paypal/cancel-subscription',
    { schema: { tags, body: cancelSubscriptionInput.optional(), response: { 200: dataAnswer(cancelSubscriptionAnswer) } } },
    async (req) => ({
      data: await cancelling.cancelSubscription(req.ctx, req.body?.reason),
      message: translate('billing.cancelled', req.lang),
    }),
  );

  admin.post('/paypal/revise-subscription', { schema: { tags, body: reviseSubscriptionInput, response: { 200: dataAnswer(reviseAnswer) } } }, async (req) => {
    const { data, messageKey, messageParams } = await revising.reviseSubscription(req.ctx, req.body);
    return { data, message: withParams(translate(messageKey, req.lang), messageParams) };
  });

  admin.post(
    '/paypal/confirm-revision',
    { schema: { tags, body: confirmRevisionInput, response: { 200: dataAnswer(confirmRevisionAnswer) } } },
    async (req) => {
      const { data, messageKey, messageParams } = await revising.confirmRevision(req.ctx, req.body);
      return { data, message: withParams(translate(messageKey, req.lang), messageParams) };
    },
  );
};

/** A translated answer with its {placeholders} filled. */
const withParams = (text: string, params: Record<string, string | number> = {}) =>
  text.replace(/\{(\w+)\}/g, (all, k: string) => (k in params ? String(params[k]) : all));

/** PayPal's webhook: public, the raw body kept for the signature check. */
const webhook: FastifyPluginAsyncZod = async (hook) => {
  hook.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 512 * 1024 }, (req, body, done) => {
    try {
      req.rawBody = body as string;
      done(null, JSON.parse(body as string));
    } catch (err) {
      done(Object.assign(err as Error, { statusCode: 400 }), undefined);
    }
  });
  hook.post(
    '/paypal/webhook',
    {
      schema: { tags, hide: true, response: { 200: dataAnswer(webhookAnswer) } },
      config: { rateLimit: { max: 300 * hook.deps.config.RATE_LIMIT_SCALE, timeWindow: 60_000 } },
    },
    async (req) => ({ data: await handleWebhook(req.ctx.deps, req.headers, req.rawBody ?? '', req.body) }),
  );
};

/** The simulator's approval page (public, like PayPal's: the unguessable subscription id is the key). */
const simulator: FastifyPluginAsyncZod = async (sim) => {
  sim.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  const params = z.object({ id: z.string().min(1).max(64) });
  /** The simulator's approval page (404: the subscription is unknown); the decision goes back to the app by a 303. */
  const approvalPage = {
    200: fileAnswer("The simulator's approval page.", [FILE_TYPES.html]),
    404: fileAnswer('The page saying the subscription is unknown.', [FILE_TYPES.html]),
  };
  const decisionAnswer = { 303: z.null().describe('Back to the app (Location), as PayPal returns the buyer.'), 404: approvalPage[404] };
  const pageLang = (query: { lang?: string }, fallback: Language): Language => (query.lang === 'en' || query.lang === 'es' ? query.lang : fallback);

  sim.get(
    `${SIMULATOR_APPROVE_PATH.replace('/api', '')}/:id`,
    { schema: { hide: true, params, querystring: z.object({ lang: z.string().optional() }), response: approvalPage } },
    async (req, reply) => {
      const provider = req.ctx.deps.billing;
      if (!isSimulator(provider)) return reply.callNotFound();
      const approval = await provider.approval(req.params.id);
      const lang = pageLang(req.query, req.lang);
      const action = `${SIMULATOR_APPROVE_PATH}/${encodeURIComponent(req.params.id)}${req.query.lang ? `?lang=${lang}` : ''}`;
      return reply
        .code(approval ? 200 : 404)
        .header('Cache-Control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(simulatorPage(lang, action, approval));
    },
  );

  sim.post(
    `${SIMULATOR_APPROVE_PATH.replace('/api', '')}/:id`,
    { schema: { hide: true, params, body: z.object({ decision: z.enum(['approve', 'cancel']) }), response: decisionAnswer } },
    async (req, reply) => {
      const provider = req.ctx.deps.billing;
      if (!isSimulator(provider)) return reply.callNotFound();
      const result = await provider.decide(req.params.id, req.body.decision);
      if (!result) {
        return reply
          .code(404)
          .header('Cache-Control', 'no-store')
          .type('text/html; charset=utf-8')
          .send(simulatorPage(req.lang, '', null));
      }
      // The same events PayPal's webhooks would deliver, through the same idempotent processing.
      for (const event of result.events) await processProviderEvent(req.ctx.deps, event, new Date());
      return reply.header('Cache-Control', 'no-store').redirect(result.redirectUrl, 303);
    },
  );
};
