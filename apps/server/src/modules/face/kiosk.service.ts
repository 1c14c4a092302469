import { createHash } from 'node:crypto';
import {
  type ChallengeStep,
  type ErrorCode,
  FACE_LIMITS,
  type KioskChallenge,
  type KioskInfo,
  type KioskMarkResult,
  type PunchReviewReason,
  toLocal,
} from '@presente/shared';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Ctx } from '../../context.js';
import { attendanceLinks, companies, faceChallenges, kioskDevices } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { BURST, checkBurst, parseTimes, pickDescribed } from '../../face/burst.js';
import { randomStepChallenge } from '../../face/challenge.js';
import { clampThreshold } from '../../face/match.js';
import { lightSequence, screenLightOf } from '../../face/screen-light.js';
import { punch } from '../attendance/punch.service.js';
import { flagForReview } from '../punch-reviews/punch-reviews.flag.js';
import { analyzeAll } from './analyze.js';
import { identifyBurst } from './burst-identity.js';
import { claimFrames, frameHash, pruneFrameHashes, releaseFrames } from './frame-hashes.js';
import { assertIdentityFree, countIdentityRefusal } from './identity-limits.js';
import { checkImages } from './image-check.js';
import { cooldownLeft, recordFailure } from './kiosk-cooldown.js';
import { faceGrey, keepRefusal, kioskRefusalMessage, pruneRefusals, type RefusalNotes, tooDark } from './kiosk-refusals.js';
import { hashLinkToken } from './link-token.js';
import { linkState } from './links.service.js';
import { type Kiosk, kioskState, requireKiosk, touchKiosk, verifyMarkSignature } from './pairing.service.js';
import { companyIndex } from './templates.cache.js';

/** The link behind a public token, refused when unknown (404), inactive or expired (410), or its company is not active. */
async function openLink(ctx: Ctx, token: string) {
  // The token names the company: looked up with the owner's handle (whatever session the browser has), and the
  // request is held to that company from then on (checkKioskToken; decision 0030).
  const [row] = await ctx.deps.db
    .select({
      link: attendanceLinks,
      company: { id: companies.id, name: companies.name, timezone: companies.timezone, status: companies.status, threshold: companies.faceMatchThreshold },
    })
    .from(attendanceLinks)
    .innerJoin(companies, eq(companies.id, attendanceLinks.companyId))
    .where(eq(attendanceLinks.tokenHash, hashLinkToken(token)));
  if (!row) throw new AppError('not_found', 'faceLink.unknown');
  const state = linkState(row.link);
  if (state === 'inactive' || row.company.status === 'INACTIVE') throw new AppError('link_inactive', 'faceLink.inactive');
  if (state === 'expired') throw new AppError('link_expired', 'faceLink.expired');
  return row;
}

/**
 * Wrong tokens per IP in a clock-aligned window (decision 0028): past it every kiosk call from that IP answers
 * 429 with Retry-After, a right token included (else a guesser would learn a hit from the status). Not scaled
 * by RATE_LIMIT_SCALE: nobody with a real link types twenty wrong ones.
 */
export const WRONG_TOKENS = { perIp: 20, windowMs: 15 * 60_000 } as const;

/**
 * The link of a kiosk call, checked before anything else is read (the route's onRequest hook, before the
 * multipart body): an IP past its wrong tokens is refused first, and an unknown token counts one more.
 */
export async function checkKioskToken(ctx: Ctx, token: string, now = Date.now()): Promise<Opened> {
  const window = Math.floor(now / WRONG_TOKENS.windowMs);
  const key = `kiosk:wrong-token:ip:${ctx.ip}:${window}`;
  const retryAfter = Math.max(1, Math.ceil(((window + 1) * WRONG_TOKENS.windowMs - now) / 1000));
  if ((await ctx.deps.limiter.count(key)) >= WRONG_TOKENS.perIp) throw new AppError('rate_limited', 'error.rate_limited', { retryAfter });
  try {
    const opened = await openLink(ctx, token);
    // From here on the request is the link's company: row-level security holds it there (decision 0030).
    ctx.db = ctx.deps.tenantDb(opened.link.companyId);
    return opened;
  } catch (err) {
    if (err instanceof AppError && err.code === 'not_found' && (await ctx.deps.limiter.hit(key, WRONG_TOKENS.windowMs)) > WRONG_TOKENS.perIp) {
      throw new AppError('rate_limited', 'error.rate_limited', { retryAfter });
    }
    throw err;
  }
}

