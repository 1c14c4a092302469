import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Test support: a local stand-in for PayPal's REST API (OAuth client credentials, catalog products,
 * billing plans, subscriptions create/get/revise/cancel, verify-webhook-signature), strict enough that
 * the real client code is exercised: bearer tokens checked, PayPal's error shapes, approval links.
 */
export interface FakeSubscription {
  id: string;
  plan_id: string;
  quantity: string;
  custom_id: string | null;
  status: 'APPROVAL_PENDING' | 'APPROVED' | 'ACTIVE' | 'SUSPENDED' | 'CANCELLED' | 'EXPIRED';
  start_time: string | null;
  billing_info: {
    next_billing_time?: string;
    last_payment?: { amount: { value: string; currency_code: string }; time: string };
    failed_payments_count: number;
  };
  pendingRevision: { plan_id: string; quantity: string } | null;
  cancelReason?: string;
}

export const FAKE_CLIENT_ID = 'fake-client-id';
export const FAKE_SECRET = 'fake-secret';
export const FAKE_WEBHOOK_ID = 'WH-FAKE-1';
/** The only header set the fake's verify call accepts. */
export const GOOD_WEBHOOK_HEADERS = {
  'paypal-auth-algo': 'SHA256withRSA',
  'paypal-cert-url': 'https://api.sandbox.paypal.com/v1/notifications/certs/CERT-FAKE',
  'paypal-transmission-id': 'TX-FAKE-1',
  'paypal-transmission-sig': 'SIG-FAKE-GOOD',
  'paypal-transmission-time': '2026-03-01T10:00:00Z',
};

export interface FakePayPal {
  url: string;
  products: Map<string, { id: string; name: string }>;
  plans: Map<string, { id: string; product_id: string; price: string; interval: string }>;
  subscriptions: Map<string, FakeSubscription>;
  /** Requests received, "METHOD /path". */
  calls: string[];
  tokensIssued: number;
  /** How revise answers: an approval link (PayPal's usual), applied at once, or accepted and applied later. */
  reviseMode: 'approval' | 'automatic' | 'delayed';
  /** Verify calls received (their webhook_event exactly as sent). */
  verified: { body: Record<string, unknown> }[];
  tokenTtlSeconds: number;
  /** While true, every subscription call answers 503 (PayPal having an outage); OAuth still works. */
  outage: boolean;
  /** The buyer approves on PayPal's page: the subscription becomes ACTIVE with its first payment. */
  approve(id: string, at?: Date): FakeSubscription;
  /** The buyer approves a pending revision. */
  approveRevision(id: string): FakeSubscription;
  /** Forgets every token (the next call gets a 401, as after an expiry on PayPal's side). */
  revokeTokens(): void;
  close(): Promise<void>;
}

function send(res: ServerResponse, status: number, body?: unknown) {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(body === undefined ? '' : JSON.stringify(body));
}
const error = (res: ServerResponse, status: number, name: string, issue?: string, description?: string) =>
  send(res, status, {
    name,
    message: description ?? name,
    debug_id: `dbg-${randomBytes(4).toString('hex')}`,
    details: issue ? [{ issue, description: description ?? issue }] : [],
  });

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const addMonth = (d: Date) => {
  const r = new Date(d);
  r.setUTCMonth(r.getUTCMonth() + 1);
  return r;
};

