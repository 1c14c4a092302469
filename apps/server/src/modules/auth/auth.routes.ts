import {
  altchaChallenge,
  captchaConfig,
  companyConfig as companyConfigSchema,
  dataAnswer,
  emailChangeUndoInput,
  forgotPasswordInput,
  loginInput,
  messageAnswer,
  ownEmailAnswer,
  registerInput,
  resetPasswordInput,
  resetTokenCheckAnswer,
  resetTokenCheckInput,
  sessionAnswer,
  signedInAnswer,
  socketTokenAnswer,
  translate,
} from '@presente/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { afterAnswer } from '../../lib/after-answer.js';
import { clearSessionCookie, SESSION_COOKIE, setSessionCookie } from '../../plugins/auth.js';
import { undoEmailChange } from '../account/own-account.service.js';
import * as auth from './auth.service.js';

const ANY_ROLE = ['SUPER_ADMIN', 'COMPANY_ADMIN', 'EMPLOYEE'] as const;
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  /** Per-IP limits of the public auth calls (the per-account login limit lives in the service). */
  const perIp = (max: number, minutes = 1) => ({ rateLimit: { max: max * app.deps.config.RATE_LIMIT_SCALE, timeWindow: minutes * 60_000 } });
  app.get('/auth/captcha', { schema: { tags: ['auth'], response: { 200: dataAnswer(captchaConfig) } } }, async () => {
    const { captcha } = app.deps;
    return {
      data: {
        provider: captcha.provider,
        ...(captcha.siteKey ? { siteKey: captcha.siteKey } : {}),
        ...(captcha.provider === 'altcha' ? { challengeUrl: '/api/auth/altcha/challenge' } : {}),
      },
    };
  });

  // The ALTCHA widget fetches this itself and expects the bare challenge, not an envelope.
  app.get('/auth/altcha/challenge', { config: perIp(60), schema: { tags: ['auth'], hide: true, response: { 200: altchaChallenge } } }, async (_req, reply) => {
    reply.header('Cache-Control', 'no-store');
    return (await app.deps.captcha.challenge()) as z.output<typeof altchaChallenge>;
  });

  app.post(
    '/auth/login',
    {
      config: perIp(20),
      schema: { tags: ['auth'], body: loginInput, response: { 200: dataAnswer(signedInAnswer) } },
    },
    async (req, reply) => {
      const { token, user, companyConfig } = await auth.login(req.ctx, req.body, req.cookies[SESSION_COOKIE]);
      setSessionCookie(reply, req, token);
      return { data: { user, companyConfig }, message: translate('auth.loginSuccess', req.lang) };
    },
  );

  app.post('/auth/logout', { config: { registerOnly: true }, schema: { tags: ['auth'], response: { 200: messageAnswer } } }, async (req, reply) => {
    await auth.logout(req.ctx);
    clearSessionCookie(reply);
    return { message: translate('auth.logoutSuccess', req.lang) };
  });

  const sessionOf = async (req: FastifyRequest) => {
    const actor = req.actor!;
    return {
      user: auth.toSessionUser({ id: actor.userId, name: actor.name, email: actor.email, role: actor.role, companyId: actor.companyId }, actor.registerOnly),
      companyConfig: await auth.companyConfig(req.ctx, actor),
    };
  };

  app.get(
    '/auth/verify',
    {
      config: { registerOnly: true },
      preHandler: app.requireRole(...ANY_ROLE),
      schema: { tags: ['auth'], response: { 200: dataAnswer(signedInAnswer) } },
    },
    async (req) => ({ data: await sessionOf(req) }),
  );

  // Extension (decision 0036): the same answer as /auth/verify, but signed out is an expected 200 with user null,
  // not a 401, so a visitor's browser logs no error on the public pages. The web app asks this one.
  app.get(
    '/auth/session',
    {
      config: { registerOnly: true },
      schema: { tags: ['auth'], response: { 200: dataAnswer(sessionAnswer) } },
    },
    async (req) => ({ data: req.actor ? await sessionOf(req) : { user: null } }),
  );

  app.get(
    '/auth/company-config',
    {
      config: { registerOnly: true },
      preHandler: app.requireRole(...ANY_ROLE),
      schema: { tags: ['auth'], response: { 200: dataAnswer(companyConfigSchema) } },
    },
    async (req) => ({ data: await auth.companyConfig(req.ctx, req.actor!) }),
  );

  app.get(
    '/auth/socket-token',
    { preHandler: app.requireRole(...ANY_ROLE), schema: { tags: ['auth'], response: { 200: socketTokenAnswer } } },
    async (req) => ({ data: { token: auth.socketToken(req.ctx, req.actor!) } }),
  );

  app.post(
    '/auth/register',
    {
      config: perIp(10, 10),
      schema: {
        tags: ['auth'],
        description:
          'Answers 201 with the same sentence whether the admin email was free (the company is created) or already had an account (nothing is created; that account is mailed that someone tried): the answer tells no one which addresses exist (decision 0031).',
        body: registerInput,
        response: { 201: messageAnswer },
      },
    },
    async (req, reply) => {
      const { taken } = await auth.registerCompany(req.ctx, req.body);
      if (taken) afterAnswer(reply, 'registration attempt mail', () => auth.mailRegistrationAttempt(req.ctx, taken));
      return reply.code(201).send({ message: translate('auth.registerSuccess', req.lang) });
    },
  );

  app.post(
    '/auth/forgot-password',
    { config: perIp(5, 15), schema: { tags: ['auth'], body: forgotPasswordInput, response: { 200: messageAnswer } } },
    async (req, reply) => {
      // Nothing is looked up before the answer: a known and an unknown address answer after the same work (decision 0031).
      afterAnswer(reply, 'forgot-password', () => auth.forgotPassword(req.ctx, req.body));
      return { message: translate('auth.forgotSuccess', req.lang) };
    },
  );

  // The old address's link after an email change (decision 0025): puts it back and ends every session.
  app.post(
    '/auth/email-change/undo',
    {
      config: perIp(10, 15),
      schema: { tags: ['auth'], body: emailChangeUndoInput, response: { 200: ownEmailAnswer } },
    },
    async (req) => ({ message: translate('account.emailRestored', req.lang), data: await undoEmailChange(req.ctx, req.body.token) }),
  );

  app.post(
    '/auth/reset-password/check',
    {
      config: perIp(30, 15),
      schema: { tags: ['auth'], body: resetTokenCheckInput, response: { 200: resetTokenCheckAnswer } },
    },
    async (req) => {
      await auth.checkResetToken(req.ctx, req.body.token);
      return { data: { valid: true as const } };
    },
  );

  app.post(
    '/auth/reset-password',
    { config: perIp(10, 15), schema: { tags: ['auth'], body: resetPasswordInput, response: { 200: messageAnswer } } },
    async (req) => {
      await auth.resetPassword(req.ctx, req.body);
      return { message: translate('auth.resetSuccess', req.lang) };
    },
  );
};
