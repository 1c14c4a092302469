import {
  dataAnswer,
  messageAnswer,
  ownEmailAnswer,
  superAdminAdminStatus,
  superAdminChangeEmailInput,
  superAdminChangePasswordInput,
  superAdminCompany,
  superAdminCompanyCreateInput,
  superAdminCompanyListAnswer,
  superAdminCompanyListQuery,
  superAdminCompanySavedAnswer,
  superAdminCompanyUpdateInput,
  superAdminDashboard,
  superAdminToggleAdminInput,
  translate,
} from '@presente/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clearBillingFlag } from '../billing/flag.service.js';
import * as account from './account.service.js';
import { getCompany, listCompanies } from './companies.query.js';
import * as companies from './companies.service.js';
import { dashboard } from './dashboard.service.js';

const idParams = z.object({ id: z.uuid('validation.invalid') });
const tags = ['super-admin'];

/** The platform operator's API (spec §7 "Super admin"): companies, their admins, the dashboard, own account. */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  // At onRequest, before body validation: an anonymous or other-role caller learns nothing about payloads.
  app.addHook('onRequest', app.requireRole('SUPER_ADMIN'));

  app.get('/super-admin/dashboard', { schema: { tags, response: { 200: dataAnswer(superAdminDashboard) } } }, async (req) => ({
    data: await dashboard(req.ctx),
  }));

  app.get(
    '/super-admin/companies',
    {
      schema: {
        tags,
        querystring: superAdminCompanyListQuery,
        response: { 200: superAdminCompanyListAnswer },
      },
    },
    async (req) => listCompanies(req.ctx, req.query),
  );

  app.get('/super-admin/companies/:id', { schema: { tags, params: idParams, response: { 200: dataAnswer(superAdminCompany) } } }, async (req) => ({
    data: await getCompany(req.ctx, req.params.id),
  }));

  app.post(
    '/super-admin/companies',
    {
      schema: {
        tags,
        body: superAdminCompanyCreateInput,
        response: { 201: superAdminCompanySavedAnswer },
      },
    },
    async (req, reply) => {
      const { company, warningKey } = await companies.createCompany(req.ctx, req.body);
      return reply.code(201).send({
        data: company,
        message: translate('admin.companyCreated', req.lang),
        ...(warningKey ? { warning: translate(warningKey, req.lang) } : {}),
      });
    },
  );

  app.put(
    '/super-admin/companies/:id',
    { schema: { tags, params: idParams, body: superAdminCompanyUpdateInput, response: { 200: superAdminCompanySavedAnswer } } },
    async (req) => ({
      data: await companies.updateCompany(req.ctx, req.params.id, req.body),
      message: translate('admin.companyUpdated', req.lang),
    }),
  );

  app.delete('/super-admin/companies/:id', { schema: { tags, params: idParams, response: { 200: messageAnswer } } }, async (req) => {
    await companies.deleteCompany(req.ctx, req.params.id);
    return { message: translate('admin.companyDeleted', req.lang) };
  });

  // Closes the "Revisar cobro" review once the super admin has checked the payment in PayPal (decision 0041).
  app.delete(
    '/super-admin/companies/:id/billing-flag',
    { schema: { tags, params: idParams, response: { 200: dataAnswer(superAdminCompany) } } },
    async (req) => ({ data: await clearBillingFlag(req.ctx, req.params.id), message: translate('admin.billingFlagCleared', req.lang) }),
  );

  app.patch(
    '/super-admin/companies/:id/admin/toggle-status',
    { schema: { tags, params: idParams, body: superAdminToggleAdminInput, response: { 200: dataAnswer(superAdminAdminStatus) } } },
    async (req) => {
      const data = await companies.setAdminActive(req.ctx, req.params.id, req.body.isActive);
      return { data, message: translate(data.isActive ? 'admin.adminActivated' : 'admin.adminDeactivated', req.lang) };
    },
  );

  app.get(
    '/super-admin/companies/:id/admin/status',
    { schema: { tags, params: idParams, response: { 200: dataAnswer(superAdminAdminStatus) } } },
    async (req) => ({ data: await companies.adminStatus(req.ctx, req.params.id) }),
  );

  app.patch('/super-admin/change-password', { schema: { tags, body: superAdminChangePasswordInput, response: { 200: messageAnswer } } }, async (req) => {
    await account.changePassword(req.ctx, req.body);
    return { message: translate('admin.passwordChanged', req.lang) };
  });

  app.patch('/super-admin/change-email', { schema: { tags, body: superAdminChangeEmailInput, response: { 200: ownEmailAnswer } } }, async (req) => ({
    data: await account.changeEmail(req.ctx, req.body),
    message: translate('admin.emailChanged', req.lang),
  }));
};
