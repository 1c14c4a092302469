import {
  adminPasswordInput,
  attendanceSettingsAnswer,
  attendanceSettingsInput,
  availableYearsAnswer,
  companyLegalInput,
  companyLegalSavedAnswer,
  companyNameAnswer,
  companyNameInput,
  companySettingsAnswer,
  dataAnswer,
  emailChangeInput,
  messageAnswer,
  ownEmailAnswer,
  tourStatus,
  translate,
} from '@presente/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as service from './company.service.js';
import { updateCompanyLegal } from './legal.js';

/** Company settings, the admin's own profile and the guided tour (under /company-admin-simple). */
export const companyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/company/settings', { schema: { tags: ['company'], response: { 200: dataAnswer(companySettingsAnswer) } } }, async (req) => ({
    data: await service.companySettings(req.ctx),
  }));

  app.get(
    '/company/attendance-settings',
    {
      schema: {
        tags: ['company'],
        description:
          "The company's attendance settings: openRecordGraceHours, the hours after a shift's end at which a record without check-out is closed as incomplete (default 4).",
        response: { 200: attendanceSettingsAnswer },
      },
    },
    async (req) => ({ data: await service.attendanceSettings(req.ctx) }),
  );
  app.put(
    '/company/attendance-settings',
    {
      schema: {
        tags: ['company'],
        description:
          'Sets openRecordGraceHours (whole hours, 1-24): open records are closed as incomplete at shift end + grace, and a punch after midnight belongs to the previous night shift up to its end + grace. 400 validation_failed otherwise.',
        body: attendanceSettingsInput,
        response: { 200: attendanceSettingsAnswer },
      },
    },
    async (req) => ({
      data: await service.updateAttendanceSettings(req.ctx, req.body),
      message: translate('company.attendanceSettingsUpdated', req.lang),
    }),
  );

  app.put('/company/name', { schema: { tags: ['company'], body: companyNameInput, response: { 200: companyNameAnswer } } }, async (req) => {
    await service.renameCompany(req.ctx, req.body.name);
    return { data: { name: req.body.name }, message: translate('company.nameUpdated', req.lang) };
  });

  app.put(
    '/company/legal',
    {
      schema: {
        tags: ['company'],
        description:
          "The register's employer fields (decision 0053): RUC (for a company of Peru required, 11 digits with SUNAT's check digit) and razón social.",
        body: companyLegalInput,
        response: { 200: companyLegalSavedAnswer },
      },
    },
    async (req) => ({ data: await updateCompanyLegal(req.ctx, req.body), message: translate('company.legalUpdated', req.lang) }),
  );

  app.put('/profile/password', { schema: { tags: ['company'], body: adminPasswordInput, response: { 200: messageAnswer } } }, async (req) => {
    await service.changeAdminPassword(req.ctx, req.actor!, req.body);
    return { message: translate('profile.passwordChanged', req.lang) };
  });

  app.put('/profile/email', { schema: { tags: ['company'], body: emailChangeInput, response: { 200: ownEmailAnswer } } }, async (req) => {
    await service.changeAdminEmail(req.ctx, req.actor!, req.body);
    return { data: { email: req.body.newEmail }, message: translate('profile.adminEmailUpdated', req.lang) };
  });

  app.get('/available-years', { schema: { tags: ['company'], response: { 200: availableYearsAnswer } } }, async (req) => ({
    data: await service.availableYears(req.ctx),
  }));

  app.get('/tour/status', { schema: { tags: ['tour'], response: { 200: dataAnswer(tourStatus) } } }, async (req) => ({
    data: await service.tourStatus(req.ctx, req.actor!),
  }));
  app.post('/tour/complete', { schema: { tags: ['tour'], response: { 200: dataAnswer(tourStatus) } } }, async (req) => ({
    data: await service.setTourCompleted(req.ctx, req.actor!, true),
    message: translate('tour.completed', req.lang),
  }));
  app.post('/tour/reset', { schema: { tags: ['tour'], response: { 200: dataAnswer(tourStatus) } } }, async (req) => ({
    data: await service.setTourCompleted(req.ctx, req.actor!, false),
    message: translate('tour.reset', req.lang),
  }));
};
