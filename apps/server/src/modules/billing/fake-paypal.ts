import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  addCycle,
  cents,
  type FakeEvent,
  overrideOf,
  payPalError,
  readBody,
  refundResource,
  refundSummary,
  saleResource,
  saleTotal,
  send,
  signatureValid,
  signDelivery,
} from './fake-paypal.shapes.js';

/**
 * Test support: a local stand-in for PayPal's REST API (OAuth client credentials, catalog products,
 * billing plans, subscriptions create/get/revise/cancel, verify-webhook-signature), held to PayPal's own
 * OpenAPI documents by paypal.contract.test.ts: PayPal's error bodies (name, message, debug_id, details[]),
 * idempotency by PayPal-Request-Id, inline plan overrides reported as plan_overridden, a revision approved
 * by the buyer and billed from the next cycle, and the webhook events PayPal would send for each step.
 */
export interface FakeSubscription {
  id: string;
  plan_id: string;
  quantity: string;
  custom_id: string | null;
  status: 'APPROVAL_PENDING' | 'APPROVED' | 'ACTIVE' | 'SUSPENDED' | 'CANCELLED' | 'EXPIRED';
  status_update_time: string;
  start_time: string;
  create_time: string;
  update_time: string;
  plan_overridden: boolean;
  billing_info: {
    outstanding_balance: { value: string; currency_code: string };
    next_billing_time?: string;
    last_payment?: { amount: { value: string; currency_code: string }; time: string };
    failed_payments_count: number;
  };
  /** The price per unit of an inline plan override (not shown: PayPal shows plan_overridden). */
  override: { price: string; currency: string } | null;
  pendingRevision: { plan_id: string; quantity: string; override: { price: string; currency: string } | null } | null;
  cancelReason?: string;
}
export interface FakePlan {
  id: string;
  product_id: string;
  price: string;
  currency: string;
  interval: string;
  quantity_supported: boolean;
}
export interface FakeSale {
  id: string;
  subscriptionId: string;
  total: string;
  currency: string;
  time: string;
  /** What has been refunded of it so far. */
  refunded: string;
}
/** One webhook delivery by HTTP POST (PayPal's own headers), and the app's answer (0: no answer). */
export interface FakeDelivery {
  event: FakeEvent;
  headers: Record<string, string>;
  body: string;
  status: number;
}
export type { FakeEvent } from './fake-paypal.shapes.js';

export const FAKE_CLIENT_ID = 'fake-client-id';
export const FAKE_SECRET = 'fake-secret';
/** PayPal's webhook ids are letters and digits only (its verify call refuses anything else). */
export const FAKE_WEBHOOK_ID = '8PT597110X687430LKGECATA';
/** The only header set the fake's verify call accepts. */
export const GOOD_WEBHOOK_HEADERS = {
  'paypal-auth-algo': 'SHA256withRSA',
  'paypal-cert-url': 'https://api.sandbox.paypal.com/v1/notifications/certs/CERT-360caa42-fca2a594-1d93a270',
  'paypal-transmission-id': 'b2384410-f8d2-11ec-8f6e-6b2a0e7d1f11',
  'paypal-transmission-sig': 'SIGFAKEGOOD0123456789',
  'paypal-transmission-time': '2026-03-01T10:00:00Z',
};