export type Opened = Awaited<ReturnType<typeof openLink>>;

/**
 * Requests per minute of one paired kiosk (decision 0033). Counted only once the kiosk is known (and, for a
 * mark, its signature checked), so an outsider's calls never use up a kiosk's or a link's allowance.
 */
export const KIOSK_RATE = { challengePerKiosk: 60, markPerKiosk: 30 } as const;

async function limit(ctx: Ctx, key: string, max: number) {
  if ((await ctx.deps.limiter.hit(key, 60_000)) > max) throw new AppError('rate_limited', 'face.tooManyRequests');
}

export async function kioskInfo(ctx: Ctx, token: string, kioskId: string | undefined): Promise<KioskInfo> {
  const { link, company } = await checkKioskToken(ctx, token);
  return {
    companyName: company.name,
    linkName: link.name,
    timezone: company.timezone,
    serverTime: new Date().toISOString(),
    kiosk: await kioskState(ctx, link.companyId, kioskId),
  };
}

/** A single-use challenge (the nonce the mark signs) for a paired kiosk of the link's company. */
export async function createChallenge(ctx: Ctx, token: string, kioskId: string | undefined): Promise<KioskChallenge> {
  const { link } = await checkKioskToken(ctx, token);
  const kiosk = await requireKiosk(ctx, link.companyId, kioskId);
  await limit(ctx, `kiosk:challenge:kiosk:${kiosk.id}`, KIOSK_RATE.challengePerKiosk);
  const steps = randomStepChallenge();
  const expiresAt = new Date(Date.now() + FACE_LIMITS.challengeSeconds * 1000);
  const [row] = await ctx.db.insert(faceChallenges).values({ companyId: link.companyId, linkId: link.id, kioskId: kiosk.id, steps, expiresAt }).returning();
  // Housekeeping: challenges are worthless an hour after they expire; frame hashes after a day.
  await ctx.db.delete(faceChallenges).where(lt(faceChallenges.expiresAt, new Date(Date.now() - 3_600_000)));
  await pruneFrameHashes(ctx.db);
  await pruneRefusals(ctx.db);
  const burst = { minFrames: BURST.minFrames, maxFrames: BURST.maxFrames, fps: BURST.fps, minFps: BURST.minFps, maxFps: BURST.maxFps };
  return { challengeId: row.id, steps, expiresAt: expiresAt.toISOString(), linkId: link.id, burst, light: { segments: lightSequence(row.id) } };
}

const FACE_FAILURES = new Set([
  'no_face',
  'multiple_faces',
  'liveness_failed',
  'face_not_recognized',
  'challenge_invalid',
  'invalid_image',
  'captures_count',
  'frame_replayed',
  'faces_differ',
  'face_too_dark',
]);

export interface MarkInput {
  challengeId: string;
  latitude?: number;
  longitude?: number;
  accuracy?: number;
  frameTimes?: string;
}

/**
 * A kiosk mark (decision 0033): link (before the upload) → paired kiosk (before the upload) → its signature over
 * the link, the nonce and each frame's SHA-256 → per-kiosk limit and cool-down → the single-use challenge issued
 * to that kiosk → frames not seen in an accepted mark within a day → every frame one face of one person
 * following the challenge (liveness) → 1:N within the link's company → that identity not waiting → the
 * attendance rules (geofence, check-in/out) in one transaction, with the evidence stored on the record.
 */
