import { createHash, hkdfSync } from 'node:crypto';
import {
  type ChallengeStep,
  FACE_LIMITS,
  type KioskContactInput,
  type KioskContactResult,
  type KioskMarkResult,
  type KioskOfflineMarkFields,
  kioskContactText,
  kioskOfflineSignedText,
  NON_ROTATION_STEPS,
  OFFLINE_PUNCH,
  type PunchReviewReason,
} from '@presente/shared';
import { eq } from 'drizzle-orm';
import type { Ctx } from '../../context.js';
import { faceChallenges, pairedKiosks } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { CHALLENGE_STEPS } from '../../face/challenge.js';
import type { Opened } from './kiosk.service.js';
import { type ClaimedChallenge, type OfflinePunch, runMark } from './kiosk.service.js';
import { type Kiosk, verifyKioskText } from './pairing.service.js';

/**
 * Offline punches of a paired kiosk (issue 25 item 3, decision 0075).
 *
 * Contacts: while online the kiosk signs its own clock (and how many punches wait); the server keeps each contact's
 * kiosk time `d` and server time `s` for 24 h and answers with the key the kiosk encrypts its queue with.
 *
 * An offline mark names one of those contacts: its capture time on the server's clock is s + (capturedAt - d), so the
 * kiosk's clock only ever measures the time elapsed since a moment the server saw. It is refused when before that
 * contact, when another contact of the kiosk came between them (the kiosk was online then: it would have marked
 * online), in the future of the upload, or older than 24 h. Then it runs the online mark's checks on the server's own
 * analysis (frames never seen, the burst's liveness for the kiosk's own steps, 1:N), its challenge id used once.
 */

/** The AES-256-GCM key of a kiosk's offline queue: derived from the session secret, so nothing more is stored. */
export function offlineKeyOf(secret: string, kioskId: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'presente', `kiosk-offline-queue:${kioskId}`, 32));
}

type Contact = { d: number; s: number };
const recent = (contacts: Contact[], now: number) => contacts.filter((c) => c.s >= now - OFFLINE_PUNCH.maxAgeMs - 3_600_000);

/**
 * The kiosk's contacts after one more at kiosk time `deviceTime`, seen now: the recent ones (24 h and one more hour),
 * the newest `maxContacts` of them. Each contact is named by its kiosk time: the same one twice is a replay (or a
 * clock that did not move), refused.
 */
export function nextContacts(contacts: Contact[], deviceTime: number, now: number): Contact[] {
  const kept = recent(contacts, now);
  if (kept.some((c) => c.d === deviceTime)) throw new AppError('kiosk_contact_stale', 'kiosk.contactStale');
  return [...kept, { d: deviceTime, s: now }].slice(-OFFLINE_PUNCH.maxContacts);
}

/** An offline punch captured more than `reviewAfterMinutes` after its contact goes to review (decision 0075). */
export function offlineReviewReasons(at: number, contact: Contact): PunchReviewReason[] {
  const minutes = Math.round((at - contact.s) / 60_000);
  return minutes > OFFLINE_PUNCH.reviewAfterMinutes ? [{ code: 'offline_late', value: minutes, limit: OFFLINE_PUNCH.reviewAfterMinutes }] : [];
}

export async function kioskContact(
  ctx: Ctx,
  opened: Opened,
  kiosk: Kiosk,
  input: KioskContactInput,
  signature: string | undefined,
  now = Date.now(),
): Promise<KioskContactResult> {
  await verifyKioskText(ctx, kiosk, kioskContactText({ kioskId: kiosk.id, ...input }), signature);
  const kept = nextContacts(kiosk.contacts ?? [], input.deviceTime, now);
  await ctx.db
    .update(pairedKiosks)
    // Stryker disable next-line MethodExpression: an address is at most 45 characters (IPv6 with IPv4); the cut guards the column
    .set({ contacts: kept, lastContactAt: new Date(now), offlineWaiting: input.waiting, lastIp: ctx.ip.slice(0, 64) })
    .where(eq(pairedKiosks.id, kiosk.id));
  return {
    serverTime: new Date(now).toISOString(),
    linkId: opened.link.id,
    deviceTime: input.deviceTime,
    offlineKey: offlineKeyOf(ctx.deps.sessionSecret, kiosk.id).toString('base64'),
  };
}

