import { errorAnswers, qrDisplayCodeAnswer, qrLocationParams, qrPunchAnswer, qrPunchInput, translate } from '@presente/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminDisplayCode, qrPunch } from './qr-punch.service.js';

/** The admin's rotating-QR screen of a work location (under /company-admin-simple; decision 0044). */
export const qrAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/qr-punch/locations/:locationId/code',
    {
      schema: {
        tags: ['attendance'],
        params: qrLocationParams,
        description:
          "The code a screen at this work location shows now: a new one every 30 s (fetch again at `refreshAt`), accepted until `expiresAt`; `url` is the QR's text. 404 not_found for a location of another company.",
        response: { 200: qrDisplayCodeAnswer, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    async (req) => ({ data: await adminDisplayCode(req.ctx, req.params.locationId) }),
  );
};

/** The employee's punch with a scanned rotating QR (under /employee; decision 0044). */
export const qrEmployeeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/attendance/qr',
    {
      schema: {
        tags: ['employee'],
        body: qrPunchInput,
        description:
          "Check-in (201) or check-out (200) with a code scanned from a work location screen (the code or the whole URL the QR holds), method qr_code; a repeated check-in is 200. Refusals: 400 qr_code_invalid (malformed, forged, another company's) / validation_failed / location_required; 403 qr_not_allowed / qr_wrong_location / outside_geofence; 409 qr_code_used / already_completed; 410 qr_code_expired; 429 rate_limited.",
        response: {
          200: qrPunchAnswer,
          201: qrPunchAnswer,
          ...errorAnswers(400, 401, 403, 404, 409, 410, 429),
        },
      },
    },
    async (req, reply) => {
      const result = await qrPunch(req.ctx, req.body);
      const created = !result.data.repeated && result.data.action === 'check_in';
      return reply.code(created ? 201 : 200).send({ data: result.data, message: translate(result.messageKey, req.lang) });
    },
  );
};
