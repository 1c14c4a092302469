import { payrollQuery, payrollResponse } from '@presente/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as payroll from './payroll.service.js';

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
};
