import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.js';

/**
 * Text no field of the product can hold: a NUL byte (PostgreSQL refuses it in text: 22021) and lone UTF-16
 * surrogates (not valid Unicode; they cannot be stored or mailed). Before this guard a NUL in any text field
 * answered 500 on 13 endpoints (issue 18).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the NUL byte is what this looks for
const INVALID_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The path of the first string in `value` that holds invalid text, or null. Walks plain JSON only. */
export function invalidTextPath(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return INVALID_TEXT.test(value) ? path : null;
  if (depth > 20 || value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return null;
  for (const [key, inner] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (INVALID_TEXT.test(key)) return at;
    const found = invalidTextPath(inner, at, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/** Refuses, before validation, any API request whose query, parameters or JSON body carry invalid text. */
export function registerTextGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (req) => {
    if (!req.url.startsWith('/api/')) return;
    for (const part of [req.params, req.query, req.body]) {
      const path = invalidTextPath(part);
      if (path !== null) throw new AppError('validation_failed', 'validation.textInvalid', {}, [{ path, message: 'validation.textInvalid' }]);
    }
  });
}