/** The kiosk's own steps: 3-4 distinct steps of the online challenge's vocabulary, at least one a photo cannot do. */
export function offlineSteps(text: string): ChallengeStep[] {
  const steps = text.split(',') as ChallengeStep[];
  const ok =
    steps.length >= 3 &&
    steps.length <= 4 &&
    new Set(steps).size === steps.length &&
    steps.every((s) => CHALLENGE_STEPS.includes(s)) &&
    steps.some((s) => NON_ROTATION_STEPS.includes(s));
  if (!ok) throw new AppError('challenge_invalid', 'kiosk.offlineChallengeInvalid');
  return steps;
}

/** The capture time on the server's clock, or a refusal (see the module's comment). */
export function offlineCaptureTime(contacts: Contact[], capturedAt: number, contactAt: number, now: number): { at: number; contact: Contact } {
  const refuse = (why: string): never => {
    throw new AppError('offline_capture_time', 'kiosk.offlineCaptureTime', { why });
  };
  const contact = recent(contacts, now).find((c) => c.d === contactAt) ?? refuse('unknown_contact');
  if (capturedAt < contact.d) refuse('before_contact');
  const at = contact.s + (capturedAt - contact.d);
  if (at > now + OFFLINE_PUNCH.futureSlackMs) refuse('future');
  if (now - at > OFFLINE_PUNCH.maxAgeMs) refuse('too_old');
  // A later contact before the capture: the kiosk was online then (its clock moved back, or the punch is back-dated).
  if (contacts.some((c) => c.s > contact.s && c.s < at - OFFLINE_PUNCH.futureSlackMs)) refuse('online_then');
  return { at, contact };
}

export async function offlineMark(
  ctx: Ctx,
  opened: Opened,
  kiosk: Kiosk,
  input: KioskOfflineMarkFields,
  frames: Buffer[],
  signature: string | undefined,
  now = Date.now(),
): Promise<KioskMarkResult> {
  const { link } = opened;
  const frameDigests = frames.map((f) => createHash('sha256').update(f).digest('hex'));
  await verifyKioskText(ctx, kiosk, kioskOfflineSignedText({ ...input, linkId: link.id, kioskId: kiosk.id, frameDigests }), signature);
  const steps = offlineSteps(input.steps);
  const { at, contact } = offlineCaptureTime(kiosk.contacts ?? [], Number(input.capturedAt), Number(input.contactAt), now);
  const reasons = offlineReviewReasons(at, contact);
  const offline: OfflinePunch = {
    at: new Date(at),
    reasons,
    evidence: {
      challengeId: input.challengeId,
      capturedAt: new Date(at).toISOString(),
      deviceCapturedAt: new Date(Number(input.capturedAt)).toISOString(),
      contactAt: new Date(contact.s).toISOString(),
      uploadedAt: new Date(now).toISOString(),
    },
  };
  // The kiosk-made challenge id, used once: kept as a used challenge past the 24 h any offline punch may be sent within.
  const claim = async (): Promise<ClaimedChallenge> => {
    const [row] = await ctx.db
      .insert(faceChallenges)
      .values({
        id: input.challengeId,
        companyId: link.companyId,
        linkId: link.id,
        kioskId: kiosk.id,
        steps,
        usedAt: new Date(now),
        expiresAt: new Date(now + OFFLINE_PUNCH.maxAgeMs),
      })
      .onConflictDoNothing()
      .returning({ id: faceChallenges.id });
    if (!row) throw new AppError('challenge_invalid', 'kiosk.offlineChallengeInvalid');
    // Stryker disable next-line ArrowFunction: the whole-burst bound of 90 s is out of a burst's reach (24 frames at most 1 s apart); a 4.5 s burst is accepted (kiosk-offline.test.ts)
    return { steps, lifetimeMs: () => FACE_LIMITS.challengeSeconds * 1000 };
  };
  const { challengeId, latitude, longitude, accuracy, frameTimes } = input;
  return runMark(ctx, opened, kiosk, { challengeId, latitude, longitude, accuracy, frameTimes }, frames, claim, offline);
}
