import { createHmac, createPublicKey, hkdfSync, type KeyObject, randomInt, verify } from 'node:crypto';
import { KIOSK_PAIRING, type KioskPairingCode, type KioskPairResult, kioskSignedText, normalizePairingCode, type PairedKiosk } from '@presente/shared';
import { and, desc, eq, gt, isNull, lt } from 'drizzle-orm';
import { type Ctx, requireCompany } from '../../context.js';
import { companies, kioskPairingCodes, pairedKiosks, users } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { rooms } from '../../realtime/events.js';
import { logActivity } from '../activity/activity.service.js';

/**
 * Paired kiosks (decision 0033). The admin makes a one-time code (10 minutes, only its HMAC kept); the kiosk
 * browser enters it once with the public half of an ECDSA P-256 key it created non-extractable; from then on
 * every challenge names the kiosk (X-Kiosk-Id) and every mark is signed by it over the link, the nonce and the
 * SHA-256 of each uploaded frame in order.
 */
const keys = new Map<string, Buffer>();
function codeKey(secret: string): Buffer {
  let key = keys.get(secret);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', secret, 'presente', 'kiosk-pairing-code', 32));
    keys.set(secret, key);
  }
  return key;
}
const hashCode = (secret: string, code: string) => createHmac('sha256', codeKey(secret)).update(normalizePairingCode(code)).digest('hex');

function newCode(): string {
  const { codeAlphabet: abc, codeLength } = KIOSK_PAIRING;
  return Array.from({ length: codeLength }, () => abc[randomInt(abc.length)]).join('');
}
/** "ABCD-EFGH": easier to read aloud and to type. */
const formatCode = (code: string) => `${code.slice(0, 4)}-${code.slice(4)}`;

export async function createPairingCode(ctx: Ctx, input: { name: string }): Promise<KioskPairingCode> {
  const companyId = requireCompany(ctx.actor);
  const code = newCode();
  const expiresAt = new Date(Date.now() + KIOSK_PAIRING.codeMinutes * 60_000);
  await ctx.db
    .insert(kioskPairingCodes)
    .values({ companyId, codeHash: hashCode(ctx.deps.sessionSecret, code), name: input.name, createdByUserId: ctx.actor?.userId ?? null, expiresAt });
  // Housekeeping: codes are worthless a day after they expire.
  await ctx.db.delete(kioskPairingCodes).where(lt(kioskPairingCodes.expiresAt, new Date(Date.now() - 86_400_000)));
  return { code: formatCode(code), name: input.name, expiresAt: expiresAt.toISOString() };
}

/** The public key of a kiosk as the browser sent it (SPKI DER, base64), when it is an ECDSA P-256 key. */
function publicKeyOf(spki: string): KeyObject | null {
  try {
    const key = createPublicKey({ key: Buffer.from(spki, 'base64'), format: 'der', type: 'spki' });
    return key.asymmetricKeyType === 'ec' && key.asymmetricKeyDetails?.namedCurve === 'prime256v1' ? key : null;
  } catch {
    return null;
  }
}

const WRONG_CODES_WINDOW_MS = 15 * 60_000;

/**
 * The kiosk's pairing: the code is consumed by one conditional UPDATE (single use across processes), wrong
 * codes count per IP (10 in 15 minutes, then 429 until the window ends, a right code included).
 */
