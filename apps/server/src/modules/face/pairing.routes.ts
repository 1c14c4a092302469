import {
  dataAnswer,
  errorAnswers,
  idParam,
  kioskPairInput,
  kioskPairingCode,
  kioskPairingCodeInput,
  kioskPairResult,
  messageAnswer,
  pairedKiosk,
  savedAnswer,
  sessionErrorAnswers,
  translate,
} from '@presente/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as pairing from './pairing.service.js';

const tags = ['face-recognition'];

/** The admin's side of paired kiosks (under /company-admin-simple, company admin only; decision 0033). */
export const pairingAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/face-recognition/kiosk-pairing-codes',
    {
      schema: {
        tags,
        body: kioskPairingCodeInput,
        description: 'A one-time pairing code (10 minutes) for a kiosk browser of the company; the kiosk takes the given name.',
        response: { 201: savedAnswer(kioskPairingCode), ...sessionErrorAnswers() },
      },
    },
    async (req, reply) => reply.code(201).send({ data: await pairing.createPairingCode(req.ctx, req.body), message: translate('kiosk.codeCreated', req.lang) }),
  );

  app.get(
    '/face-recognition/kiosks',
    {
      schema: {
        tags,
        description: 'The paired kiosks of the company, newest first, revoked ones included.',
        response: { 200: dataAnswer(z.array(pairedKiosk)), ...sessionErrorAnswers() },
      },
    },
    async (req) => ({ data: await pairing.listKiosks(req.ctx) }),
  );

  app.post(
    '/face-recognition/kiosks/:id/revoke',
    {
      schema: {
        tags,
        params: idParam,
        description: "Unpairs a kiosk: its marks are refused from now on. 404 for another company's kiosk.",
        response: { 200: messageAnswer, ...sessionErrorAnswers(404) },
      },
    },
    async (req) => {
      await pairing.revokeKiosk(req.ctx, req.params.id);
      return { message: translate('kiosk.revokedDone', req.lang) };
    },
  );
};

/** The kiosk's pairing (public: the one-time code is the credential). */
export const pairingPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/public/kiosk-pairing',
    {
      schema: {
        tags: ['public-attendance'],
        body: kioskPairInput,
        description:
          'Pairs this browser as a kiosk: the one-time code from Configuración and the SPKI (base64) of an ECDSA P-256 public key. 400 pairing_code_invalid (unknown, used, expired) / validation_failed (not a P-256 key); 429 rate_limited after 10 wrong codes from an IP in 15 minutes.',
        response: { 201: savedAnswer(kioskPairResult), ...errorAnswers(400, 403, 429, 503) },
      },
    },
    async (req, reply) => reply.code(201).send({ data: await pairing.pairKiosk(req.ctx, req.body), message: translate('kiosk.paired', req.lang) }),
  );
};
