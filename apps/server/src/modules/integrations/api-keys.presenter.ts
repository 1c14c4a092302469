import type { ApiKeyDto } from '@presente/shared';
import type { ApiKeyRow } from './api-keys.service.js';

/** A key as the admin reads it: never its hash, its company or its author's id. */
export function presentApiKey(k: ApiKeyRow, now = new Date()): ApiKeyDto {
  return {
    id: k.id,
    name: k.name,
    scope: k.scope,
    prefix: k.prefix,
    createdAt: k.createdAt.toISOString(),
    lastUsedAt: k.lastUsedAt?.toISOString() ?? null,
    expiresAt: k.expiresAt?.toISOString() ?? null,
    revokedAt: k.revokedAt?.toISOString() ?? null,
    state: k.revokedAt ? 'revoked' : k.expiresAt && k.expiresAt <= now ? 'expired' : 'active',
  };
}