export async function mark(
  ctx: Ctx,
  opened: Opened,
  kiosk: Kiosk,
  input: MarkInput,
  frames: Buffer[],
  signature: string | undefined,
): Promise<KioskMarkResult> {
  const { link } = opened;
  const frameDigests = frames.map((f) => createHash('sha256').update(f).digest('hex'));
  await verifyMarkSignature(ctx, kiosk, { linkId: link.id, challengeId: input.challengeId, frameDigests, frameTimes: input.frameTimes }, signature);
  return runMark(ctx, opened, kiosk, input, frames, () => claimChallenge(ctx, link, kiosk, input.challengeId));
}

/** What a mark's challenge gives once claimed: its steps, and how long it has lived by the time the frames are judged. */
export interface ClaimedChallenge {
  steps: ChallengeStep[];
  lifetimeMs: () => number;
}

/** The online mark's challenge: issued by the server to this kiosk for this link, unused and unexpired; used now. */
async function claimChallenge(ctx: Ctx, link: Opened['link'], kiosk: Kiosk, challengeId: string): Promise<ClaimedChallenge> {
  const [challenge] = await ctx.db
    .update(faceChallenges)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(faceChallenges.id, challengeId),
        eq(faceChallenges.linkId, link.id),
        eq(faceChallenges.kioskId, kiosk.id),
        isNull(faceChallenges.usedAt),
        gt(faceChallenges.expiresAt, new Date()),
      ),
    )
    .returning();
  if (!challenge) throw new AppError('challenge_invalid', 'face.challengeInvalid');
  // The burst cannot be longer than the challenge has lived (issued challengeSeconds before its expiry).
  const issued = challenge.expiresAt.getTime() - FACE_LIMITS.challengeSeconds * 1000;
  return { steps: challenge.steps as ChallengeStep[], lifetimeMs: () => Date.now() - issued };
}

/** An offline punch (decision 0075): recorded at its capture time, with what the server verified of it in the evidence. */
export interface OfflinePunch {
  at: Date;
  evidence: Record<string, unknown>;
  /** Review reasons of its own (a capture long after the kiosk's last contact). */
  reasons: PunchReviewReason[];
}

/**
 * A signed mark, online or offline: per-kiosk limit and cool-down, then the challenge claimed, the frames, liveness,
 * 1:N and the punch; a refusal counts against the kiosk and is kept with its evidence.
 */
export async function runMark(
  ctx: Ctx,
  opened: Opened,
  kiosk: Kiosk,
  input: MarkInput,
  frames: Buffer[],
  claim: () => Promise<ClaimedChallenge>,
  offline?: OfflinePunch,
): Promise<KioskMarkResult> {
  const { link, company } = opened;
  await limit(ctx, `kiosk:mark:kiosk:${kiosk.id}`, KIOSK_RATE.markPerKiosk);
  const deviceKey = createHash('sha256').update(`kiosk:${kiosk.id}`).digest('hex');
  const wait = await cooldownLeft(ctx, link.id, deviceKey);
  if (wait > 0) throw new AppError('rate_limited', 'face.cooldown', { seconds: wait });
  const notes: RefusalNotes = { frames: frames.length };
  try {
    const result = await verifyAndPunch(ctx, link, company, kiosk, input, frames, notes, claim, offline);
    await ctx.db.delete(kioskDevices).where(and(eq(kioskDevices.linkId, link.id), eq(kioskDevices.deviceKey, deviceKey)));
    return result;
  } catch (err) {
    if (err instanceof AppError && FACE_FAILURES.has(err.code)) await recordFailure(ctx, link.companyId, link.id, deviceKey);
    // Every refusal keeps its reason and evidence (decision 0057), as a punch does.
    if (err instanceof AppError && (FACE_FAILURES.has(err.code) || err.code === 'identity_cooldown')) {
      await keepRefusal(ctx, { companyId: link.companyId, linkId: link.id, kioskId: kiosk.id, code: err.code, notes: { ...notes, message: err.messageKey } });
    }
    throw err;
  }
}

