import { dataAnswer, errorAnswers, kioskChallenge, kioskInfo, kioskManifest, kioskMarkFields, kioskMarkResult } from '@presente/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors.js';
import { cookieSecure } from '../../plugins/auth.js';
import * as kiosk from './kiosk.service.js';
import { DEVICE_COOKIE, newDeviceCookie, verifiedDeviceId } from './kiosk-device.js';
import { kioskManifest as manifestOf } from './kiosk-manifest.js';
import { readMultipart, registerFaceMultipart } from './multipart.js';
import { type Kiosk, requireKiosk } from './pairing.service.js';

const tags = ['public-attendance'];
const params = z.object({ token: z.string().min(16).max(128) });
/** The link each mark opened in its onRequest hook, before a byte of the upload was read. */
const opened = new WeakMap<object, { link: kiosk.Opened; kiosk: Kiosk }>();
/** The paired kiosk a call names (decision 0033); a mark adds X-Kiosk-Signature. */
const kioskHeaders = z.object({ 'x-kiosk-id': z.string().max(64).optional(), 'x-kiosk-signature': z.string().max(200).optional() });
const kioskIdOf = (req: { headers: Record<string, unknown> }) => {
  const v = req.headers['x-kiosk-id'];
  return typeof v === 'string' ? v : undefined;
};

/** Error answers of the kiosk calls: the usual `{ message, code, errors? }` body; a malformed token or header is a 400, a busy database a 503. */
const errors = <S extends number>(...statuses: S[]) => errorAnswers<S | 400 | 503>(400, 503, ...statuses);

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
        headers: kioskHeaders,
        description:
          'Company and link of a kiosk link, and whether the kiosk named by X-Kiosk-Id is paired with its company (`kiosk`); sets the signed device cookie. 404 not_found; 410 link_inactive / link_expired.',
        response: { 200: dataAnswer(kioskInfo), ...errors(404, 410) },
      },
    },
    async (req, reply) => {
      const data = await kiosk.kioskInfo(req.ctx, req.params.token, kioskIdOf(req));
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

  app.get(
    '/public/attendance/:token/manifest.webmanifest',
    {
      schema: {
        tags,
        params,
        description:
          "The web manifest that makes this kiosk link installable (decision 0045): the company's name and the link's name, start_url and scope the kiosk page, full screen, the app's icons. Nothing else of the company. 404 not_found; 410 link_inactive / link_expired.",
        response: { 200: kioskManifest, ...errors(404, 410, 429) },
      },
    },
    async (req, reply) => {
      const manifest = await manifestOf(req.ctx, req.params.token);
      // Read again on each visit (a renamed company or link shows on the next one); never shared by a proxy.
      return reply.header('Cache-Control', 'private, no-cache').type('application/manifest+json; charset=utf-8').send(manifest);
    },
  );

  app.post(
    '/public/attendance/:token/challenge',
    {
      schema: {
        tags,
        params,
        headers: kioskHeaders,
        description:
          'A single-use active-liveness challenge for the paired kiosk named by X-Kiosk-Id: 3-4 steps to follow in order (turn left or right, look up or down, smile, open the mouth; at least one a photo cannot do: decisions 0060, 0063), valid 90 s, and the burst the mark must carry (`burst`: frames and rate, decision 0049); its id is the nonce the mark signs. 403 kiosk_not_paired / kiosk_revoked; 429 rate_limited (per kiosk, or this IP sent too many unpaired calls).',
        response: { 200: dataAnswer(kioskChallenge), ...errors(403, 404, 410, 429) },
      },
    },
    async (req) => ({ data: await kiosk.createChallenge(req.ctx, req.params.token, kioskIdOf(req)) }),
  );

  app.post(
    '/public/attendance/:token/mark',
    {
      schema: {
        tags,
        params,
        headers: kioskHeaders,
        consumes: ['multipart/form-data'],
        description:
          "Headers X-Kiosk-Id (a paired kiosk of the link's company) and X-Kiosk-Signature (ECDSA P-256 / SHA-256, IEEE P1363, base64url, over kioskSignedText: link, challengeId, kiosk, the SHA-256 of each frame part in order, frameTimes). multipart/form-data: challengeId, optional latitude, longitude, accuracy, frameTimes (one capture time per frame, ms after the first: required for the burst check), and 10-48 unmirrored JPEG parts named `frames`: the burst the page recorded continuously while the challenge ran (decision 0049). Refusals: 400 challenge_invalid / captures_count (not 10-48 frames: the 3-6 picked frames of the old page are refused since decision 0063) / invalid_image / location_required; 403 kiosk_not_paired / kiosk_revoked / kiosk_signature_invalid / outside_geofence; 404 not_found; 409 already_completed; 410 link_inactive / link_expired; 422 no_face / multiple_faces / liveness_failed / face_not_recognized / frame_replayed; 429 rate_limited (per kiosk, kiosk cool-down, too many unpaired calls from the IP, or the share of the face engine of the company is full: Retry-After) / identity_cooldown; 503 face_unavailable.",
        response: { 200: dataAnswer(kioskMarkResult), ...errors(400, 403, 404, 409, 410, 422, 429, 503) },
      },
      // The token (and the link being active, and the IP's wrong tokens) and the paired kiosk are checked before
      // the body is read: a wrong token or an unpaired browser never makes the server take in up to 8 x 2 MB
      // (decisions 0028, 0033). A malformed token is left to the params schema (400), still before the body.
      onRequest: async (req) => {
        const { token } = req.params as { token?: string };
        if (!params.safeParse({ token }).success) return;
        const link = await kiosk.checkKioskToken(req.ctx, token!);
        opened.set(req, { link, kiosk: await requireKiosk(req.ctx, link.link.companyId, kioskIdOf(req)) });
      },
    },
    async (req) => {
      const call = opened.get(req);
      if (!call) throw new AppError('not_found', 'faceLink.unknown');
      const { fields, files } = await readMultipart(req, 'frames');
      const input = kioskMarkFields.parse(fields);
      return { data: await kiosk.mark(req.ctx, call.link, call.kiosk, input, files, req.headers['x-kiosk-signature'] as string | undefined) };
    },
  );
};
