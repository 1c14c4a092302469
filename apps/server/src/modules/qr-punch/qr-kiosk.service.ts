import { createPublicKey, verify } from 'node:crypto';
import { kioskQrSignedText, type QrDisplayCode } from '@presente/shared';
import { asc, eq } from 'drizzle-orm';
import type { Ctx } from '../../context.js';
import { workLocations } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { checkKioskToken } from '../face/kiosk.service.js';
import { type Kiosk, requireKiosk } from '../face/pairing.service.js';
import { displayCode } from './qr-punch.service.js';

/** How far a kiosk's signed time may be from the server's: a captured request is worthless a minute later. */
const KIOSK_CLOCK_SKEW_MS = 60_000;

/** The company's work locations, for a paired kiosk of a link of that company (the kiosk picks the one it shows). */
export async function kioskQrLocations(ctx: Ctx, token: string, kioskId: string | undefined) {
  const { link } = await checkKioskToken(ctx, token);
  await requireKiosk(ctx, link.companyId, kioskId);
  return ctx.db
    .select({ id: workLocations.id, name: workLocations.name })
    .from(workLocations)
    .where(eq(workLocations.companyId, link.companyId))
    .orderBy(asc(workLocations.name));
}

function signedByKiosk(kiosk: Kiosk, text: string, signature: string | undefined): boolean {
  try {
    if (!signature || signature.length > 200) return false;
    const key = createPublicKey({ key: Buffer.from(kiosk.publicKey, 'base64'), format: 'der', type: 'spki' });
    return verify('sha256', Buffer.from(text), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  } catch {
    return false;
  }
}

/**
 * The rotating code a paired kiosk shows (decision 0044): only for a kiosk of the link's company, asked with its
 * signature (the non-extractable key of its pairing) over the location and its own time, that time within a
 * minute of the server's; the location must be of the same company (else 404).
 */
export async function kioskDisplayCode(
  ctx: Ctx,
  token: string,
  kioskId: string | undefined,
  input: { locationId: string; at: string },
  signature: string | undefined,
  now = new Date(),
): Promise<QrDisplayCode> {
  const { link } = await checkKioskToken(ctx, token);
  const kiosk = await requireKiosk(ctx, link.companyId, kioskId);
  const fresh = Math.abs(Date.parse(input.at) - now.getTime()) <= KIOSK_CLOCK_SKEW_MS;
  if (!fresh || !signedByKiosk(kiosk, kioskQrSignedText({ kioskId: kiosk.id, locationId: input.locationId, at: input.at }), signature)) {
    throw new AppError('kiosk_signature_invalid', 'kiosk.signatureInvalid');
  }
  return displayCode(ctx, link.companyId, input.locationId, now);
}
