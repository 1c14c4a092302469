import { kioskMarkFields } from '@presente/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { randomToken, sha256 } from '../../lib/crypto.js';
import * as kiosk from './kiosk.service.js';
import { readMultipart, registerFaceMultipart } from './multipart.js';

const tags = ['public-attendance'];
const params = z.object({ token: z.string().min(16).max(128) });
const DEVICE_COOKIE = 'presente_kiosk';

/**
 * The public kiosk of a facial attendance link (no session; the token is the credential). The device
 * cookie only tells kiosks apart for the failure cool-down (IP + user agent when cookies are off).
 */
export const kioskRoutes: FastifyPluginAsyncZod = async (app) => {
  await registerFaceMultipart(app);

  app.get(
    '/public/attendance/:token',
    { schema: { tags, params, description: 'Company and link of a kiosk link. 404 not_found; 410 link_inactive / link_expired.' } },
    async (req, reply) => {
      const data = await kiosk.kioskInfo(req.ctx, req.params.token);
      if (!req.cookies[DEVICE_COOKIE]) {
        reply.setCookie(DEVICE_COOKIE, randomToken(16), {
          path: '/api/public/attendance',
          httpOnly: true,
          sameSite: 'lax',
          secure: req.protocol === 'https',
          maxAge: 365 * 86400,
        });
      }
      return { data };
    },
  );

  app.post(
    '/public/attendance/:token/challenge',
    { schema: { tags, params, description: 'A single-use active-liveness challenge: the order of head poses to follow, valid 90 s.' } },
    async (req) => ({ data: await kiosk.createChallenge(req.ctx, req.params.token) }),
  );

  app.post(
    '/public/attendance/:token/mark',
    {
      schema: {
        tags,
        params,
        consumes: ['multipart/form-data'],
        description:
          'multipart/form-data: challengeId, optional latitude, longitude, accuracy, and 3-6 unmirrored JPEG parts named `frames` following the challenge. Refusals: no_face, multiple_faces, liveness_failed, face_not_recognized, outside_geofence, already_completed, link_inactive, link_expired, rate_limited, challenge_invalid.',
      },
    },
    async (req) => {
      const { fields, files } = await readMultipart(req, 'frames');
      const input = kioskMarkFields.parse(fields);
      const device = req.cookies[DEVICE_COOKIE] ?? sha256(`${req.ctx.ip}|${req.ctx.userAgent}`).slice(0, 32);
      return { data: await kiosk.mark(req.ctx, req.params.token, input, files, sha256(device).slice(0, 64)) };
    },
  );
};
