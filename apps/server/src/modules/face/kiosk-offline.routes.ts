import { dataAnswer, errorAnswers, kioskContactInput, kioskContactResult, kioskMarkResult, kioskOfflineMarkFields } from '@presente/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors.js';
import * as kiosk from './kiosk.service.js';
import { kioskContact, offlineMark } from './kiosk-offline.service.js';
import { readMultipart, registerFaceMultipart } from './multipart.js';
import { type Kiosk, requireKiosk } from './pairing.service.js';

const tags = ['public-attendance'];
const params = z.object({ token: z.string().min(16).max(128) });
const kioskHeaders = z.object({ 'x-kiosk-id': z.string().max(64).optional(), 'x-kiosk-signature': z.string().max(200).optional() });
const header = (req: { headers: Record<string, unknown> }, name: string) => {
  const v = req.headers[name];
  return typeof v === 'string' ? v : undefined;
};
const errors = <S extends number>(...statuses: S[]) => errorAnswers<S | 400 | 503>(400, 503, ...statuses);
/** The link and the paired kiosk of an offline mark, checked before a byte of its upload is read (as the online mark). */
const opened = new WeakMap<object, { link: kiosk.Opened; kiosk: Kiosk }>();

/** A paired kiosk's contacts and offline punches (issue 25 item 3, decision 0075). */
export const kioskOfflineRoutes: FastifyPluginAsyncZod = async (app) => {
  await registerFaceMultipart(app);

  app.post(
    '/public/attendance/:token/kiosk-contact',
    {
      schema: {
        tags,
        params,
        headers: kioskHeaders,
        body: kioskContactInput,
        description:
          "A paired kiosk's online contact, signed (X-Kiosk-Signature over kioskContactText): its clock and how many offline punches wait. The server keeps the pair of clocks 24 h (an offline punch's capture time counts from one) and answers with the AES-256-GCM key of the kiosk's offline queue. 403 kiosk_not_paired / kiosk_revoked / kiosk_signature_invalid; 409 kiosk_contact_stale (that kiosk time was already recorded).",
        response: { 200: dataAnswer(kioskContactResult), ...errors(403, 404, 409, 410, 429) },
      },
    },
    async (req) => {
      const link = await kiosk.checkKioskToken(req.ctx, req.params.token);
      const paired = await requireKiosk(req.ctx, link.link.companyId, header(req, 'x-kiosk-id'));
      return { data: await kioskContact(req.ctx, link, paired, req.body, header(req, 'x-kiosk-signature')) };
    },
  );

  app.post(
    '/public/attendance/:token/offline-mark',
    {
      schema: {
        tags,
        params,
        headers: kioskHeaders,
        consumes: ['multipart/form-data'],
        description:
          "A punch the paired kiosk captured offline, sent when the network returned. Headers as the online mark; X-Kiosk-Signature over kioskOfflineSignedText (link, the kiosk's own challenge id and steps, capture time and the contact it counts from on the kiosk's clock, each frame's SHA-256, frameTimes). The capture time on the server's clock is the contact's + the kiosk's elapsed time: refused (422 offline_capture_time) before that contact, after a later contact, in the future or over 24 h old. Then the online mark's checks (frames never seen, liveness on the kiosk's steps, 1:N); recorded at the capture time, marked offline in the evidence and the register. 400 challenge_invalid (steps not valid, or that challenge id already sent).",
        response: { 200: dataAnswer(kioskMarkResult), ...errors(403, 404, 409, 410, 422, 429) },
      },
      onRequest: async (req) => {
        const { token } = req.params as { token?: string };
        if (!params.safeParse({ token }).success) return;
        const link = await kiosk.checkKioskToken(req.ctx, token!);
        opened.set(req, { link, kiosk: await requireKiosk(req.ctx, link.link.companyId, header(req, 'x-kiosk-id')) });
      },
    },
    async (req) => {
      const call = opened.get(req);
      if (!call) throw new AppError('not_found', 'faceLink.unknown');
      const { fields, files } = await readMultipart(req, 'frames');
      const input = kioskOfflineMarkFields.parse(fields);
      return { data: await offlineMark(req.ctx, call.link, call.kiosk, input, files, header(req, 'x-kiosk-signature')) };
    },
  );
};