export async function startFakePayPal(): Promise<FakePayPal> {
  const tokens = new Set<string>();
  const state: Omit<FakePayPal, 'url' | 'close' | 'approve' | 'approveRevision' | 'revokeTokens'> = {
    products: new Map(),
    plans: new Map(),
    subscriptions: new Map(),
    calls: [],
    tokensIssued: 0,
    reviseMode: 'approval',
    verified: [],
    tokenTtlSeconds: 32400,
    outage: false,
  };
  let url = '';
  const id = (prefix: string) => `${prefix}-${randomBytes(8).toString('hex').toUpperCase()}`;
  const links = (s: FakeSubscription) => [
    { href: `${url}/webapps/billing/subscriptions?ba_token=BA-${s.id}`, rel: 'approve', method: 'GET' },
    { href: `${url}/v1/billing/subscriptions/${s.id}`, rel: 'self', method: 'GET' },
  ];
  const view = (s: FakeSubscription) => {
    const { pendingRevision: _p, cancelReason: _c, ...rest } = s;
    return { ...rest, links: [{ href: `${url}/v1/billing/subscriptions/${s.id}`, rel: 'self', method: 'GET' }] };
  };
  const pay = (s: FakeSubscription, at: Date) => {
    const plan = state.plans.get(s.plan_id)!;
    const value = ((Math.round(Number(plan.price) * 100) * Number(s.quantity)) / 100).toFixed(2);
    s.billing_info = {
      ...s.billing_info,
      last_payment: { amount: { value, currency_code: 'USD' }, time: at.toISOString() },
      next_billing_time: addMonth(at).toISOString(),
    };
  };

  const server: Server = createServer(async (req, res) => {
    const path = (req.url ?? '').split('?')[0];
    state.calls.push(`${req.method} ${path}`);
    const raw = await readBody(req);
    if (req.method === 'POST' && path === '/v1/oauth2/token') {
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
    if (!tokens.has(bearer)) return send(res, 401, { error: 'invalid_token', error_description: 'Token signature verification failed' });
    let body: Record<string, unknown> = {};
    try {
      body = raw ? JSON.parse(raw) : {};
    } catch {
      return error(res, 400, 'INVALID_REQUEST', 'MALFORMED_REQUEST_JSON');
    }

    if (req.method === 'POST' && path === '/v1/catalogs/products') {
      const p = { id: id('PROD'), name: String(body.name) };
      state.products.set(p.id, p);
      return send(res, 201, { ...p, type: body.type, category: body.category });
    }
    if (req.method === 'POST' && path === '/v1/billing/plans') {
      if (!state.products.has(String(body.product_id))) return error(res, 422, 'UNPROCESSABLE_ENTITY', 'INVALID_PRODUCT_ID');
      const cycles = body.billing_cycles as { frequency: { interval_unit: string }; pricing_scheme: { fixed_price: { value: string } } }[];
      const plan = {
        id: id('P'),
        product_id: String(body.product_id),
        price: cycles[0].pricing_scheme.fixed_price.value,
        interval: cycles[0].frequency.interval_unit,
      };
      state.plans.set(plan.id, plan);
      return send(res, 201, { ...plan, status: 'ACTIVE', quantity_supported: body.quantity_supported });
    }
    if (req.method === 'POST' && path === '/v1/billing/subscriptions') {
      if (!state.plans.has(String(body.plan_id))) return error(res, 422, 'UNPROCESSABLE_ENTITY', 'INVALID_PARAMETER_VALUE', 'plan_id');
      const s: FakeSubscription = {
        id: id('I'),
        plan_id: String(body.plan_id),
        quantity: String(body.quantity ?? '1'),
        custom_id: (body.custom_id as string) ?? null,
        status: 'APPROVAL_PENDING',
        start_time: null,
        billing_info: { failed_payments_count: 0 },
        pendingRevision: null,
      };
      state.subscriptions.set(s.id, s);
      return send(res, 201, { id: s.id, status: s.status, links: links(s) });
    }
    if (req.method === 'POST' && path === '/v1/notifications/verify-webhook-signature') {
      state.verified.push({ body });
      const ok =
        body.webhook_id === FAKE_WEBHOOK_ID &&
        body.auth_algo === GOOD_WEBHOOK_HEADERS['paypal-auth-algo'] &&
        body.cert_url === GOOD_WEBHOOK_HEADERS['paypal-cert-url'] &&
        body.transmission_id === GOOD_WEBHOOK_HEADERS['paypal-transmission-id'] &&
        body.transmission_sig === GOOD_WEBHOOK_HEADERS['paypal-transmission-sig'] &&
        body.transmission_time === GOOD_WEBHOOK_HEADERS['paypal-transmission-time'] &&
        typeof body.webhook_event === 'object';
      return send(res, 200, { verification_status: ok ? 'SUCCESS' : 'FAILURE' });
    }
    if (state.outage && path.startsWith('/v1/billing/subscriptions')) return error(res, 503, 'INTERNAL_SERVICE_ERROR', undefined, 'Service unavailable');
    const m = path.match(/^\/v1\/billing\/subscriptions\/([^/]+)(\/(revise|cancel))?$/);
    if (m) {
      const s = state.subscriptions.get(decodeURIComponent(m[1]));
      if (!s) return error(res, 404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID', 'Requested resource ID was not found.');
      if (req.method === 'GET' && !m[2]) return send(res, 200, view(s));
      if (req.method === 'POST' && m[3] === 'cancel') {
        if (s.status !== 'ACTIVE' && s.status !== 'SUSPENDED') return error(res, 422, 'UNPROCESSABLE_ENTITY', 'SUBSCRIPTION_STATUS_INVALID');
        s.status = 'CANCELLED';
        s.cancelReason = String(body.reason ?? '');
        res.writeHead(204).end();
        return;
      }
      if (req.method === 'POST' && m[3] === 'revise') {
        if (s.status !== 'ACTIVE')
          return error(res, 422, 'UNPROCESSABLE_ENTITY', 'SUBSCRIPTION_STATUS_INVALID', 'Invalid subscription status for revise action.');
        const planId = String(body.plan_id ?? s.plan_id);
        const next = state.plans.get(planId);
        if (!next) return error(res, 422, 'UNPROCESSABLE_ENTITY', 'INVALID_PARAMETER_VALUE', 'plan_id');
        if (next.product_id !== state.plans.get(s.plan_id)?.product_id) {
          return error(res, 422, 'UNPROCESSABLE_ENTITY', 'PLAN_PRODUCT_NOT_COMPATIBLE', 'The plan must belong to the same product.');
        }
        const revision = { plan_id: planId, quantity: String(body.quantity ?? s.quantity) };
        if (state.reviseMode === 'automatic') {
          Object.assign(s, revision);
          return send(res, 200, { plan_id: s.plan_id, quantity: s.quantity, plan_overridden: false, links: [] });
        }
        s.pendingRevision = revision;
        const revLinks =
          state.reviseMode === 'approval' ? [{ href: `${url}/webapps/billing/subscriptions/update?ba_token=BA-R-${s.id}`, rel: 'approve', method: 'GET' }] : [];
        return send(res, 200, { plan_id: revision.plan_id, quantity: revision.quantity, plan_overridden: false, links: revLinks });
      }
    }
    return error(res, 404, 'NOT_FOUND', undefined, `no route ${req.method} ${path}`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return Object.assign(state, {
    url,
    approve(subId: string, at = new Date()) {
      const s = state.subscriptions.get(subId)!;
      s.status = 'ACTIVE';
      s.start_time = at.toISOString();
      pay(s, at);
      return s;
    },
    approveRevision(subId: string) {
      const s = state.subscriptions.get(subId)!;
      if (s.pendingRevision) Object.assign(s, s.pendingRevision);
      s.pendingRevision = null;
      return s;
    },
    revokeTokens: () => tokens.clear(),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
