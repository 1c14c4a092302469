/**
 * Spec §7 "Employee" (under /employee) and "Payments (company admin)", replayed with the spec's own payloads
 * (issue 20 item 4). Payments run against the built-in PayPal simulator; the buyer's approval on the provider's
 * page (not a §7 call) happens between the calls, as in the browser.
 */
import { beforeAll, describe, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { TEST_PASSWORD, type TestUser } from '../../test/factories.js';
import { type CompanyFixtures, companyFixtures } from './fixtures.js';
import { type Actors, replay, type SpecCall } from './replay.js';

let t: TestApp;
interface F extends CompanyFixtures {
  payer: TestUser;
  payerActors: Actors;
  subscriptionId?: string;
  revisionId?: string;
  approve: (approvalUrl: string) => Promise<void>;
}
let f: F;

beforeAll(async () => {
  t = await createTestApp();
  const base = await companyFixtures(t);
  // The payer: a FREE company with 3 employees (the subscription flow starts from FREE).
  const company = await t.factories.company({ name: 'Bodega Don Lucho' });
  const payer = await t.factories.companyAdmin({ companyId: company.id });
  for (let i = 0; i < 3; i++) await t.factories.employee(company.id);
  f = {
    ...base,
    payer,
    payerActors: { ...base.actors, admin: payer },
    async approve(approvalUrl) {
      const res = await t.anon.post(new URL(approvalUrl).pathname, 'decision=approve', { 'content-type': 'application/x-www-form-urlencoded' });
      if (res.statusCode !== 303) throw new Error(`simulator approval: ${res.statusCode}`);
    },
  };
});

const E = '/employee';
const page = {
  data: 'array',
  'pagination.page': 'number',
  'pagination.limit': 'number',
  'pagination.total': 'number',
  'pagination.totalPages': 'number',
} as const;

const employeeCalls: SpecCall<F>[] = [
  {
    spec: 'GET dashboard',
    who: 'employee',
    method: 'GET',
    path: `${E}/dashboard`,
    status: 200,
    fields: {
      'data.employee': 'object',
      'data.schedule': 'object?',
      'data.stats.todayHours': 'number',
      'data.stats.weeklyHours': 'number',
      'data.stats.monthlyHours': 'number',
      'data.stats.monthlyDays': 'number',
    },
  },
  {
    spec: 'GET profile',
    who: 'employee',
    method: 'GET',
    path: `${E}/profile`,
    status: 200,
    fields: { 'data.id': 'string', 'data.firstName': 'string', 'data.lastName': 'string', 'data.email': 'string', 'data.employeeCode': 'string' },
  },
  {
    // The payload is not shown: a client sends back the profile it read, with its change.
    spec: 'PUT profile',
    who: 'employee',
    method: 'PUT',
    path: `${E}/profile`,
    body: async (x) => ({ ...(await t.as(x.worker.account).get(`/api${E}/profile`)).json().data, phone: '+51 912 345 678' }),
    status: 200,
    fields: { message: 'string' },
  },
  {
    spec: 'PUT profile/password {currentPassword, newPassword}',
    who: 'employee',
    method: 'PUT',
    path: `${E}/profile/password`,
    body: { currentPassword: TEST_PASSWORD, newPassword: 'nueva-123' },
    status: 200,
    message: 'Contraseña cambiada exitosamente',
  },
  {
    spec: 'PUT profile/email {newEmail}',
    who: 'employee',
    method: 'PUT',
    path: `${E}/profile/email`,
    body: { newEmail: 'trabajador-contrato@example.com' },
    status: 200,
    message: 'Email cambiado exitosamente',
  },
  { spec: 'GET attendance/today', who: 'employee', method: 'GET', path: `${E}/attendance/today`, status: 200, fields: { data: 'object?' } },
  {
    spec: 'GET attendance/history (page, limit=10)',
    who: 'employee',
    method: 'GET',
    path: `${E}/attendance/history?page=1&limit=10`,
    status: 200,
    fields: page,
  },
  {
    spec: 'POST attendance/check-in (optional location {latitude, longitude})',
    who: 'employee',
    method: 'POST',
    path: `${E}/attendance/check-in`,
    body: { location: { latitude: -12.0464, longitude: -77.0428 } },
    // The spec shows no status or fields here (a 2xx is success): the record made is answered, 201.
    status: 201,
    fields: { 'data.record.checkIn': 'string', 'data.record.location.latitude': 'number', message: 'string' },
    message: 'Entrada registrada exitosamente',
  },
  {
    spec: 'POST attendance/check-out (optional location {latitude, longitude})',
    who: 'employee',
    method: 'POST',
    path: `${E}/attendance/check-out`,
    body: {},
    status: 200,
    fields: { 'data.record.checkIn': 'string', 'data.record.checkOut': 'string', message: 'string' },
    message: 'Salida registrada exitosamente',
  },
  {
    spec: 'GET attendance/stats (period, default month)',
    who: 'employee',
    method: 'GET',
    path: `${E}/attendance/stats`,
    status: 200,
    fields: { data: 'object' },
  },
  {
    spec: 'GET attendance/calendar (month, year; response days[])',
    who: 'employee',
    method: 'GET',
    path: (x) => `${E}/attendance/calendar?month=${Number(x.today.slice(5, 7))}&year=${x.today.slice(0, 4)}`,
    status: 200,
    fields: { 'data.days': 'array', 'data.days.0.date': 'string', 'data.days.0.status': 'string' },
  },
  { spec: 'GET work-info', who: 'employee', method: 'GET', path: `${E}/work-info`, status: 200, fields: { data: 'object' } },
  { spec: 'GET available-years', who: 'employee', method: 'GET', path: `${E}/available-years`, status: 200, fields: { data: 'array', 'data.0': 'number' } },
  {
    spec: 'GET activity (filter, page, limit=10, optional startDate, endDate)',
    who: 'employee',
    method: 'GET',
    path: (x) => `${E}/activity?filter=all&page=1&limit=10&startDate=${x.day(1)}&endDate=${x.today}`,
    status: 200,
    fields: { ...page, 'data.0.id': 'string', 'data.0.type': 'string', 'data.0.title': 'string', 'data.0.timestamp': 'string' },
  },
];

const P = '/paypal';
const paymentCalls: SpecCall<F>[] = [
  {
    spec: 'GET /paypal/employee-price: success, pricePerEmployee',
    who: 'admin',
    method: 'GET',
    path: `${P}/employee-price`,
    status: 200,
    fields: { 'data.success': 'boolean', 'data.pricePerEmployee': 'number' },
  },
  {
    spec: 'POST /paypal/create-plan {companyId, employeeCount, companyName}: success, planId, message',
    who: 'admin',
    method: 'POST',
    path: `${P}/create-plan`,
    body: (x) => ({ companyId: x.payer.companyId, employeeCount: 8, companyName: 'Bodega Don Lucho' }),
    status: 200,
    fields: { 'data.success': 'boolean', 'data.planId': 'string', message: 'string' },
  },
  {
    spec: 'POST /paypal/confirm-subscription {subscriptionId, companyId, employeeCount}: success, message',
    who: 'admin',
    method: 'POST',
    path: `${P}/confirm-subscription`,
    body: (x) => ({ subscriptionId: x.subscriptionId, companyId: x.payer.companyId, employeeCount: 8 }),
    status: 200,
    fields: { 'data.success': 'boolean' },
    message: '¡Suscripción activada exitosamente!',
  },
  {
    spec: 'GET /paypal/subscription-details: subscription, company',
    who: 'admin',
    method: 'GET',
    path: `${P}/subscription-details`,
    status: 200,
    fields: {
      'data.subscription.id': 'string',
      'data.subscription.status': 'string',
      'data.subscription.billing_info.next_billing_time': 'string',
      'data.subscription.billing_info.last_payment.amount.value': 'string',
      'data.subscription.billing_info.last_payment.amount.currency_code': 'string',
      'data.subscription.billing_info.failed_payments_count': 'number',
      'data.company.nextBillingDate': 'string',
    },
  },
  {
    spec: 'POST /paypal/revise-subscription {companyId, companyName, employeeCount}: success, approvalUrl, automaticUpgrade, message',
    who: 'admin',
    method: 'POST',
    path: `${P}/revise-subscription`,
    body: (x) => ({ companyId: x.payer.companyId, companyName: 'Bodega Don Lucho', employeeCount: 12 }),
    status: 200,
    fields: { 'data.success': 'boolean', 'data.approvalUrl': 'string', 'data.automaticUpgrade': 'boolean', message: 'string' },
  },
  {
    spec: 'POST /paypal/confirm-revision {companyId, revisionId, employeeCount}',
    who: 'admin',
    method: 'POST',
    path: `${P}/confirm-revision`,
    body: (x) => ({ companyId: x.payer.companyId, revisionId: x.revisionId, employeeCount: 12 }),
    status: 200,
    fields: { message: 'string' },
  },
  {
    spec: 'POST /paypal/cancel-subscription {reason}',
    who: 'admin',
    method: 'POST',
    path: `${P}/cancel-subscription`,
    body: { reason: 'Ya no lo necesitamos' },
    status: 200,
    fields: { message: 'string' },
  },
];

describe('spec §7 Employee: the spec’s own payloads are accepted', () => {
  it.each(employeeCalls.map((c) => [c.spec, c] as const))('%s', async (_, call) => {
    await replay(t, f.actors, call, f);
  });
});

describe('spec §7 Payments: the spec’s own payloads are accepted', () => {
  it.each(paymentCalls.map((c) => [c.spec, c] as const))('%s', async (_, call) => {
    const res = await replay(t, f.payerActors, call, f);
    const data = res.json().data;
    // The buyer approves on the provider's page between the calls, as in the browser.
    if (call.path === `${P}/create-plan`) {
      f.subscriptionId = data.subscriptionId;
      await f.approve(data.approvalUrl);
    }
    if (call.path === `${P}/revise-subscription`) {
      f.revisionId = data.revisionId;
      await f.approve(data.approvalUrl);
    }
  });
});