export async function pairKiosk(ctx: Ctx, input: { code: string; publicKey: string }): Promise<KioskPairResult> {
  const limitKey = `kiosk:wrong-code:ip:${ctx.ip}`;
  if ((await ctx.deps.limiter.count(limitKey)) >= KIOSK_PAIRING.wrongCodesPerIp) throw new AppError('rate_limited', 'error.rate_limited');
  const key = publicKeyOf(input.publicKey);
  if (!key) throw new AppError('validation_failed', 'kiosk.publicKeyInvalid', {}, [{ path: 'publicKey', message: 'kiosk.publicKeyInvalid' }]);
  const spki = key.export({ format: 'der', type: 'spki' }).toString('base64');
  const now = new Date();
  const paired = await ctx.db.transaction(async (tx) => {
    const [code] = await tx
      .update(kioskPairingCodes)
      .set({ usedAt: now })
      .where(
        and(
          eq(kioskPairingCodes.codeHash, hashCode(ctx.deps.sessionSecret, input.code)),
          isNull(kioskPairingCodes.usedAt),
          gt(kioskPairingCodes.expiresAt, now),
        ),
      )
      .returning();
    if (!code) return null;
    const [company] = await tx.select({ name: companies.name, status: companies.status }).from(companies).where(eq(companies.id, code.companyId));
    if (!company || company.status === 'INACTIVE') return null;
    const [kiosk] = await tx
      .insert(pairedKiosks)
      .values({ companyId: code.companyId, name: code.name, publicKey: spki, createdByUserId: code.createdByUserId, lastIp: ctx.ip.slice(0, 64) })
      .returning();
    await logActivity(tx, {
      companyId: code.companyId,
      actorUserId: code.createdByUserId,
      type: 'admin_action',
      title: 'activity.kioskPaired',
      details: { kioskName: kiosk.name, kioskId: kiosk.id },
    });
    return { kiosk, companyName: company.name };
  });
  if (!paired) {
    await ctx.deps.limiter.hit(limitKey, WRONG_CODES_WINDOW_MS);
    throw new AppError('pairing_code_invalid', 'kiosk.pairingCodeInvalid');
  }
  ctx.deps.events.emit(rooms.companyAdmin(paired.kiosk.companyId), 'kiosk_update', { action: 'paired', id: paired.kiosk.id });
  return { kioskId: paired.kiosk.id, name: paired.kiosk.name, companyName: paired.companyName };
}

export async function listKiosks(ctx: Ctx): Promise<PairedKiosk[]> {
  const companyId = requireCompany(ctx.actor);
  const rows = await ctx.db
    .select({ kiosk: pairedKiosks, createdBy: users.name })
    .from(pairedKiosks)
    .leftJoin(users, eq(users.id, pairedKiosks.createdByUserId))
    .where(eq(pairedKiosks.companyId, companyId))
    .orderBy(desc(pairedKiosks.createdAt));
  return rows.map(({ kiosk: k, createdBy }) => ({
    id: k.id,
    name: k.name,
    createdAt: k.createdAt.toISOString(),
    createdBy: createdBy ?? null,
    lastUsedAt: k.lastUsedAt?.toISOString() ?? null,
    lastIp: k.lastIp,
    lastLocation: k.lastLocation ?? null,
    revokedAt: k.revokedAt?.toISOString() ?? null,
    lastContactAt: k.lastContactAt?.toISOString() ?? null,
    offlineWaiting: k.offlineWaiting,
  }));
}

export async function revokeKiosk(ctx: Ctx, id: string) {
  const companyId = requireCompany(ctx.actor);
  const [row] = await ctx.db
    .update(pairedKiosks)
    .set({ revokedAt: new Date() })
    .where(and(eq(pairedKiosks.id, id), eq(pairedKiosks.companyId, companyId), isNull(pairedKiosks.revokedAt)))
    .returning();
  if (!row) {
    const [exists] = await ctx.db
      .select({ id: pairedKiosks.id })
      .from(pairedKiosks)
      .where(and(eq(pairedKiosks.id, id), eq(pairedKiosks.companyId, companyId)));
    if (!exists) throw new AppError('not_found', 'kiosk.notFound');
    return;
  }
  await logActivity(ctx.db, {
    companyId,
    actorUserId: ctx.actor?.userId ?? null,
    type: 'admin_action',
    title: 'activity.kioskRevoked',
    details: { kioskName: row.name, kioskId: row.id },
  });
  ctx.deps.events.emit(rooms.companyAdmin(companyId), 'kiosk_update', { action: 'revoked', id });
}

export type Kiosk = typeof pairedKiosks.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The kiosk an X-Kiosk-Id names, if it belongs to this company (else null: unknown and foreign look alike). */
export async function kioskOf(ctx: Ctx, companyId: string, kioskId: string | undefined): Promise<Kiosk | null> {
  if (!kioskId || !UUID.test(kioskId)) return null;
  const [row] = await ctx.db
    .select()
    .from(pairedKiosks)
    .where(and(eq(pairedKiosks.id, kioskId), eq(pairedKiosks.companyId, companyId)));
  return row ?? null;
}