export interface FakePayPal {
  url: string;
  products: Map<string, { id: string; name: string }>;
  plans: Map<string, FakePlan>;
  subscriptions: Map<string, FakeSubscription>;
  sales: Map<string, FakeSale>;
  /** Requests received, "METHOD /path". */
  calls: string[];
  /** Requests that created something (a replayed PayPal-Request-Id creates nothing). */
  created: number;
  tokensIssued: number;
  /** How revise answers: an approval link (PayPal's usual), applied at once, or accepted and applied later. */
  reviseMode: 'approval' | 'automatic' | 'delayed';
  /** Verify calls received (their webhook_event exactly as sent). */
  verified: { body: Record<string, unknown> }[];
  tokenTtlSeconds: number;
  /** While true, every subscription call answers 503 (PayPal having an outage); OAuth still works. */
  outage: boolean;
  /** The next API calls fail: '500' answers 500 before doing anything; 'drop' does the work, then closes the connection unanswered. */
  failures: ('500' | 'drop')[];
  /** Every webhook event PayPal would have sent, in order. */
  events: FakeEvent[];
  /**
   * Where PayPal posts its webhooks (the app's /api/paypal/webhook); null: events are only kept in `events`.
   * Set, every event is POSTed there in order, signed as PayPal signs (SHA256withRSA over transmission id, time,
   * webhook id and the body's CRC-32), which the fake's verify-webhook-signature checks.
   */
  webhookUrl: string | null;
  /** Deliveries made, in order, with the app's answer. */
  deliveries: FakeDelivery[];
  /** Resolves once every delivery started so far has been answered (never a fixed wait). */
  flush(): Promise<FakeDelivery[]>;
  /** The fake's clock (event and payment times when none is given). */
  now: () => Date;
  /** The buyer approves on PayPal's page: ACTIVE with its first payment (or only APPROVED, `activate: false`). */
  approve(id: string, at?: Date, opts?: { activate?: boolean }): FakeSubscription;
  /** PayPal activates an APPROVED subscription and takes its first payment. */
  activate(id: string, at?: Date): FakeSubscription;
  /** The buyer approves a pending revision: the new quantity shows at once and is billed from the next cycle. */
  approveRevision(id: string): FakeSubscription;
  /** A billing cycle is charged: price x quantity (the override's price if any); returns the sale. */
  renew(id: string, at?: Date): FakeSale;
  /** A cycle's payment fails (3 failures suspend, PayPal's payment_failure_threshold). */
  failPayment(id: string): FakeSubscription;
  /** The buyer cancels from their PayPal account (ACTIVE or SUSPENDED only). */
  cancel(id: string, reason?: string): FakeSubscription;
  /** The merchant refunds a sale (all of it, or `amount` of it, e.g. "5.00"), or the buyer's bank reverses it. */
  refund(saleId: string, kind?: 'REFUNDED' | 'REVERSED', amount?: string): FakeEvent;
  /** Forgets every token (the next call gets a 401, as after an expiry on PayPal's side). */
  revokeTokens(): void;
  /** Events since the last call (to hand to the app's webhook). */
  takeEvents(): FakeEvent[];
  close(): Promise<void>;
}

