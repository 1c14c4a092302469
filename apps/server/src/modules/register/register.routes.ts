import { dataAnswer, FILE_TYPES, fileAnswer, REGISTER_FORMATS, registerSummary } from '@presente/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { registerLinkPage } from './register.page.js';
import * as register from './register.service.js';

const tags = ['register'];
const formatQuery = z.object({ format: z.enum(REGISTER_FORMATS, 'validation.invalid').default('xlsx'), lang: z.enum(['es', 'en']).optional() });
const month = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'register.rangeInvalid');
const rangeQuery = formatQuery.extend({ from: month, to: month });
/** The register as a file: Excel or PDF by `format`. */
const registerFile = {
  200: fileAnswer("Peru's attendance register (Excel by default, PDF with format=pdf), sent as an attachment.", [FILE_TYPES.xlsx, FILE_TYPES.pdf]),
};
/** The public link's page: the download buttons (200), or the link's end (410). */
const linkPage = {
  200: fileAnswer('The download page of the mailed register link.', [FILE_TYPES.html]),
  410: fileAnswer('The page saying the link has expired.', [FILE_TYPES.html]),
};

function sendFile(reply: FastifyReply, file: register.RegisterFile) {
  return reply
    .header('Content-Type', file.type)
    .header('Content-Disposition', `attachment; filename="${file.fileName}"`)
    .header('Cache-Control', 'no-store')
    .send(file.body);
}

/**
 * Peru's attendance register produced on the server, whole (every month kept; decision 0034): the company admin's
 * own (the one thing a register-only session may do), the super admin's copy of any company's (closed ones too,
 * for an inspection), and the 30-day link mailed when a company is closed.
 */
export const registerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/company-admin-simple/register',
    { config: { registerOnly: true }, preHandler: app.requireRole('COMPANY_ADMIN'), schema: { tags, querystring: formatQuery, response: registerFile } },
    async (req, reply) => sendFile(reply, await register.ownRegister(req.ctx, req.query.format, new Date(), req.query.lang)),
  );
  app.get(
    '/company-admin-simple/attendance/register',
    {
      preHandler: app.requireRole('COMPANY_ADMIN'),
      schema: {
        tags,
        summary: "Peru's attendance register for a month range (Excel or PDF)",
        description:
          'The one register (decision 0037): from..to months (YYYY-MM, at most 60), texts in `lang` or the admin language. ' +
          'A Peruvian company with workers lacking a valid identity document gets 422 `documents_missing`, the workers listed in `errors` (path `workers.<id>`).',
        querystring: rangeQuery,
        response: registerFile,
      },
    },
    async (req, reply) =>
      sendFile(reply, await register.ownRangeRegister(req.ctx, { from: req.query.from, to: req.query.to }, req.query.format, new Date(), req.query.lang)),
  );
  app.get(
    '/company-admin-simple/register/summary',
    { config: { registerOnly: true }, preHandler: app.requireRole('COMPANY_ADMIN'), schema: { tags, response: { 200: dataAnswer(registerSummary) } } },
    async (req) => ({ data: await register.ownRegisterSummary(req.ctx) }),
  );
  app.get(
    '/super-admin/companies/:id/register',
    {
      preHandler: app.requireRole('SUPER_ADMIN'),
      schema: { tags, params: z.object({ id: z.uuid('validation.invalid') }), querystring: formatQuery, response: registerFile },
    },
    async (req, reply) => sendFile(reply, await register.companyRegister(req.ctx, req.params.id, req.query.format, new Date(), req.query.lang)),
  );
  app.get(
    '/public/register/:token',
    { schema: { tags, params: z.object({ token: z.string().max(200) }), querystring: formatQuery.pick({ lang: true }), response: linkPage } },
    async (req, reply) => {
      const lang = req.query.lang ?? req.lang;
      let valid = true;
      try {
        await register.linkedCompany(req.ctx, req.params.token, new Date());
      } catch {
        valid = false;
      }
      return reply
        .code(valid ? 200 : 410)
        .header('Cache-Control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(registerLinkPage(lang, valid ? req.params.token : null));
    },
  );
  app.get(
    '/public/register/:token/file',
    { schema: { tags, params: z.object({ token: z.string().max(200) }), querystring: formatQuery, response: registerFile } },
    async (req, reply) => {
      const now = new Date();
      const companyId = await register.linkedCompany(req.ctx, req.params.token, now);
      return sendFile(reply, await register.registerFile(req.ctx, companyId, req.query.format, req.query.lang ?? req.lang, now));
    },
  );
};
