import { type CompanyConfig, companyConfig, dataAnswer, errorAnswer, type SessionUser, sessionAnswer, signedInAnswer } from '@presente/shared';
import type { z } from 'zod';
import type { MockResponse } from './renderApp';

/**
 * A mocked server answer built through the server's own answer schema (packages/shared/src/schemas, the one the
 * route declares), so a changed answer breaks the web test that mocks it (issue 21 item 6, decision 0064):
 * the value is typed as the schema's input (a renamed or retyped field fails `npm run typecheck`) and parsed
 * strictly at run time: a value the schema refuses, or a field the schema does not declare (one the server can
 * no longer send), throws with the path.
 */
export function mockAnswer<S extends z.ZodType>(schema: S, value: z.input<S>, status = 200): MockResponse {
  return { status, body: checkedAnswer(schema, value) };
}

/** The value, checked as `mockAnswer` does (for a body built in a route function). */
export function checkedAnswer<S extends z.ZodType>(schema: S, value: z.input<S>): z.input<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(answer)'}: ${i.message}`).join('\n');
    throw new Error(`A mocked answer does not match its schema:\n${issues}`);
  }
  const undeclared = undeclaredFields(value, parsed.data, '');
  if (undeclared.length) throw new Error(`A mocked answer has fields its schema does not declare: ${undeclared.join(', ')}`);
  return value;
}

const isPlain = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Date);

/** Paths in `sent` that the schema's parse dropped (zod strips what an object schema does not declare). */
function undeclaredFields(sent: unknown, kept: unknown, path: string): string[] {
  if (Array.isArray(sent) && Array.isArray(kept)) return sent.flatMap((v, i) => undeclaredFields(v, kept[i], `${path}[${i}]`));
  if (!isPlain(sent) || !isPlain(kept)) return [];
  return Object.keys(sent).flatMap((k) => {
    const at = path ? `${path}.${k}` : k;
    return k in kept ? undeclaredFields(sent[k], kept[k], at) : [at];
  });
}

/** A refusal in the one error envelope (`errorAnswer`): `{ message, code }` with the status. */
export function mockRefusal(status: number, code: string, message: string, extra: Omit<z.input<typeof errorAnswer>, 'code' | 'message'> = {}): MockResponse {
  return { status, body: checkedAnswer(errorAnswer, { message, code, ...extra }) };
}

/** GET /auth/verify and /auth/company-config of a signed-in user in a Lima company, through their schemas. */
export function sessionRoutes(user: SessionUser, config: CompanyConfig = { locale: 'es-PE', timezone: 'America/Lima' }) {
  return {
    'GET /api/auth/verify': mockAnswer(dataAnswer(signedInAnswer), { data: { user, companyConfig: config } }),
    'GET /api/auth/company-config': mockAnswer(dataAnswer(companyConfig), { data: config }),
  };
}

/**
 * The server's own 500 (apps/server/src/plugins/error-handler.ts): the error envelope, code `internal`, its Spanish
 * message. A web test of "the server failed" mocks what the server sends, not an empty body it never sends.
 */
export const mockServerError = (): MockResponse => mockRefusal(500, 'internal', 'Error del servidor. Intenta nuevamente en unos minutos.');

/** No session: the 401 every signed-in route answers (`error.unauthorized`). */
export const mockSignedOut = (): MockResponse => mockRefusal(401, 'unauthorized', 'No autenticado');

/** GET /auth/session of a visitor: 200 with no user. */
export const signedOutSession = (): MockResponse => mockAnswer(dataAnswer(sessionAnswer), { data: { user: null } });

/**
 * One page of a list answer (`{ data: [...], pagination }` plus the schema's own extras, such as the employees'
 * `totalEmployees` or the calendar's `meta`), through the list route's declared schema.
 */
export function mockPage<S extends z.ZodType<unknown, { data: unknown[] }>>(
  schema: S,
  data: z.input<S>['data'],
  extra: Partial<z.input<S>> = {},
  total = data.length,
  limit = 10,
): MockResponse {
  const pages = Math.max(1, Math.ceil(total / limit));
  return mockAnswer(schema, { data, pagination: { page: 1, limit, total, pages, totalPages: pages }, ...extra } as z.input<S>);
}

/**
 * A failure the server's error handler never wrote: a reverse proxy's 502 page while the server is away (no JSON
 * body). For a test of the web's own fallback message; a failure of the server itself is `mockServerError()`.
 */
export const mockGatewayFailure = (status = 502): MockResponse => ({ status });

/**
 * A mocked answer as the `Response` a test hands to a `fetch` it stubs itself (a hook's test without the route
 * table), with extra headers such as a 503's `Retry-After`.
 */
export function responseOf(answer: MockResponse, headers: Record<string, string> = {}): Response {
  return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
    status: answer.status ?? 200,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}
