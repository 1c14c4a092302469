import { createHash } from 'node:crypto';
import { type BillingProvider, ProviderError, parseSubscription } from './provider.js';

export interface PayPalOptions {
  clientId: string;
  clientSecret: string;
  /** https://api-m.sandbox.paypal.com or https://api-m.paypal.com (tests: a local fake). */
  apiBase: string;
  webhookId?: string;
  /** Per call; PayPal normally answers well within it. */
  timeoutMs?: number;
  /** The clock for the token's expiry (tests). */
  now?: () => number;
  fetch?: typeof fetch;
  /** Attempts after the first on a timeout, a lost connection or a 5xx (default 3). */
  retries?: number;
  /** The first wait before a retry, doubled each time (default 500 ms). */
  backoffMs?: number;
  /** How to wait between retries (tests: an injected clock, no real sleep). */
  sleep?: (ms: number) => Promise<void>;
}

/**
 * The PayPal-Request-Id of one logical operation: the same operation (a retry after a timeout, a second
 * click) sends the same id, so PayPal answers what it answered the first time and creates nothing twice.
 */
export function payPalRequestId(...parts: (string | number)[]): string {
  return `presente-${createHash('sha256').update(parts.join('|')).digest('hex').slice(0, 40)}`;
}

/** Worth another attempt: no answer (timeout, connection lost) or PayPal's own failure (5xx). */
const transient = (status: number) => status >= 500 && status !== 501;

const WEBHOOK_HEADERS = ['paypal-auth-algo', 'paypal-cert-url', 'paypal-transmission-id', 'paypal-transmission-sig', 'paypal-transmission-time'] as const;

/**
 * PayPal REST client (Subscriptions v1, Catalog products v1, Notifications v1): OAuth2 client
 * credentials with the token cached until shortly before it expires (and fetched again once on a 401).
 */
