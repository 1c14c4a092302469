import { apiKeyAnswer, apiKeyCreatedAnswer, apiKeyCreateInput, apiKeyListAnswer, idParam, savedAnswer, sessionErrorAnswers, translate } from '@presente/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { presentApiKey } from './api-keys.presenter.js';
import * as keys from './api-keys.service.js';

/** Configuración → Integraciones (under /company-admin-simple): the company's public-API keys (decision 0048). */
export const apiKeyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/integrations/api-keys',
    {
      schema: {
        tags: ['integrations'],
        summary: "The company's API keys and what the plan allows",
        response: { 200: apiKeyListAnswer, ...sessionErrorAnswers() },
      },
    },
    async (req) => {
      const now = new Date();
      const { rows, allowance } = await keys.listKeys(req.ctx, now);
      return { data: { keys: rows.map((k) => presentApiKey(k, now)), allowance } };
    },
  );

  app.post(
    '/integrations/api-keys',
    {
      schema: {
        tags: ['integrations'],
        summary: 'Create an API key: the key is in this answer only',
        description: '403 `plan_limit_reached` past the plan (Free: one read-only key; Premium: 10 of any scope).',
        body: apiKeyCreateInput,
        response: { 201: apiKeyCreatedAnswer, ...sessionErrorAnswers() },
      },
    },
    async (req, reply) => {
      const { row, key } = await keys.createKey(req.ctx, req.body);
      return reply.code(201).send({ data: { ...presentApiKey(row), key }, message: translate('integrations.keyCreated', req.lang) });
    },
  );

  app.post(
    '/integrations/api-keys/:id/revoke',
    {
      schema: {
        tags: ['integrations'],
        summary: 'Revoke an API key at once',
        params: idParam,
        response: { 200: savedAnswer(apiKeyAnswer), ...sessionErrorAnswers(404) },
      },
    },
    async (req) => ({ data: presentApiKey(await keys.revokeKey(req.ctx, req.params.id)), message: translate('integrations.keyRevoked', req.lang) }),
  );
};