/** What the kiosk page shows: paired, revoked (pair again) or unpaired. */
export async function kioskState(ctx: Ctx, companyId: string, kioskId: string | undefined): Promise<'paired' | 'revoked' | 'unpaired'> {
  const kiosk = await kioskOf(ctx, companyId, kioskId);
  if (!kiosk) return 'unpaired';
  return kiosk.revokedAt ? 'revoked' : 'paired';
}

/** Wrong kiosk calls (no, unknown, foreign, revoked kiosk; a bad signature) per IP: 20 in 15 minutes. */
export const UNPAIRED = { perIp: 20, windowMs: 15 * 60_000 } as const;
const unpairedKey = (ctx: Ctx) => `kiosk:unpaired:ip:${ctx.ip}:${Math.floor(Date.now() / UNPAIRED.windowMs)}`;

/** Refused before anything else when this IP sent too many calls no paired kiosk signed. */
export async function assertIpNotBlocked(ctx: Ctx) {
  if ((await ctx.deps.limiter.count(unpairedKey(ctx))) >= UNPAIRED.perIp) throw new AppError('rate_limited', 'face.networkCooldown');
}

async function refuse(ctx: Ctx, code: 'kiosk_not_paired' | 'kiosk_revoked' | 'kiosk_signature_invalid'): Promise<never> {
  await ctx.deps.limiter.hit(unpairedKey(ctx), UNPAIRED.windowMs);
  const key = { kiosk_not_paired: 'kiosk.notPaired', kiosk_revoked: 'kiosk.revoked', kiosk_signature_invalid: 'kiosk.signatureInvalid' }[code];
  throw new AppError(code, key);
}

/** The paired, not revoked kiosk of this company the call names, else 403 (counted against the IP). */
export async function requireKiosk(ctx: Ctx, companyId: string, kioskId: string | undefined): Promise<Kiosk> {
  const kiosk = await kioskOf(ctx, companyId, kioskId);
  if (kiosk && !kiosk.revokedAt) return kiosk; // a paired kiosk is never held up by others' calls from its network
  await assertIpNotBlocked(ctx);
  return refuse(ctx, kiosk ? 'kiosk_revoked' : 'kiosk_not_paired');
}

/**
 * Checks the mark's signature: ECDSA P-256 with SHA-256, IEEE P1363 (r||s, as WebCrypto signs), base64url, over
 * kioskSignedText (link, nonce, kiosk, each frame's SHA-256 in order, capture times). Any change of a frame,
 * their order, the nonce or the link fails it.
 */
export async function verifyMarkSignature(
  ctx: Ctx,
  kiosk: Kiosk,
  signed: { linkId: string; challengeId: string; frameDigests: string[]; frameTimes?: string },
  signature: string | undefined,
) {
  await verifyKioskText(ctx, kiosk, kioskSignedText({ ...signed, kioskId: kiosk.id }), signature);
}

/** Checks the kiosk's signature over `text` (ECDSA P-256 / SHA-256, IEEE P1363, base64url); else 403, counted against the IP. */
export async function verifyKioskText(ctx: Ctx, kiosk: Kiosk, text: string, signature: string | undefined) {
  let ok = false;
  try {
    // Stryker disable next-line ConditionalExpression,LogicalOperator,EqualityOperator: every route's header schema caps the signature at 200 characters (kiosk.routes.ts)
    if (signature && signature.length <= 200) {
      const key = createPublicKey({ key: Buffer.from(kiosk.publicKey, 'base64'), format: 'der', type: 'spki' });
      ok = verify('sha256', Buffer.from(text), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
    }
  } catch {
    ok = false;
  }
  if (!ok) await refuse(ctx, 'kiosk_signature_invalid');
}

/** Last use, IP and position of a kiosk after an accepted mark. */
export async function touchKiosk(ctx: Ctx, kioskId: string, location: { latitude: number; longitude: number; accuracy?: number } | null) {
  await ctx.db
    .update(pairedKiosks)
    .set({
      lastUsedAt: new Date(),
      lastIp: ctx.ip.slice(0, 64),
      ...(location ? { lastLocation: { latitude: location.latitude, longitude: location.longitude, accuracy: location.accuracy ?? null } } : {}),
    })
    .where(eq(pairedKiosks.id, kioskId));
}
