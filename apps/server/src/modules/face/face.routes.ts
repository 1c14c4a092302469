import {
  adminConsentStatus,
  attendanceLink,
  attendanceLinkInput,
  attendanceLinksAnswer,
  attendanceLinkToggle,
  binaryAnswer,
  consentCodeSent,
  dataAnswer,
  faceConsentCodeInput,
  faceConsentRecord,
  faceConsentSummary,
  faceOfficeConsentInput,
  faceRegisterFields,
  faceRegisterResult,
  faceSettings,
  faceSettingsInput,
  idParam,
  messageAnswer,
  savedAnswer,
  sessionErrorAnswers,
  translate,
} from '@presente/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors.js';
import * as consent from './consent.service.js';
import * as enrol from './enrol.service.js';
import * as settings from './face-settings.service.js';
import * as links from './links.service.js';
import { readMultipart, registerFaceMultipart } from './multipart.js';

const tags = ['face-recognition'];
const employeeParam = z.object({ employeeId: z.uuid('validation.idInvalid') });

/** Face enrolment and kiosk links of the admin's company (under /company-admin-simple, spec §7). */
export const faceRoutes: FastifyPluginAsyncZod = async (app) => {
  await registerFaceMultipart(app);

  app.get('/face-recognition/attendance-links', { schema: { tags, response: { 200: attendanceLinksAnswer, ...sessionErrorAnswers() } } }, async (req) => ({
    data: await links.listLinks(req.ctx),
  }));

  app.post(
    '/face-recognition/attendance-link',
    { schema: { tags, body: attendanceLinkInput, response: { 201: savedAnswer(attendanceLink), ...sessionErrorAnswers() } } },
    async (req, reply) => reply.code(201).send({ data: await links.createLink(req.ctx, req.body), message: translate('faceLink.created', req.lang) }),
  );

  app.patch(
    '/face-recognition/attendance-link/:id/toggle',
    { schema: { tags, params: idParam, body: attendanceLinkToggle, response: { 200: savedAnswer(attendanceLink), ...sessionErrorAnswers(404) } } },
    async (req) => {
      const link = await links.toggleLink(req.ctx, req.params.id, req.body.isActive);
      return { data: link, message: translate(link.isActive ? 'faceLink.activated' : 'faceLink.deactivated', req.lang) };
    },
  );

  app.delete(
    '/face-recognition/attendance-link/:id',
    { schema: { tags, params: idParam, response: { 200: messageAnswer, ...sessionErrorAnswers(404) } } },
    async (req) => {
      await links.deleteLink(req.ctx, req.params.id);
      return { message: translate('faceLink.deleted', req.lang) };
    },
  );

  app.post(
    '/face-recognition/register',
    {
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        response: { 201: savedAnswer(faceRegisterResult), ...sessionErrorAnswers(404, 413, 422) },
        description:
          "multipart/form-data: employeeId, optional noticeVersion, optional descriptors (ignored: the server computes its own), and 3-5 JPEG/PNG parts named `image`. Replaces an earlier registration. Needs the worker's own consent to the company's current notice (their account, or POST /face-recognition/consent): without it 400 consent_required naming what is missing; consentAccepted is ignored (decision 0035, Ley 29733 art. 13.6). 429 rate_limited (with Retry-After): more than 10 enrolments a minute in the company, or its share of the face engine is full.",
      },
    },
    async (req, reply) => {
      const { fields, files } = await readMultipart(req, 'image');
      if (!fields.employeeId) {
        throw new AppError('validation_failed', 'face.employeeIdRequired', {}, [{ path: 'employeeId', message: 'face.employeeIdRequired' }]);
      }
      const input = faceRegisterFields.parse(fields);
      const data = await enrol.registerFace(req.ctx, input, files);
      return reply.code(201).send({ data, message: translate('face.registered', req.lang) });
    },
  );

  app.get(
    '/face-recognition/consent/:employeeId',
    {
      schema: {
        tags,
        params: employeeParam,
        description: "The worker's open consent, the company's current notice, and where the office code goes (masked).",
        response: { 200: dataAnswer(adminConsentStatus), ...sessionErrorAnswers(404) },
      },
    },
    async (req) => ({ data: await consent.adminConsentStatus(req.ctx, req.params.employeeId) }),
  );

  app.post(
    '/face-recognition/consent-code',
    {
      schema: {
        tags,
        body: faceConsentCodeInput,
        description: 'Mails a 6-digit code (15 minutes, 5 tries) to the worker for an acceptance on this screen; 3 per worker in 15 minutes.',
        response: { 200: savedAnswer(consentCodeSent), ...sessionErrorAnswers(404, 502) },
      },
    },
    async (req) => {
      const { maskedEmail } = await consent.sendOfficeCode(req.ctx, req.body.employeeId);
      return { data: { maskedEmail }, message: translate('consent.codeSent', req.lang).replace('{email}', maskedEmail) };
    },
  );

  app.post(
    '/face-recognition/consent',
    {
      schema: {
        tags,
        body: faceOfficeConsentInput,
        description:
          'The worker accepts on the enrolment screen: fullName and documentNumber as on their record and the code mailed to them. Records time, notice version, device and IP.',
        response: { 201: savedAnswer(faceConsentSummary), ...sessionErrorAnswers(404, 409) },
      },
    },
    async (req, reply) => reply.code(201).send({ data: await consent.acceptAtOffice(req.ctx, req.body), message: translate('consent.recorded', req.lang) }),
  );

  app.get(
    '/face-recognition/consent-record/:id',
    {
      schema: {
        tags,
        params: idParam,
        description: 'One consent of the company as a printable record.',
        response: { 200: dataAnswer(faceConsentRecord), ...sessionErrorAnswers(404) },
      },
    },
    async (req) => ({
      data: await consent.consentRecord(req.ctx, req.params.id),
    }),
  );

  app.get(
    '/face-recognition/settings',
    {
      schema: {
        tags,
        description: 'The company match threshold (0.45-0.60, lower = stricter) and the enrolment photo opt-in.',
        response: { 200: dataAnswer(faceSettings), ...sessionErrorAnswers() },
      },
    },
    async (req) => ({ data: await settings.getFaceSettings(req.ctx) }),
  );

  app.put(
    '/face-recognition/settings',
    {
      schema: {
        tags,
        body: faceSettingsInput,
        description: 'Saves the threshold and the photo opt-in; turning the photos off deletes every stored enrolment photo of the company.',
        response: { 200: savedAnswer(faceSettings), ...sessionErrorAnswers() },
      },
    },
    async (req) => {
      const { settings: data, photosDeleted } = await settings.updateFaceSettings(req.ctx, req.body);
      const message =
        photosDeleted > 0
          ? translate('faceSettings.photosDeleted', req.lang).replace('{count}', String(photosDeleted))
          : translate('faceSettings.saved', req.lang);
      return { data, message };
    },
  );

  app.get(
    '/face-recognition/photo/:employeeId',
    {
      schema: {
        tags,
        params: employeeParam,
        description: 'The enrolment photo kept for an employee (image/jpeg) when the company opts in; 404 otherwise. Never cached by shared caches.',
        produces: ['image/jpeg'],
        response: { 200: binaryAnswer('The enrolment photo (JPEG).', 'image/jpeg'), ...sessionErrorAnswers(404) },
      },
    },
    async (req, reply) => {
      const jpeg = await enrol.facePhoto(req.ctx, req.params.employeeId);
      return reply
        .header('Content-Type', 'image/jpeg')
        .header('Cache-Control', 'private, no-store, max-age=0')
        .header('Vary', 'Cookie')
        .header('Content-Disposition', 'inline; filename="foto-registro.jpg"')
        .send(jpeg);
    },
  );

  app.delete(
    '/face-recognition/register/:employeeId',
    { schema: { tags, params: employeeParam, response: { 200: messageAnswer, ...sessionErrorAnswers(404) } } },
    async (req) => {
      await enrol.deleteFace(req.ctx, req.params.employeeId);
      return { message: translate('face.deleted', req.lang) };
    },
  );
};