async function verifyAndPunch(
  ctx: Ctx,
  link: Opened['link'],
  company: Opened['company'],
  kiosk: Kiosk,
  input: MarkInput,
  frames: Buffer[],
  notes: RefusalNotes,
  claimTheChallenge: () => Promise<ClaimedChallenge>,
  offline: OfflinePunch | undefined,
): Promise<KioskMarkResult> {
  const challenge = await claimTheChallenge();
  // Only a burst (decisions 0049, 0063): the 3-6 picked frames of the old page (a photo pair passed them) are refused.
  if (frames.length < BURST.minFrames || frames.length > BURST.maxFrames) {
    throw new AppError('captures_count', 'face.kioskBurstCount', { count: frames.length, min: BURST.minFrames, max: BURST.maxFrames });
  }

  // Frames that look like frames of an accepted mark (re-encoded, resized, brightened) are refused before the
  // engine; this mark's frames are claimed at once and given back if it fails.
  await checkImages(frames, 'frames'); // judged by their bytes before sharp decodes any (decision 0028)
  const hashes = await Promise.all(frames.map((f) => frameHash(f).catch(() => null)));
  if (hashes.some((h) => h === null)) throw new AppError('invalid_image', 'face.invalid_image');
  const claim = await claimFrames(ctx.db, link.companyId, hashes as string[]);
  if ('seen' in claim) {
    // Stryker disable next-line ObjectLiteral,StringLiteral: a log line's fields and text; the refusal's evidence keeps the frame (notes.replayedFrame)
    ctx.log.info({ linkId: link.id, kioskId: kiosk.id, frame: claim.seen }, 'kiosk mark refused: frame already accepted');
    notes.replayedFrame = claim.seen;
    throw new AppError('frame_replayed', 'face.frameReplayed', {}, [{ path: `frames[${claim.seen}]`, message: 'face.frameReplayed' }]);
  }
  try {
    return await judgeAndPunch(ctx, link, company, kiosk, input, frames, challenge.steps, challenge.lifetimeMs(), notes, offline);
  } catch (err) {
    await releaseFrames(ctx.db, claim.ids);
    throw err;
  }
}