export async function startFakePayPal(): Promise<FakePayPal> {
  const tokens = new Set<string>();
  /** PayPal-Request-Id -> the answer given (PayPal keeps them 72 hours). */
  const idempotent = new Map<string, { route: string; status: number; body: unknown }>();
  let delivered = 0;
  // PayPal's signing key for webhook deliveries (its certificate is at cert_url; here the fake keeps both halves).
  const keys = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  let posting: Promise<unknown> = Promise.resolve();
  const state = {
    products: new Map<string, { id: string; name: string }>(),
    plans: new Map<string, FakePlan>(),
    subscriptions: new Map<string, FakeSubscription>(),
    sales: new Map<string, FakeSale>(),
    calls: [] as string[],
    created: 0,
    tokensIssued: 0,
    reviseMode: 'approval' as FakePayPal['reviseMode'],
    verified: [] as { body: Record<string, unknown> }[],
    tokenTtlSeconds: 32400,
    outage: false,
    failures: [] as ('500' | 'drop')[],
    events: [] as FakeEvent[],
    webhookUrl: null as string | null,
    deliveries: [] as FakeDelivery[],
    now: () => new Date(),
  };
  const certUrl = () => `${url}/v1/notifications/certs/CERT-360caa42-fca2a594-fake0001`;
  /** Posts one event to the app as PayPal does, after the ones before it (PayPal retries a non-2xx later; the test reads the status). */
  const post = (event: FakeEvent) => {
    const target = state.webhookUrl;
    if (!target) return;
    const body = JSON.stringify(event);
    const headers = signDelivery(keys.privateKey, certUrl(), FAKE_WEBHOOK_ID, body, iso());
    const delivery: FakeDelivery = { event, headers, body, status: 0 };
    state.deliveries.push(delivery);
    posting = posting.then(() =>
      fetch(target, { method: 'POST', headers, body })
        .then(async (res) => {
          delivery.status = res.status;
          await res.text();
        })
        .catch(() => undefined),
    );
  };
  let url = '';
  const id = (prefix: string, n = 8) => `${prefix}-${randomBytes(n).toString('hex').toUpperCase()}`;
  const iso = (d?: Date) => (d ?? state.now()).toISOString();
  const selfLink = (s: FakeSubscription) => ({ href: `${url}/v1/billing/subscriptions/${s.id}`, rel: 'self', method: 'GET' });
  const approveLink = (s: FakeSubscription) => ({ href: `${url}/webapps/billing/subscriptions?ba_token=BA-${s.id}`, rel: 'approve', method: 'GET' });
  const view = (s: FakeSubscription) => {
    const { pendingRevision: _p, cancelReason: _c, override: _o, ...rest } = s;
    return { ...rest, links: s.status === 'APPROVAL_PENDING' ? [approveLink(s), selfLink(s)] : [selfLink(s)] };
  };
  const priceOf = (s: FakeSubscription) => {
    const plan = state.plans.get(s.plan_id)!;
    return s.override ?? { price: plan.price, currency: plan.currency };
  };
  const touch = (s: FakeSubscription, status?: FakeSubscription['status']) => {
    s.update_time = iso();
    if (status && status !== s.status) {
      s.status = status;
      s.status_update_time = s.update_time;
    }
  };
  const emit = (event_type: string, resource_type: string, resource: object, summary: string): FakeEvent => {
    const eventId = `WH-${randomBytes(9).toString('hex').toUpperCase()}`;
    const event: FakeEvent = {
      id: eventId,
      event_version: '1.0',
      create_time: iso(),
      resource_type,
      resource_version: resource_type === 'subscription' ? '2.0' : '1.0',
      event_type,
      summary,
      resource,
      links: [
        { href: `${url}/v1/notifications/webhooks-events/${eventId}`, rel: 'self', method: 'GET' },
        { href: `${url}/v1/notifications/webhooks-events/${eventId}/resend`, rel: 'resend', method: 'POST' },
      ],
    };
    state.events.push(event);
    post(event);
    return event;
  };
  const emitSub = (type: string, s: FakeSubscription, summary: string) => emit(type, 'subscription', view(s), summary);
  const charge = (s: FakeSubscription, at: Date): FakeSale => {
    const { price, currency } = priceOf(s);
    const value = ((cents(price) * Number(s.quantity)) / 100).toFixed(2);
    const plan = state.plans.get(s.plan_id)!;
    const previous = s.billing_info.next_billing_time ? new Date(s.billing_info.next_billing_time) : at;
    s.billing_info = {
      ...s.billing_info,
      failed_payments_count: 0,
      last_payment: { amount: { value, currency_code: currency }, time: iso(at) },
      next_billing_time: iso(addCycle(previous > at ? previous : at, plan.interval)),
    };
    touch(s);
    const sale: FakeSale = { id: id('SALE', 6), subscriptionId: s.id, total: value, currency, time: iso(at), refunded: '0.00' };
    state.sales.set(sale.id, sale);
    emit('PAYMENT.SALE.COMPLETED', 'sale', saleResource(url, sale, s.custom_id), `Payment completed for ${saleTotal(value)} ${currency}`);
    return sale;
  };

  const cancelSub = (s: FakeSubscription, reason: string) => {
    touch(s, 'CANCELLED');
    s.cancelReason = reason;
    s.billing_info = {
      outstanding_balance: s.billing_info.outstanding_balance,
      failed_payments_count: s.billing_info.failed_payments_count,
      last_payment: s.billing_info.last_payment,
    };
    emitSub('BILLING.SUBSCRIPTION.CANCELLED', s, 'Subscription cancelled');
  };

  /** What one API request does; answers through `reply` so the idempotency store sees it. */
  function handle(method: string, path: string, body: Record<string, unknown>, headers: IncomingMessage['headers']): { status: number; body?: unknown } {
    const reply = (status: number, b?: unknown) => ({ status, body: b });
    const fail = (status: number, issue?: string, field?: string) => reply(status, payPalError(status, issue, field));
    if (method === 'POST' && path === '/v1/catalogs/products') {
      if (!body.name || !body.type) return fail(400, 'MISSING_REQUIRED_PARAMETER', !body.name ? '/name' : '/type');
      const p = { id: id('PROD'), name: String(body.name) };
      state.products.set(p.id, p);
      state.created++;
      const now = iso();
      return reply(201, { ...p, description: body.description, type: body.type, category: body.category, create_time: now, update_time: now });
    }
    if (method === 'POST' && path === '/v1/billing/plans') {
      if (!state.products.has(String(body.product_id))) return fail(400, 'INVALID_PARAMETER_VALUE', '/product_id');
      const cycles = body.billing_cycles as {
        frequency: { interval_unit: string };
        pricing_scheme: { fixed_price: { value: string; currency_code: string } };
      }[];
      const plan: FakePlan = {
        id: id('P', 12),
        product_id: String(body.product_id),
        price: cycles[0].pricing_scheme.fixed_price.value,
        currency: cycles[0].pricing_scheme.fixed_price.currency_code,
        interval: cycles[0].frequency.interval_unit,
        quantity_supported: body.quantity_supported === true,
      };
      state.plans.set(plan.id, plan);
      state.created++;
      const now = iso();
      const representation = String(headers.prefer ?? '').includes('return=representation');
      const links = [{ href: `${url}/v1/billing/plans/${plan.id}`, rel: 'self', method: 'GET' }];
      return reply(
        201,
        representation
          ? {
              id: plan.id,
              product_id: plan.product_id,
              name: body.name,
              status: 'ACTIVE',
              billing_cycles: body.billing_cycles,
              payment_preferences: body.payment_preferences,
              quantity_supported: plan.quantity_supported,
              create_time: now,
              update_time: now,
              links,
            }
          : { id: plan.id, product_id: plan.product_id, name: body.name, status: 'ACTIVE', create_time: now, links },
      );
    }
    if (method === 'POST' && path === '/v1/billing/subscriptions') {
      if (!body.plan_id) return fail(400, 'MISSING_REQUIRED_PARAMETER', '/plan_id');
      const plan = state.plans.get(String(body.plan_id));
      if (!plan) return fail(400, 'INVALID_PARAMETER_VALUE', '/plan_id');
      if (body.quantity !== undefined && !plan.quantity_supported) return fail(422, 'SUBSCRIPTION_CANNOT_HAVE_QUANTITY');
      const override = overrideOf(body.plan);
      const now = iso();
      const s: FakeSubscription = {
        id: id('I', 6),
        plan_id: plan.id,
        quantity: String(body.quantity ?? '1'),
        custom_id: (body.custom_id as string) ?? null,
        status: 'APPROVAL_PENDING',
        status_update_time: now,
        start_time: typeof body.start_time === 'string' ? body.start_time : now,
        create_time: now,
        update_time: now,
        plan_overridden: !!body.plan,
        billing_info: { outstanding_balance: { value: '0.00', currency_code: override?.currency ?? plan.currency }, failed_payments_count: 0 },
        override,
        pendingRevision: null,
      };
      state.subscriptions.set(s.id, s);
      state.created++;
      const representation = String(headers.prefer ?? '').includes('return=representation');
      return reply(
        201,
        representation ? view(s) : { id: s.id, status: s.status, status_update_time: now, create_time: now, links: [approveLink(s), selfLink(s)] },
      );
    }
    if (method === 'POST' && path === '/v1/notifications/verify-webhook-signature') {
      state.verified.push({ body });
      const missing = ['auth_algo', 'cert_url', 'transmission_id', 'transmission_sig', 'transmission_time', 'webhook_id', 'webhook_event'].find(
        (k) => !body[k],
      );
      if (missing || !/^[a-zA-Z0-9]+$/.test(String(body.webhook_id))) {
        return reply(400, {
          name: 'VALIDATION_ERROR',
          message: 'Invalid request - see details',
          debug_id: id('dbg', 6).toLowerCase(),
          details: [{ field: missing ?? 'webhook_id', issue: missing ? 'Required field is missing' : 'Invalid value' }],
        });
      }
      // A delivery the fake signed itself (its own certificate), checked as PayPal checks it.
      if (body.cert_url === certUrl()) {
        return reply(200, { verification_status: body.webhook_id === FAKE_WEBHOOK_ID && signatureValid(keys.publicKey, body) ? 'SUCCESS' : 'FAILURE' });
      }
      // The fixed sample headers the tests hand-deliver with.
      const ok =
        body.webhook_id === FAKE_WEBHOOK_ID &&
        body.auth_algo === GOOD_WEBHOOK_HEADERS['paypal-auth-algo'] &&
        body.cert_url === GOOD_WEBHOOK_HEADERS['paypal-cert-url'] &&
        body.transmission_id === GOOD_WEBHOOK_HEADERS['paypal-transmission-id'] &&
        body.transmission_sig === GOOD_WEBHOOK_HEADERS['paypal-transmission-sig'] &&
        body.transmission_time === GOOD_WEBHOOK_HEADERS['paypal-transmission-time'] &&
        typeof body.webhook_event === 'object';
      return reply(200, { verification_status: ok ? 'SUCCESS' : 'FAILURE' });
    }
    if (state.outage && path.startsWith('/v1/billing/subscriptions')) return fail(503);
    const m = path.match(/^\/v1\/billing\/subscriptions\/([^/]+)(\/(revise|cancel))?$/);
    if (m) {
      const s = state.subscriptions.get(decodeURIComponent(m[1]));
      if (!s) return fail(404, 'INVALID_RESOURCE_ID');
      if (method === 'GET' && !m[2]) return reply(200, view(s));
      if (method === 'POST' && m[3] === 'cancel') {
        if (!body.reason) return fail(400, 'MISSING_REQUIRED_PARAMETER', '/reason');
        if (s.status !== 'ACTIVE' && s.status !== 'SUSPENDED') return fail(422, 'SUBSCRIPTION_STATUS_INVALID');
        cancelSub(s, String(body.reason));
        return reply(204);
      }
      if (method === 'POST' && m[3] === 'revise') {
        // PayPal's revise-422 names no status issue: a subscription it cannot revise gets the bare 422.
        if (s.status !== 'ACTIVE') return fail(422);
        const planId = String(body.plan_id ?? s.plan_id);
        const next = state.plans.get(planId);
        if (!next) return fail(400, 'INVALID_PARAMETER_VALUE', '/plan_id');
        if (next.product_id !== state.plans.get(s.plan_id)?.product_id) return fail(422, 'PLAN_PRODUCT_NOT_COMPATIBLE');
        const revision = { plan_id: planId, quantity: String(body.quantity ?? s.quantity), override: overrideOf(body.plan) };
        const answer = { plan_id: revision.plan_id, quantity: revision.quantity, plan_overridden: !!body.plan };
        if (state.reviseMode === 'automatic') {
          Object.assign(s, { plan_id: revision.plan_id, quantity: revision.quantity, override: revision.override, plan_overridden: !!body.plan });
          touch(s);
          emitSub('BILLING.SUBSCRIPTION.UPDATED', s, 'Subscription updated');
          return reply(200, { ...answer, links: [] });
        }
        s.pendingRevision = revision;
        const links =
          state.reviseMode === 'approval' ? [{ href: `${url}/webapps/billing/subscriptions/update?ba_token=BA-R-${s.id}`, rel: 'approve', method: 'GET' }] : [];
        return reply(200, { ...answer, links });
      }
    }
    return fail(404);
  }

  const server: Server = createServer(async (req, res) => {
    const path = (req.url ?? '').split('?')[0];
    const method = req.method ?? 'GET';
    state.calls.push(`${method} ${path}`);
    const raw = await readBody(req);
    if (method === 'POST' && path === '/v1/oauth2/token') {
      const expected = `Basic ${Buffer.from(`${FAKE_CLIENT_ID}:${FAKE_SECRET}`).toString('base64')}`;
      if (req.headers.authorization !== expected || raw !== 'grant_type=client_credentials') {
        return send(res, 401, { error: 'invalid_client', error_description: 'Client Authentication failed' });
      }
      const token = `A21-${randomBytes(12).toString('hex')}`;
      tokens.add(token);
      state.tokensIssued++;
      return send(res, 200, {
        scope: 'https://uri.paypal.com/services/subscriptions',
        access_token: token,
        token_type: 'Bearer',
        app_id: 'APP-FAKE',
        expires_in: state.tokenTtlSeconds,
        nonce: 'n',
      });
    }
    const bearer = req.headers.authorization?.replace(/^Bearer /, '') ?? '';
    if (!tokens.has(bearer)) return send(res, 401, payPalError(401));
    const failure = state.failures.shift();
    if (failure === '500') return send(res, 500, payPalError(500));
    let body: Record<string, unknown> = {};
    try {
      body = raw ? JSON.parse(raw) : {};
    } catch {
      return send(res, 400, payPalError(400, 'INVALID_PARAMETER_SYNTAX'));
    }
    const route = `${method} ${path}`;
    const key = method === 'POST' ? req.headers['paypal-request-id'] : undefined;
    const seen = typeof key === 'string' ? idempotent.get(key) : undefined;
    // The same PayPal-Request-Id again: PayPal answers what it answered the first time and does nothing.
    const answer = seen && seen.route === route ? seen : handle(method, path, body, req.headers);
    if (typeof key === 'string' && !seen && answer.status < 500) idempotent.set(key, { route, status: answer.status, body: answer.body });
    if (failure === 'drop') {
      req.socket.destroy();
      return;
    }
    if (answer.status === 204) return void res.writeHead(204).end();
    send(res, answer.status, answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const mustSub = (subId: string) => {
    const s = state.subscriptions.get(subId);
    if (!s) throw new Error(`fake PayPal: no subscription ${subId}`);
    return s;
  };
  const fake: FakePayPal = Object.assign(state, {
    url,
    approve(subId: string, at = state.now(), opts: { activate?: boolean } = {}) {
      const s = mustSub(subId);
      touch(s, 'APPROVED');
      return opts.activate === false ? s : fake.activate(subId, at);
    },
    activate(subId: string, at = state.now()) {
      const s = mustSub(subId);
      touch(s, 'ACTIVE');
      s.start_time = iso(at);
      charge(s, at);
      emitSub('BILLING.SUBSCRIPTION.ACTIVATED', s, 'Subscription activated');
      return s;
    },
    approveRevision(subId: string) {
      const s = mustSub(subId);
      if (s.pendingRevision) {
        const { plan_id, quantity, override } = s.pendingRevision;
        Object.assign(s, { plan_id, quantity, override, plan_overridden: !!override });
        s.pendingRevision = null;
        touch(s);
        emitSub('BILLING.SUBSCRIPTION.UPDATED', s, 'Subscription updated');
      }
      return s;
    },
    renew(subId: string, at?: Date) {
      const s = mustSub(subId);
      const due = at ?? (s.billing_info.next_billing_time ? new Date(s.billing_info.next_billing_time) : state.now());
      if (s.status === 'SUSPENDED') touch(s, 'ACTIVE');
      return charge(s, due);
    },
    failPayment(subId: string) {
      const s = mustSub(subId);
      s.billing_info.failed_payments_count++;
      touch(s);
      emitSub('BILLING.SUBSCRIPTION.PAYMENT.FAILED', s, 'Subscription payment failed');
      if (s.billing_info.failed_payments_count >= 3 && s.status === 'ACTIVE') {
        touch(s, 'SUSPENDED');
        emitSub('BILLING.SUBSCRIPTION.SUSPENDED', s, 'Subscription suspended');
      }
      return s;
    },
    cancel(subId: string, reason = 'Cancelled by the buyer from their PayPal account') {
      const s = mustSub(subId);
      if (s.status !== 'ACTIVE' && s.status !== 'SUSPENDED') throw new Error(`fake PayPal: ${subId} is ${s.status}, PayPal cancels only ACTIVE or SUSPENDED`);
      cancelSub(s, reason);
      return s;
    },
    refund(saleId: string, kind: 'REFUNDED' | 'REVERSED' = 'REFUNDED', amount?: string) {
      const sale = state.sales.get(saleId);
      if (!sale) throw new Error(`fake PayPal: no sale ${saleId}`);
      // A reversal is the bank's: the whole sale, whatever the merchant refunded. A refund returns at most what is left.
      const left = cents(sale.total) - cents(sale.refunded);
      const value = kind === 'REVERSED' ? cents(sale.total) : amount === undefined ? left : cents(amount);
      if (kind === 'REFUNDED' && (value <= 0 || value > left))
        throw new Error(`fake PayPal: cannot refund ${value / 100} of sale ${saleId} (${left / 100} left)`);
      if (kind === 'REFUNDED') sale.refunded = ((cents(sale.refunded) + value) / 100).toFixed(2);
      const refund = { value: (value / 100).toFixed(2), totalRefunded: sale.refunded };
      return emit(
        `PAYMENT.SALE.${kind}`,
        kind === 'REFUNDED' ? 'refund' : 'sale',
        refundResource(sale, kind, iso(), id('RF', 6), id('PAYID', 6), refund),
        refundSummary(sale, kind, refund.value),
      );
    },
    async flush() {
      let seen: Promise<unknown>;
      do {
        seen = posting;
        await seen;
      } while (seen !== posting);
      return state.deliveries;
    },
    revokeTokens: () => tokens.clear(),
    takeEvents() {
      const fresh = state.events.slice(delivered);
      delivered = state.events.length;
      return fresh;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
  return fake;
}
