import { API_KEY_PLAN, addDays, apiKeyAllowed, type apiKeyCreateInput, localToInstant, toLocal } from '@presente/shared';
import { and, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Ctx, requireCompany } from '../../context.js';
import type { Db } from '../../db/client.js';
import { apiKeys, companies } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { randomToken, sha256 } from '../../lib/crypto.js';
import { logActivity } from '../activity/activity.service.js';

export type ApiKeyRow = typeof apiKeys.$inferSelect;
type CreateInput = z.output<typeof apiKeyCreateInput>;

/** Every key starts so (GitHub's and Stripe's style: a leaked key is recognisable by a secret scanner). */
export const API_KEY_PREFIX = 'pk_live_';
/** The visible part kept to tell keys apart: the prefix and 4 characters of the random part. */
const VISIBLE = API_KEY_PREFIX.length + 4;

/** Keys that still work: not revoked, not expired. */
const live = (companyId: string, now: Date) =>
  and(eq(apiKeys.companyId, companyId), isNull(apiKeys.revokedAt), or(isNull(apiKeys.expiresAt), gt(apiKeys.expiresAt, now)));

export async function listKeys(ctx: Ctx, now = new Date()) {
  const companyId = requireCompany(ctx.actor);
  const [rows, company] = await Promise.all([
    ctx.db.select().from(apiKeys).where(eq(apiKeys.companyId, companyId)).orderBy(desc(apiKeys.createdAt), desc(apiKeys.id)),
    ctx.db.query.companies.findFirst({ where: eq(companies.id, companyId), columns: { plan: true } }),
  ]);
  if (!company) throw new AppError('not_found');
  const used = rows.filter((r) => !r.revokedAt && (!r.expiresAt || r.expiresAt > now)).length;
  const rule = API_KEY_PLAN[company.plan];
  return { rows, allowance: { keys: rule.keys, scopes: [...rule.scopes], used } };
}

/**
 * Makes a key (256 random bits after `pk_live_`) within the plan's rule (decision 0048): only its SHA-256 is
 * stored, the key is returned this once. The company row is locked so two creates cannot both pass the count.
 */
export async function createKey(ctx: Ctx, input: CreateInput, now = new Date()) {
  const companyId = requireCompany(ctx.actor);
  const key = `${API_KEY_PREFIX}${randomToken(32)}`;
  const row = await ctx.db.transaction(async (tx) => {
    const [company] = await tx.select().from(companies).where(eq(companies.id, companyId)).for('update');
    if (!company) throw new AppError('not_found');
    let expiresAt: Date | null = null;
    if (input.expiresOn) {
      // The last day the key works, in the company's calendar: it stops at the next local midnight.
      if (input.expiresOn < toLocal(now, company.timezone).date)
        throw new AppError('validation_failed', 'integrations.expiryPast', {}, [{ path: 'expiresOn', message: 'integrations.expiryPast' }]);
      expiresAt = localToInstant(addDays(input.expiresOn, 1), 0, company.timezone);
    }
    const [{ n }] = await tx.select({ n: sql<number>`count(*)::int` }).from(apiKeys).where(live(companyId, now));
    const allowed = apiKeyAllowed(company.plan, input.scope, n);
    if (allowed === 'scope')
      throw new AppError('plan_limit_reached', 'integrations.planScope', { feature: 'apiKeyScope', limit: 0 }, [
        { path: 'scope', message: 'integrations.planScope' },
      ]);
    if (allowed === 'count') {
      const limit = API_KEY_PLAN[company.plan].keys;
      throw new AppError('plan_limit_reached', 'error.plan_limit_reached', { feature: 'apiKeys', limit }, [
        { path: 'apiKeys', message: 'error.plan_limit_reached' },
      ]);
    }
    const [created] = await tx
      .insert(apiKeys)
      .values({ companyId, name: input.name, scope: input.scope, prefix: key.slice(0, VISIBLE), keyHash: sha256(key), createdBy: ctx.actor!.userId, expiresAt })
      .returning();
    await logActivity(tx, {
      companyId,
      actorUserId: ctx.actor!.userId,
      type: 'admin_action',
      title: 'activity.apiKeyCreated',
      details: { name: created.name, scope: created.scope, prefix: created.prefix, expiresAt: expiresAt?.toISOString() ?? null },
    });
    return created;
  });
  return { row, key };
}

/** Revokes a key at once (the next request with it is 401); revoking a revoked key changes nothing. */
export async function revokeKey(ctx: Ctx, id: string, now = new Date()) {
  const companyId = requireCompany(ctx.actor);
  return ctx.db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(apiKeys)
      .where(and(eq(apiKeys.id, id), eq(apiKeys.companyId, companyId)))
      .for('update');
    if (!current) throw new AppError('not_found', 'integrations.keyNotFound');
    if (current.revokedAt) return current;
    const [row] = await tx.update(apiKeys).set({ revokedAt: now }).where(eq(apiKeys.id, id)).returning();
    await logActivity(tx, {
      companyId,
      actorUserId: ctx.actor!.userId,
      type: 'admin_action',
      title: 'activity.apiKeyRevoked',
      details: { name: row.name, prefix: row.prefix },
    });
    return row;
  });
}

/** Write lastUsedAt at most this often (a read per request, a write per minute). */
const TOUCH_EVERY_MS = 60_000;

/**
 * The key of a `Bearer` token, with its company, when it works now: found by its SHA-256 (owner's handle: the
 * company is not known yet), not revoked, not expired, its company ACTIVE. Anything else is null (401).
 */
export async function keyOfToken(db: Db, token: string, now = new Date()) {
  if (!token.startsWith(API_KEY_PREFIX) || token.length > 100) return null;
  const [row] = await db
    .select({ key: apiKeys, companyStatus: companies.status })
    .from(apiKeys)
    .innerJoin(companies, eq(companies.id, apiKeys.companyId))
    .where(eq(apiKeys.keyHash, sha256(token)))
    .limit(1);
  if (!row || row.key.revokedAt || (row.key.expiresAt && row.key.expiresAt <= now) || row.companyStatus !== 'ACTIVE') return null;
  if (!row.key.lastUsedAt || now.getTime() - row.key.lastUsedAt.getTime() > TOUCH_EVERY_MS) {
    await db.update(apiKeys).set({ lastUsedAt: now }).where(eq(apiKeys.id, row.key.id));
  }
  return row.key;
}
