import {
  dataAnswer,
  idParam,
  messageAnswer,
  savedAnswer,
  sessionErrorAnswers,
  translate,
  webhookDeliveryAnswer,
  webhookEndpointAnswer,
  webhookEndpointInput,
  webhookEndpointUpdate,
  webhookSecretAnswer,
} from '@presente/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { presentDelivery, presentEndpoint } from './webhooks.presenter.js';
import * as service from './webhooks.service.js';

const tags = ['webhooks'];
const deliveryParams = z.object({ id: z.uuid('validation.idInvalid'), deliveryId: z.uuid('validation.idInvalid') });

/** The company's webhook endpoints and their delivery log (under /company-admin-simple; decision 0058). */
export const webhookRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/webhooks', { schema: { tags, response: { 200: dataAnswer(z.array(webhookEndpointAnswer)), ...sessionErrorAnswers() } } }, async (req) => ({
    data: (await service.listEndpoints(req.ctx)).map(presentEndpoint),
  }));

  app.post(
    '/webhooks',
    { schema: { tags, body: webhookEndpointInput, response: { 201: savedAnswer(webhookSecretAnswer), ...sessionErrorAnswers(409) } } },
    async (req, reply) => {
      const { endpoint, secret } = await service.createEndpoint(req.ctx, req.body);
      return reply.code(201).send({ data: { endpoint: presentEndpoint(endpoint), secret }, message: translate('webhook.created', req.lang) });
    },
  );

  app.put(
    '/webhooks/:id',
    { schema: { tags, params: idParam, body: webhookEndpointUpdate, response: { 200: savedAnswer(webhookEndpointAnswer), ...sessionErrorAnswers(404) } } },
    async (req) => ({
      data: presentEndpoint(await service.updateEndpoint(req.ctx, req.params.id, req.body)),
      message: translate('webhook.updated', req.lang),
    }),
  );

  app.delete('/webhooks/:id', { schema: { tags, params: idParam, response: { 200: messageAnswer, ...sessionErrorAnswers(404) } } }, async (req) => {
    await service.deleteEndpoint(req.ctx, req.params.id);
    return { message: translate('webhook.deleted', req.lang) };
  });

  app.post(
    '/webhooks/:id/rotate-secret',
    { schema: { tags, params: idParam, response: { 200: savedAnswer(webhookSecretAnswer), ...sessionErrorAnswers(404) } } },
    async (req) => {
      const { endpoint, secret } = await service.rotateSecret(req.ctx, req.params.id);
      return { data: { endpoint: presentEndpoint(endpoint), secret }, message: translate('webhook.secretRotated', req.lang) };
    },
  );

  app.get(
    '/webhooks/:id/deliveries',
    { schema: { tags, params: idParam, response: { 200: dataAnswer(z.array(webhookDeliveryAnswer)), ...sessionErrorAnswers(404) } } },
    async (req) => ({ data: (await service.listDeliveries(req.ctx, req.params.id)).map(presentDelivery) }),
  );

  app.post(
    '/webhooks/:id/deliveries/:deliveryId/resend',
    { schema: { tags, params: deliveryParams, response: { 202: savedAnswer(webhookDeliveryAnswer), ...sessionErrorAnswers(404) } } },
    async (req, reply) =>
      reply.code(202).send({
        data: presentDelivery(await service.resendDelivery(req.ctx, req.params.id, req.params.deliveryId)),
        message: translate('webhook.resent', req.lang),
      }),
  );
};
