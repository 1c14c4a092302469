import {
  areaErrorAnswers,
  employeeEmailInput,
  employeePasswordInput,
  employeeProfileGetAnswer,
  employeeProfileInput,
  employeeProfileSavedAnswer,
  messageAnswer,
  ownEmailAnswer,
  translate,
} from '@presente/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as service from './profile.service.js';

/** The employee's profile, password and email (under /employee). */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['employee'];
  app.get('/profile', { schema: { tags, response: { 200: employeeProfileGetAnswer, ...areaErrorAnswers } } }, async (req) => ({
    data: await service.getProfile(req.ctx),
  }));

  app.put('/profile', { schema: { tags, body: employeeProfileInput, response: { 200: employeeProfileSavedAnswer, ...areaErrorAnswers } } }, async (req) => ({
    data: await service.updateProfile(req.ctx, req.body),
    message: translate('employeeArea.profileUpdated', req.lang),
  }));

  app.put('/profile/password', { schema: { tags, body: employeePasswordInput, response: { 200: messageAnswer, ...areaErrorAnswers } } }, async (req) => {
    await service.changePassword(req.ctx, req.body);
    return { message: translate('employeeArea.passwordChanged', req.lang) };
  });

  app.put('/profile/email', { schema: { tags, body: employeeEmailInput, response: { 200: ownEmailAnswer, ...areaErrorAnswers } } }, async (req) => ({
    data: await service.changeEmail(req.ctx, req.body),
    message: translate('employeeArea.emailChanged', req.lang),
  }));
};
