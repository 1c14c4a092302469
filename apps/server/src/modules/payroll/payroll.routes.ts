import {
  messageAnswer,
  overtimeApprovalInput,
  payrollQuery,
  payrollResponse,
  payrollRulesInput,
  payrollSettingsAnswer,
  sessionErrorAnswers,
  translate,
} from '@presente/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { setOvertimeApproval } from './overtime.service.js';
import * as payroll from './payroll.service.js';
import { payrollSettings, savePayrollRules } from './rules.service.js';

/** The payroll summary of the admin's company (decision 0047): JSON, or `format=xlsx|csv` for the file. */
export const payrollRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/reports/payroll',
    {
      schema: {
        tags: ['reports'],
        summary: 'Payroll summary for a period (at most 62 days), per employee',
        description:
          'from..to (YYYY-MM-DD, both included). Without `format` the JSON below; `format=xlsx|csv` one row per employee. 400 `validation_failed` for a bad period.',
        querystring: payrollQuery,
        response: { 200: payrollResponse },
      },
    },
    async (req, reply) => {
      const data = await payroll.companyPayroll(req.ctx, req.query.from, req.query.to, new Date());
      if (!req.query.format) return { data };
      const file = await payroll.payrollFile(data, req.query.format, req.lang);
      return reply
        .header('Content-Type', file.type)
        .header('Content-Disposition', `attachment; filename="${file.fileName}"`)
        .header('Cache-Control', 'no-store')
        .send(file.body as never); // A file, not the JSON schema: Fastify sends a Buffer or typed string unserialized.
    },
  );

  app.get(
    '/payroll/settings',
    {
      schema: {
        tags: ['reports'],
        summary: "The company's payroll rules (daily and weekly hours, overtime bands and approval, night window, rest day)",
        response: { 200: payrollSettingsAnswer, ...sessionErrorAnswers() },
      },
    },
    async (req) => ({ data: await payrollSettings(req.ctx) }),
  );

  app.put(
    '/payroll/settings',
    {
      schema: {
        tags: ['reports'],
        summary: "Sets the company's payroll rules, within its country's legal maxima (Peru: 8 h a day, 48 h a week)",
        body: payrollRulesInput,
        response: { 200: payrollSettingsAnswer, ...sessionErrorAnswers() },
      },
    },
    async (req) => ({ data: await savePayrollRules(req.ctx, req.body), message: translate('payroll.rules.saved', req.lang) }),
  );

  app.put(
    '/payroll/overtime-approvals',
    {
      schema: {
        tags: ['reports'],
        summary: "Approves (approved: true) or withdraws the approval of one day's overtime of an employee; the payroll pays approved overtime in its bands",
        body: overtimeApprovalInput,
        response: { 200: messageAnswer, ...sessionErrorAnswers(404) },
      },
    },
    async (req) => {
      await setOvertimeApproval(req.ctx, req.body);
      return { message: translate(req.body.approved ? 'payroll.overtime.approved' : 'payroll.overtime.withdrawn', req.lang) };
    },
  );
};
