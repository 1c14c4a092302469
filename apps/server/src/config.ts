import { accessSync, constants, statSync } from 'node:fs';
import { type BillingMode, DEFAULT_MAP_TILE_URL, DEFAULT_SUPPORT_EMAIL, type PaymentStatus } from '@presente/shared';
import { z } from 'zod';

/** Environment of the server, parsed once at start. A bad value stops start-up with a readable list. */
const optionalUrl = (protocols: RegExp, hint: string) =>
  z
    .string()
    .trim()
    .regex(protocols, hint)
    .optional()
    .or(z.literal('').transform(() => undefined));

export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  /** HTTPS served directly (kiosks on a local network; `npm run cert` makes both files). Decision 0043. */
  TLS_CERT_FILE: z.string().min(1).optional(),
  TLS_KEY_FILE: z.string().min(1).optional(),
  /** With TLS: a plain-HTTP port that redirects to HTTPS and serves the local authority's certificate; unset, plain HTTP is refused. */
  HTTP_REDIRECT_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  DATABASE_URL: optionalUrl(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://'),
  REDIS_URL: optionalUrl(/^rediss?:\/\//, 'must start with redis:// or rediss://'),
  /** The longest one SQL statement may run on PostgreSQL before it is cancelled (503); 0 = no limit. Decision 0021. */
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(15_000),
  /** The longest a request waits for a database connection (the pool's, or PGlite's one) or a lock before a 503. */
  DB_ACQUIRE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  PUBLIC_URL: optionalUrl(/^https?:\/\/[^/]+/, 'must be an http(s):// URL'),
  /**
   * Without PUBLIC_URL: the request hosts (any port) whose address may be written into mail links. Any
   * other Host header gets links to http://localhost:PORT, never to a host an attacker named. Decision 0025.
   */
  LINK_HOSTS: z
    .string()
    .default('localhost,127.0.0.1,[::1]')
    .transform((v) =>
      v
        .split(',')
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean),
    ),
  /**
   * Webhook receivers on loopback or private addresses (an on-premises install, the tests). Off: refused when saved
   * and at every delivery, so a webhook cannot reach the server's own network. Decision 0058.
   */
  WEBHOOKS_ALLOW_PRIVATE: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Biometric master key (base64 of 32 bytes); unset: DATA_DIR/biometric-master.key (decision 0029). */
  BIOMETRIC_KEY: z
    .string()
    .refine((v) => Buffer.from(v, 'base64').length === 32, 'must be 32 bytes in base64 (openssl rand -base64 32)')
    .optional(),
  /** Comma-separated previous biometric keys, kept while npm run rotate-biometric-key re-seals. */
  BIOMETRIC_KEY_PREVIOUS: z.string().optional(),
  SUPERADMIN_EMAIL: z.email('must be an email address').optional(),
  SUPERADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  SMTP_URL: optionalUrl(/^smtps?:\/\//, 'must start with smtp:// or smtps://'),
  MAIL_FROM: z.string().min(3).default('Presente <no-reply@presente.local>'),
  CAPTCHA: z.enum(['altcha', 'turnstile', 'off']).default('altcha'),
  TURNSTILE_SITE_KEY: z.string().optional(),
  TURNSTILE_SECRET: z.string().optional(),
  ALTCHA_COST: z.coerce.number().int().min(1).max(1_000_000).default(5000),
  /** Multiplies every per-IP rate limit (e.g. 10 for a shared office NAT, or test runs). */
  RATE_LIMIT_SCALE: z.coerce.number().int().min(1).max(1000).default(1),
  /** Nominatim-compatible geocoder for the address search (server-side proxy). */
  GEOCODER_URL: optionalUrl(/^https?:\/\//, 'must be an http(s):// URL').default('https://nominatim.openstreetmap.org/'),
  /** Map tiles for Leaflet ({z}/{x}/{y}, optional {s} subdomain); `off` draws no tiles (maps stay usable). */
  MAP_TILE_URL: z
    .string()
    .trim()
    .regex(/^(off|https?:\/\/[^/\s]+\/\S*\{z\}\S*\{x\}\S*\{y\}\S*)$/, 'must be an http(s):// URL with {z}, {x} and {y}, or off')
    .default(DEFAULT_MAP_TILE_URL)
    .transform((v) => (v === 'off' ? null : v)),
  /** Credit shown on the map (HTML allowed: it is the operator's text); OpenStreetMap's for its tiles. */
  MAP_TILE_ATTRIBUTION: z.string().trim().min(1).max(500).optional(),
  /** Support line for WhatsApp links (international number, e.g. +51 987 654 321); without it no WhatsApp button shows. */
  SUPPORT_WHATSAPP: z
    .string()
    .trim()
    .regex(/^\+?[\d\s().-]+$/, 'must be a phone number in international format, e.g. +51 987 654 321')
    .transform((v) => v.replace(/\D/g, ''))
    .refine((v) => v.length >= 8 && v.length <= 15, 'must have 8 to 15 digits with the country code')
    .optional(),
  /** Support e-mail shown on the landing, the overview help cards and the legal texts. */
  SUPPORT_EMAIL: z.email('must be an email address').default(DEFAULT_SUPPORT_EMAIL),
  /**
   * How Premium is paid: paypal (default with PayPal credentials), simulator (default without: the
   * built-in 'Modo de prueba', anyone can approve), off (no online payments; upgrades hidden).
   */
  BILLING_MODE: z.enum(['paypal', 'simulator', 'off']).optional(),
  /** PayPal REST credentials; without both, payments run in the built-in simulator ('Modo de prueba'). */
  PAYPAL_CLIENT_ID: z.string().trim().min(1).optional(),
  PAYPAL_CLIENT_SECRET: z.string().trim().min(1).optional(),
  /** https://api-m.sandbox.paypal.com (sandbox) or https://api-m.paypal.com (live). */
  PAYPAL_API_BASE: optionalUrl(/^https?:\/\/[^/]+/, 'must be an http(s):// URL').default('https://api-m.sandbox.paypal.com'),
  /** The webhook's id in the PayPal app; required with PayPal credentials (signatures are verified against it). */
  PAYPAL_WEBHOOK_ID: z.string().trim().min(1).optional(),
  /** Premium price per employee per month, USD (spec §1). */
  PREMIUM_PRICE_PER_EMPLOYEE: z.coerce.number().positive().max(1000).default(2.5),
  /** Enterprise plan: where "contact sales" leads (https:, mailto: or a WhatsApp link). */
  SALES_CONTACT_URL: optionalUrl(/^(https?:\/\/|mailto:)/, 'must be an http(s):// or mailto: URL'),
  /** Face engine worker threads (default: one per core; 0 disables the engine). */
  FACE_WORKERS: z.coerce.number().int().min(0).max(64).optional(),
  /**
   * What this process does (decision 0065): a comma list of web (HTTP and websockets), jobs (the durable jobs; one
   * active runner among the processes, the others stand by) and face (analyses images; with REDIS_URL and an explicit
   * ROLES it serves the face queue of every web process). Unset: all three in one process, as before, with no queue.
   */
  ROLES: z
    .string()
    .trim()
    .optional()
    .transform((v, ctx): Roles | undefined => {
      if (v === undefined) return undefined;
      const list = v
        .split(',')
        .map((r) => r.trim())
        .filter(Boolean);
      const bad = list.filter((r) => !(ROLE_NAMES as readonly string[]).includes(r));
      if (bad.length || !list.length) {
        ctx.addIssue({ code: 'custom', message: `must be a comma list of ${ROLE_NAMES.join(', ')} (got ${bad.join(', ') || 'nothing'})` });
        return z.NEVER;
      }
      return { web: list.includes('web'), jobs: list.includes('jobs'), face: list.includes('face'), explicit: true };
    }),
  /** How long a web process without the face role waits for the face queue's answer (within the kiosk's 30 s mark). */
  FACE_QUEUE_TIMEOUT_MS: z.coerce.number().int().min(500).max(120_000).default(20_000),
  /** How long a mark already queued waits for a replacement once no face process is alive (0: refused at once, 503). */
  FACE_ORPHAN_GRACE_MS: z.coerce.number().int().min(0).max(120_000).default(0),
  /** The face queue's name on Redis: deployments sharing one Redis each use their own. */
  FACE_QUEUE_NAME: z
    .string()
    .regex(/^[a-z0-9-]{1,64}$/, 'must be lowercase letters, digits and dashes')
    .default('presente-face'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Which proxies' X-Forwarded-* headers to believe (decision 0025): `false`/`0` none; `true` = 1, the nearest
   * proxy only; a number of hops; or a comma list of proxy addresses/CIDRs. Never "every hop": a client-written
   * X-Forwarded-For would then choose its own address and defeat every per-IP limit.
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .default('false')
    .transform((v, ctx): false | number | string[] => {
      if (/^(false|0|)$/i.test(v)) return false;
      if (/^true$/i.test(v)) return 1;
      if (/^\d+$/.test(v)) return Math.min(Number(v), 10);
      const list = v
        .split(',')
        .map((a) => a.trim())
        .filter(Boolean);
      if (list.every((a) => /^[\da-f.:]+(\/\d{1,3})?$/i.test(a) || ['loopback', 'linklocal', 'uniquelocal'].includes(a))) return list;
      ctx.addIssue({ code: 'custom', message: 'must be true, false, a number of proxy hops, or a comma list of proxy addresses (CIDR allowed)' });
      return z.NEVER;
    }),
  WEB_DIST: z.string().optional(),
});

function readable(file: string): boolean {
  try {
    accessSync(file, constants.R_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

export const ROLE_NAMES = ['web', 'jobs', 'face'] as const;
/** The roles of a process; `explicit` is false when ROLES is unset (everything in one process, no face queue). */
export interface Roles {
  web: boolean;
  jobs: boolean;
  face: boolean;
  explicit: boolean;
}
export const rolesOf = (config: Pick<Config, 'ROLES'>): Roles => config.ROLES ?? { web: true, jobs: true, face: true, explicit: false };

/** Rules across variables, checked even when single variables are also wrong (one complete list). */
function crossProblems(env: Record<string, string | undefined>): string[] {
  const problems: string[] = [];
  if (env.CAPTCHA === 'turnstile' && (!env.TURNSTILE_SITE_KEY || !env.TURNSTILE_SECRET)) {
    problems.push('CAPTCHA: turnstile needs TURNSTILE_SITE_KEY and TURNSTILE_SECRET');
  }
  if (!!env.PAYPAL_CLIENT_ID !== !!env.PAYPAL_CLIENT_SECRET) problems.push('PAYPAL_CLIENT_ID: PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET go together');
  const paypal = !!env.PAYPAL_CLIENT_ID && !!env.PAYPAL_CLIENT_SECRET;
  if (paypal && !env.PAYPAL_WEBHOOK_ID) {
    problems.push('PAYPAL_WEBHOOK_ID: required with PayPal credentials (the id of the webhook in your PayPal app); without it every webhook would be refused');
  }
  if (env.BILLING_MODE === 'paypal' && !paypal) problems.push('BILLING_MODE: paypal needs PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET');
  if (!!env.TLS_CERT_FILE !== !!env.TLS_KEY_FILE) problems.push('TLS_CERT_FILE: TLS_CERT_FILE and TLS_KEY_FILE go together');
  for (const name of ['TLS_CERT_FILE', 'TLS_KEY_FILE'] as const) {
    const file = env[name];
    if (file && !readable(file)) problems.push(`${name}: cannot read ${file} (run npm run cert, or check the path)`);
  }
  if (env.HTTP_REDIRECT_PORT && !env.TLS_CERT_FILE) problems.push('HTTP_REDIRECT_PORT: only with TLS_CERT_FILE and TLS_KEY_FILE (it redirects to HTTPS)');
  if (env.HTTP_REDIRECT_PORT && env.HTTP_REDIRECT_PORT === (env.PORT ?? '3000')) problems.push('HTTP_REDIRECT_PORT: must differ from PORT');
  const roles = (env.ROLES ?? '').split(',').map((r) => r.trim());
  if (env.ROLES?.trim() && !env.REDIS_URL && roles.includes('face') !== roles.includes('web')) {
    problems.push('ROLES: web and face in separate processes talk through the face queue on Redis: set REDIS_URL');
  }
  if (env.SUPERADMIN_PASSWORD && !env.SUPERADMIN_EMAIL) problems.push('SUPERADMIN_EMAIL: SUPERADMIN_PASSWORD is set without SUPERADMIN_EMAIL');
  return problems;
}

export type Config = z.infer<typeof configSchema>;

/** BILLING_MODE, or its default: PayPal when its credentials are set, else the simulator. */
export function billingModeOf(config: Pick<Config, 'BILLING_MODE' | 'PAYPAL_CLIENT_ID' | 'PAYPAL_CLIENT_SECRET'>): BillingMode {
  return config.BILLING_MODE ?? (config.PAYPAL_CLIENT_ID && config.PAYPAL_CLIENT_SECRET ? 'paypal' : 'simulator');
}

/** What the super admin's system status shows for payments; PayPal's live API is api-m.paypal.com. */
export function paymentStatusOf(config: Config): PaymentStatus {
  const mode = billingModeOf(config);
  if (mode !== 'paypal') return mode;
  return /^https:\/\/api(-m)?\.paypal\.com(\/|$)/.test(config.PAYPAL_API_BASE ?? '') ? 'paypal_live' : 'paypal_sandbox';
}

/** Settings that start but are probably not what the operator meant; main.ts logs each as a warning. */
export function configWarnings(config: Pick<Config, 'PUBLIC_URL' | 'TRUST_PROXY'>): string[] {
  const warnings: string[] = [];
  if (/^https:\/\//i.test(config.PUBLIC_URL ?? '') && !config.TRUST_PROXY) {
    warnings.push(
      'PUBLIC_URL is https but TRUST_PROXY is off: behind a TLS proxy every request looks like plain http from the proxy address ' +
        '(rate limits and kiosk cool-downs then count the proxy, not the client). Cookies stay Secure because PUBLIC_URL is https. ' +
        'Set TRUST_PROXY=true when your own proxy terminates TLS.',
    );
  }
  return warnings;
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** Parses the environment; throws ConfigError listing every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const input = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = configSchema.safeParse(input);
  const problems = [...(parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`)), ...crossProblems(input)];
  if (problems.length || !parsed.success) throw new ConfigError(problems);
  return parsed.data;
}