export function createPayPalClient(opts: PayPalOptions): BillingProvider {
  const base = opts.apiBase.replace(/\/+$/, '');
  const now = opts.now ?? Date.now;
  const doFetch = opts.fetch ?? fetch;
  const timeoutMs = opts.timeoutMs ?? 20_000;
  const retries = opts.retries ?? 3;
  const backoffMs = opts.backoffMs ?? 500;
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  let token: { value: string; expiresAt: number } | null = null;
  let pendingToken: Promise<string> | null = null;

  async function fetchToken(): Promise<string> {
    const res = await doFetch(`${base}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        Authorization: `Basic ${Buffer.from(`${opts.clientId}:${opts.clientSecret}`).toString('base64')}`,
        'Content-Type': 'application/x-www-form-urlencoded',
        Accept: 'application/json',
      },
      body: 'grant_type=client_credentials',
      signal: AbortSignal.timeout(timeoutMs),
    });
    const body = (await res.json().catch(() => ({}))) as { access_token?: string; expires_in?: number; error?: string; error_description?: string };
    if (!res.ok || !body.access_token) {
      throw new ProviderError(res.status, body.error ?? 'AUTHENTICATION_FAILURE', null, body.error_description ?? `PayPal OAuth failed (${res.status})`);
    }
    // Renew a minute early so a token never expires in flight.
    token = { value: body.access_token, expiresAt: now() + Math.max(0, (body.expires_in ?? 300) - 60) * 1000 };
    return token.value;
  }

  async function accessToken(): Promise<string> {
    if (token && token.expiresAt > now()) return token.value;
    // One token request at a time, however many calls wait for it.
    pendingToken ??= fetchToken().finally(() => {
      pendingToken = null;
    });
    return pendingToken;
  }

  /**
   * One request, retried with backoff (500 ms, 1 s, 2 s) on a timeout, a lost connection or a 5xx when
   * repeating it is safe: a GET, or a POST carrying its PayPal-Request-Id (PayPal replays the first answer).
   */
  async function send(method: 'GET' | 'POST', path: string, body: unknown, extraHeaders: Record<string, string>): Promise<Response> {
    const repeatable = method === 'GET' || 'PayPal-Request-Id' in extraHeaders || path === '/v1/notifications/verify-webhook-signature';
    for (let attempt = 0; ; attempt++) {
      const last = !repeatable || attempt >= retries;
      try {
        const res = await doFetch(`${base}${path}`, {
          method,
          headers: {
            Authorization: `Bearer ${await accessToken()}`,
            Accept: 'application/json',
            ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
            ...extraHeaders,
          },
          body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
          signal: AbortSignal.timeout(timeoutMs),
        });
        if (last || !transient(res.status)) return res;
      } catch (err) {
        if (last || err instanceof ProviderError) throw err;
      }
      await sleep(backoffMs * 2 ** attempt);
    }
  }

  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown, extraHeaders: Record<string, string> = {}, retried = false): Promise<T> {
    const res = await send(method, path, body, extraHeaders);
    if (res.status === 401 && !retried) {
      token = null;
      return call(method, path, body, extraHeaders, true);
    }
    const text = await res.text();
    let json: Record<string, unknown> = {};
    try {
      json = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch {
      if (res.ok) throw new ProviderError(502, 'INVALID_RESPONSE', null, `PayPal ${method} ${path}: not JSON`);
    }
    if (!res.ok) {
      const details = Array.isArray(json.details) ? (json.details as { issue?: string; description?: string }[]) : [];
      throw new ProviderError(
        res.status,
        String(json.name ?? (res.status === 404 ? 'RESOURCE_NOT_FOUND' : 'PAYPAL_ERROR')),
        details[0]?.issue ?? null,
        details[0]?.description ?? String(json.message ?? `PayPal ${method} ${path} failed (${res.status})`),
        typeof json.debug_id === 'string' ? json.debug_id : null,
      );
    }
    return json as T;
  }

  const approveLink = (links: unknown) =>
    (Array.isArray(links) ? (links as { rel?: string; href?: string }[]) : []).find((l) => l.rel === 'approve' || l.rel === 'payer-action')?.href ?? null;
  const subPath = (id: string) => `/v1/billing/subscriptions/${encodeURIComponent(id)}`;

  return {
    mode: 'paypal',
    accountKey: `paypal:${createHash('sha256').update(`${base}|${opts.clientId}`).digest('hex').slice(0, 16)}`,

    async createProduct({ name, description }) {
      const product = await call<{ id: string }>(
        'POST',
        '/v1/catalogs/products',
        { name, description, type: 'SERVICE', category: 'SOFTWARE' },
        { 'PayPal-Request-Id': payPalRequestId('product', base, opts.clientId, name) },
      );
      return product.id;
    },

    async createPlan({ productId, name, pricePerPeriod, currency, cycle }) {
      const plan = await call<{ id: string }>(
        'POST',
        '/v1/billing/plans',
        {
          product_id: productId,
          name,
          status: 'ACTIVE',
          quantity_supported: true,
          billing_cycles: [
            {
              frequency: { interval_unit: cycle === 'annual' ? 'YEAR' : 'MONTH', interval_count: 1 },
              tenure_type: 'REGULAR',
              sequence: 1,
              total_cycles: 0,
              pricing_scheme: { fixed_price: { value: pricePerPeriod, currency_code: currency } },
            },
          ],
          // PayPal retries a failed payment; after 3 failures it suspends the subscription.
          payment_preferences: { auto_bill_outstanding: true, setup_fee_failure_action: 'CONTINUE', payment_failure_threshold: 3 },
        },
        { 'PayPal-Request-Id': payPalRequestId('plan', base, opts.clientId, productId, cycle, pricePerPeriod, currency), Prefer: 'return=representation' },
      );
      return plan.id;
    },

    async createSubscription({ planId, quantity, customId, returnUrl, cancelUrl, brandName, locale, idempotencyKey }) {
      const sub = await call<{ id: string; status: string; links?: unknown }>(
        'POST',
        '/v1/billing/subscriptions',
        {
          plan_id: planId,
          quantity: String(quantity),
          custom_id: customId,
          application_context: {
            brand_name: brandName,
            ...(locale ? { locale } : {}),
            shipping_preference: 'NO_SHIPPING',
            user_action: 'SUBSCRIBE_NOW',
            return_url: returnUrl,
            cancel_url: cancelUrl,
          },
        },
        {
          'PayPal-Request-Id': payPalRequestId('subscription', base, opts.clientId, idempotencyKey ?? `${customId}|${planId}|${quantity}`),
          Prefer: 'return=representation',
        },
      );
      return { id: sub.id, status: sub.status, approvalUrl: approveLink(sub.links) };
    },

    async getSubscription(id) {
      return parseSubscription(await call('GET', subPath(id)));
    },

    async reviseSubscription(id, { planId, quantity, returnUrl, cancelUrl, idempotencyKey }) {
      const res = await call<{ links?: unknown; plan_overridden?: boolean }>(
        'POST',
        `${subPath(id)}/revise`,
        {
          plan_id: planId,
          quantity: String(quantity),
          application_context: { shipping_preference: 'NO_SHIPPING', user_action: 'CONTINUE', return_url: returnUrl, cancel_url: cancelUrl },
        },
        { 'PayPal-Request-Id': payPalRequestId('revise', base, opts.clientId, id, idempotencyKey ?? `${planId}|${quantity}`) },
      );
      return { approvalUrl: approveLink(res.links), planOverridden: res.plan_overridden === true };
    },

    async cancelSubscription(id, reason, idempotencyKey) {
      const why = reason.slice(0, 128) || 'Cancelled';
      await call(
        'POST',
        `${subPath(id)}/cancel`,
        { reason: why },
        { 'PayPal-Request-Id': payPalRequestId('cancel', base, opts.clientId, id, idempotencyKey ?? why) },
      );
    },

    async verifyWebhook(headers, rawBody) {
      if (!opts.webhookId) return false;
      const h = (name: string) => {
        const v = headers[name];
        return Array.isArray(v) ? v[0] : v;
      };
      if (WEBHOOK_HEADERS.some((name) => !h(name))) return false;
      // The event goes back exactly as received (re-serialising could change it and fail the check).
      const body =
        `{"auth_algo":${JSON.stringify(h('paypal-auth-algo'))},"cert_url":${JSON.stringify(h('paypal-cert-url'))},` +
        `"transmission_id":${JSON.stringify(h('paypal-transmission-id'))},"transmission_sig":${JSON.stringify(h('paypal-transmission-sig'))},` +
        `"transmission_time":${JSON.stringify(h('paypal-transmission-time'))},"webhook_id":${JSON.stringify(opts.webhookId)},"webhook_event":${rawBody}}`;
      const res = await call<{ verification_status?: string }>('POST', '/v1/notifications/verify-webhook-signature', body);
      return res.verification_status === 'SUCCESS';
    },
  };
}
