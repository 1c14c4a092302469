import { errorAnswer } from '@presente/shared';
import type { FastifySchema, RouteOptions } from 'fastify';
import { ResponseSerializationError, serializerCompiler } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';

type Response = Record<string, unknown>;

/**
 * Every route's error answers are the one envelope `{ message, code, errors? }` (plugins/error-handler.ts):
 * declared here once, for every 4xx and 5xx a route does not declare itself (issue 20), so the OpenAPI
 * document lists them and no route can answer an error in another shape.
 */
export function declareErrorAnswers(route: RouteOptions) {
  route.schema ??= {};
  const schema: FastifySchema = route.schema;
  const response = { ...((schema.response as Response | undefined) ?? {}) };
  for (const range of ['4xx', '5xx']) if (!(range in response) && !(range.toUpperCase() in response)) response[range] = errorAnswer;
  schema.response = response;
}

/** A route answered a field its declared schema does not name (the production serializer strips it silently). */
export class UndeclaredFieldError extends ResponseSerializationError {
  constructor(
    method: string,
    url: string,
    readonly fields: string[],
  ) {
    const issues = fields.map((path) => ({ code: 'custom' as const, path: [path], message: 'not named by the response schema', input: undefined }));
    super(method, url, { cause: new ZodError(issues) });
    this.message = `${method} ${url} answered fields its response schema does not name: ${fields.join(', ')}`;
  }
}

const isPlain = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype;

/** Paths present (and not undefined) in what the route returned but missing from what the schema kept. */
export function strippedFields(sent: unknown, kept: unknown, path = ''): string[] {
  if (Array.isArray(sent) && Array.isArray(kept)) return sent.flatMap((item, i) => strippedFields(item, kept[i], `${path}[${i}]`));
  if (!isPlain(sent) || !isPlain(kept)) return [];
  return Object.entries(sent).flatMap(([key, value]) => {
    const at = path ? `${path}.${key}` : key;
    if (value === undefined) return [];
    if (!(key in kept)) return [at];
    return strippedFields(value, kept[key], at);
  });
}

/**
 * The test build's serializer (buildApp's `strictAnswers`): the same zod encoding as production, then a
 * comparison of what the route returned with what the schema kept; a dropped field fails the request
 * (a 500 whose logged error names the fields) instead of vanishing. Production keeps stripping.
 */
export const strictSerializerCompiler: typeof serializerCompiler = (route) => {
  const serialize = serializerCompiler(route);
  return (data) => {
    const json = serialize(data);
    const fields = strippedFields(JSON.parse(JSON.stringify(data)), JSON.parse(json));
    if (fields.length) throw new UndeclaredFieldError(route.method, route.url, fields);
    return json;
  };
};
