import { apiErrorBody, kioskChallenge, kioskInfo, kioskMarkFields, kioskMarkResult } from '@presente/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors.js';
import { cookieSecure } from '../../plugins/auth.js';
import * as kiosk from './kiosk.service.js';
import { DEVICE_COOKIE, deviceKeyOf, newDeviceCookie, verifiedDeviceId } from './kiosk-device.js';
import { readMultipart, registerFaceMultipart } from './multipart.js';

const tags = ['public-attendance'];
const params = z.object({ token: z.string().min(16).max(128) });
/** The link each mark opened in its onRequest hook, before a byte of the upload was read. */
const opened = new WeakMap<object, kiosk.Opened>();

const envelope = <T extends z.ZodType>(data: T) => z.object({ data });

/** Error answers of the kiosk calls: the usual `{ message, code, errors? }` body. */
const errors = <S extends number>(...statuses: S[]) => Object.fromEntries(statuses.map((s) => [s, apiErrorBody])) as Record<S, typeof apiErrorBody>;

/**
 * The public kiosk of a facial attendance link (no session; the token is the credential). The page's
 * first call gives the browser a server-signed device id (cookie) that tells kiosks apart for the failure
 * cool-down; without a valid one the IP is the device (kiosk-device.ts).
 */
export const kioskRoutes: FastifyPluginAsyncZod = async (app) => {
  await registerFaceMultipart(app);

  app.get(
    '/public/attendance/:token',
    {
      schema: {
        tags,
        params,
        description: 'Company and link of a kiosk link; sets the signed device cookie. 404 not_found; 410 link_inactive / link_expired.',
        response: { 200: envelope(kioskInfo), ...errors(404, 410) },
      },
    },
    async (req, reply) => {
      const data = await kiosk.kioskInfo(req.ctx, req.params.token);
      if (!verifiedDeviceId(app.deps.sessionSecret, req.cookies[DEVICE_COOKIE])) {
        reply.setCookie(DEVICE_COOKIE, newDeviceCookie(app.deps.sessionSecret), {
          path: '/api/public/attendance',
          httpOnly: true,
          sameSite: 'lax',
          secure: cookieSecure(req),
          maxAge: 365 * 86400,
        });
      }
      return { data };
    },
  );

  app.post(
    '/public/attendance/:token/challenge',
    {
      schema: {
        tags,
        params,
        description: 'A single-use active-liveness challenge: the order of head poses to follow, valid 90 s. 429 rate_limited per IP.',
        response: { 200: envelope(kioskChallenge), ...errors(404, 410, 429) },
      },
    },
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
          'multipart/form-data: challengeId, optional latitude, longitude, accuracy, and 3-6 unmirrored JPEG parts named `frames` following the challenge. Refusals: 400 challenge_invalid / captures_count / invalid_image / location_required; 403 outside_geofence; 404 not_found; 409 already_completed; 410 link_inactive / link_expired; 422 no_face / multiple_faces / liveness_failed / face_not_recognized; 429 rate_limited (per IP, per link, device or network cool-down, or the share of the face engine of the company is full: Retry-After); 503 face_unavailable.',
        response: { 200: envelope(kioskMarkResult), ...errors(400, 403, 404, 409, 410, 422, 429, 503) },
      },
      // The token (and the link being active, and the IP's wrong tokens) are checked before the body is read:
      // a wrong token never makes the server take in up to 8 x 2 MB (decision 0028). A malformed token is left
      // to the params schema (400), still before the body.
      onRequest: async (req) => {
        const { token } = req.params as { token?: string };
        if (params.safeParse({ token }).success) opened.set(req, await kiosk.checkKioskToken(req.ctx, token!));
      },
    },
    async (req) => {
      const link = opened.get(req);
      if (!link) throw new AppError('not_found', 'faceLink.unknown');
      const { fields, files } = await readMultipart(req, 'frames');
      const input = kioskMarkFields.parse(fields);
      const deviceKey = deviceKeyOf(app.deps.sessionSecret, req.cookies[DEVICE_COOKIE], req.ctx.ip);
      return { data: await kiosk.mark(req.ctx, link, input, files, deviceKey) };
    },
  );
};
