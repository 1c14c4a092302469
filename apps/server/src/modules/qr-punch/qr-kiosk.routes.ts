import { errorAnswers, kioskQrInput, kioskQrLocationsAnswer, qrDisplayCodeAnswer } from '@presente/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { kioskDisplayCode, kioskQrLocations as listLocations } from './qr-kiosk.service.js';

const tags = ['public-attendance'];
const params = z.object({ token: z.string().min(16).max(128) });
const kioskHeaders = z.object({ 'x-kiosk-id': z.string().max(64).optional(), 'x-kiosk-signature': z.string().max(200).optional() });
const header = (req: { headers: Record<string, unknown> }, name: string) => {
  const v = req.headers[name];
  return typeof v === 'string' ? v : undefined;
};

/** The paired kiosk's QR display mode (decision 0044), under the kiosk link's public path. */
export const qrKioskRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/public/attendance/:token/qr-locations',
    {
      schema: {
        tags,
        params,
        headers: kioskHeaders,
        description: "The link company's work locations, for the paired kiosk named by X-Kiosk-Id. 403 kiosk_not_paired / kiosk_revoked; 404; 410.",
        response: { 200: kioskQrLocationsAnswer, ...errorAnswers(403, 404, 410, 429) },
      },
    },
    async (req) => ({ data: await listLocations(req.ctx, req.params.token, header(req, 'x-kiosk-id')) }),
  );

  app.post(
    '/public/attendance/:token/qr',
    {
      schema: {
        tags,
        params,
        headers: kioskHeaders,
        body: kioskQrInput,
        description:
          'The rotating code of a work location for the paired kiosk named by X-Kiosk-Id, with X-Kiosk-Signature (ECDSA P-256 / SHA-256, IEEE P1363, base64url) over kioskQrSignedText(kiosk, location, at); `at` within 60 s of the server time. 403 kiosk_not_paired / kiosk_revoked / kiosk_signature_invalid; 404 a location of another company; 410 link_inactive / link_expired.',
        response: { 200: qrDisplayCodeAnswer, ...errorAnswers(400, 403, 404, 410, 429) },
      },
    },
    async (req) => ({ data: await kioskDisplayCode(req.ctx, req.params.token, header(req, 'x-kiosk-id'), req.body, header(req, 'x-kiosk-signature')) }),
  );
};
