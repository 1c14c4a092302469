import { z } from 'zod';
import { API_KEY_SCOPES } from '../plans.js';
import { dayProblem } from './common.js';

/**
 * Public-API keys (Configuración → Integraciones; decision 0048). The key itself is answered once, by the
 * create; afterwards only its visible prefix.
 */
export const apiKeyCreateInput = z.object({
  name: z.string('integrations.nameRequired').trim().min(1, 'integrations.nameRequired').max(80, 'validation.tooLong'),
  scope: z.enum(API_KEY_SCOPES, 'integrations.scopeInvalid'),
  /** The last day the key works (YYYY-MM-DD, the company's calendar, included); none: until revoked. */
  expiresOn: z
    .string()
    .nullish()
    .refine((v) => !v || dayProblem(v) === null, 'integrations.expiryInvalid')
    .transform((v) => v || null),
});

export const apiKeyAnswer = z.object({
  id: z.string(),
  name: z.string(),
  scope: z.enum(API_KEY_SCOPES),
  prefix: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  /** 'active', 'expired' or 'revoked', as of the answer. */
  state: z.enum(['active', 'expired', 'revoked']),
});
export type ApiKeyDto = z.infer<typeof apiKeyAnswer>;

/** GET /company-admin-simple/integrations/api-keys: the keys and what the plan allows. */
export const apiKeyListAnswer = z.object({
  data: z.object({
    keys: z.array(apiKeyAnswer),
    allowance: z.object({ keys: z.number().int(), scopes: z.array(z.enum(API_KEY_SCOPES)), used: z.number().int() }),
  }),
});
export type ApiKeyList = z.infer<typeof apiKeyListAnswer>['data'];

/** POST: the key, shown this once. */
export const apiKeyCreatedAnswer = z.object({ data: apiKeyAnswer.extend({ key: z.string() }), message: z.string() });
export type ApiKeyCreatedAnswer = z.infer<typeof apiKeyCreatedAnswer>;