async function judgeAndPunch(
  ctx: Ctx,
  link: Opened['link'],
  company: Opened['company'],
  kiosk: Kiosk,
  input: MarkInput,
  frames: Buffer[],
  steps: ChallengeStep[],
  lifetimeMs: number,
  notes: RefusalNotes,
  offline?: OfflinePunch,
): Promise<KioskMarkResult> {
  // A descriptor on a few frames spread over the burst, chosen here after the upload (decision 0049): continuity binds
  // the others to them (amends decision 0057's "every frame identified"); the others get the mesh only.
  const described = new Set(pickDescribed(frames.length));
  const started = performance.now();
  const analyses = await analyzeAll(ctx, frames, 'frames', link.companyId, (i) => ({ descriptors: described.has(i) ? 'single' : 'none' }), {
    sequence: true,
  });
  notes.analysisMs = Math.round(performance.now() - started);
  const threshold = clampThreshold(company.threshold / 100);
  const index = await companyIndex(ctx.db, link.companyId);
  // Every frame is identified (decision 0057): whose face this is counts a refusal against that identity, whatever
  // refuses the mark afterwards; five in 3 minutes make it wait, and the admin is told.
  const burst = identifyBurst(index, analyses, threshold);
  Object.assign(notes, { employeeId: burst.likely, steps, threshold, frameIdentities: burst.frames, faceGrey: faceGrey(analyses) });
  const refuse = async (code: ErrorCode, messageKey: string, log: Record<string, unknown>): Promise<never> => {
    ctx.log.info({ linkId: link.id, kioskId: kiosk.id, ...log }, `kiosk mark refused: ${code}`);
    Object.assign(notes, log);
    if (burst.likely) await countIdentityRefusal(ctx, link.companyId, burst.likely, kiosk);
    throw new AppError(code, messageKey);
  };
  // The screen light (decision 0073): a logged feature, kept on the punch and on a refusal; not a gate (yet).
  notes.screenLight = screenLightOf(analyses, parseTimes(input.frameTimes), input.challengeId);
  // Stryker disable next-line ObjectLiteral,StringLiteral: a log line's fields and text; the punch and the refusal keep notes.screenLight
  ctx.log.info({ linkId: link.id, kioskId: kiosk.id, screenLight: notes.screenLight }, 'kiosk screen light');
  if (tooDark(analyses)) await refuse('face_too_dark', 'face.kioskTooDark', { grey: faceGrey(analyses) });
  // Stryker disable next-line ArrayDeclaration: without capture times any list of another length is refused alike (burst_timing, face/burst.ts)
  const liveness = checkBurst({ steps, frames: analyses, times: parseTimes(input.frameTimes) ?? [], lifetimeMs });
  if (!liveness.passed) {
    // Stryker disable next-line StringLiteral: checkBurst names a reason whenever it fails (face/burst.ts); the default is never read
    const reason = liveness.reason ?? 'liveness_failed';
    await refuse(reason, kioskRefusalMessage(reason, liveness.details.failure), { liveness: liveness.details });
  }
  // Each frame as the punch's evidence (the evidence table): pose, yaw, scores, distance when described.
  const evidenceFrames = analyses.map((a, i) => {
    const f = a.faces[0];
    // Stryker disable next-line OptionalChaining: identifyBurst answers one entry per analysed frame
    const d = burst.frames[i]?.distance;
    // A 'lite' frame's scores were not measured (decision 0070): left out, never a made-up number.
    // Stryker disable next-line LogicalOperator,ConditionalExpression: the engine measures both scores or neither (a 'lite' frame); kiosk-evidence.test.ts kills the always-true condition by hand
    const scores = f.antispoof !== null && f.liveness !== null ? { antispoof: f.antispoof, live: f.liveness } : {};
    return { pose: liveness.details.poses[i], yaw: f.yaw, ...scores, distance: Number.isFinite(d) ? d : null };
  });
  if (!burst.employeeId || !burst.best) {
    const code = burst.refusal === 'frames_disagree' ? 'faces_differ' : 'face_not_recognized';
    await refuse(code, code === 'faces_differ' ? 'face.kioskFramesDiffer' : 'face.kioskNotRecognized', {});
  }
  const found = { ...burst.best!, employeeId: burst.employeeId! };
  await assertIdentityFree(ctx, link.companyId, found.employeeId);

  const location =
    input.latitude != null && input.longitude != null ? { latitude: input.latitude, longitude: input.longitude, accuracy: input.accuracy } : null;
  const evidence = {
    linkId: link.id,
    linkName: link.name,
    kioskId: kiosk.id,
    kioskName: kiosk.name,
    distance: round(found.distance),
    runnerUp: found.runnerUp ? round(found.runnerUp.distance) : null,
    threshold,
    // Every frame's distance to the employee (decision 0057): the review list reads the worst and the margin.
    frameDistances: burst.frames.map((f) => f.distance),
    worstDistance: burst.worst,
    margin: burst.margin,
    liveness: { passed: true, steps, ...liveness.details, frames: evidenceFrames },
    screenLight: notes.screenLight ?? null,
    accuracy: input.accuracy ?? null,
    ip: ctx.ip,
    userAgent: ctx.userAgent.slice(0, 300),
    ...(offline ? { offline: offline.evidence } : {}),
  };
  const result = await punch(ctx.db, ctx.deps, {
    companyId: link.companyId,
    employeeId: found.employeeId,
    action: 'auto',
    method: 'face_recognition',
    location,
    evidence,
    ...(offline ? { at: offline.at } : {}),
    // A close match, a weak liveness signal or an unusual time sends the accepted punch to review (decision 0061).
    afterWrite: flagForReview(evidence, offline?.reasons),
  });
  await ctx.db.update(attendanceLinks).set({ lastUsedAt: new Date() }).where(eq(attendanceLinks.id, link.id));
  await touchKiosk(ctx, kiosk.id, location);
  const at = result.action === 'check_in' ? result.record.checkIn : result.record.checkOut;
  const time = at ?? new Date();
  return {
    employee: result.employee,
    action: result.action,
    time: time.toISOString(),
    localTime: toLocal(time, company.timezone).time,
    status: result.status,
    repeated: result.repeated,
  };
}

const round = (n: number) => Math.round(n * 10000) / 10000;
