import type { ChallengeStep, GeoPoint, KioskChallenge, KioskMarkResult } from '@presente/shared';
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api';
import { errorMessage } from '../../../lib/messages';
import { currentLocation } from '../../employee-area/attendance/geolocation';
import { type BurstRecorder, type BurstReport, recordBurst } from '../camera/burst';
import { poseOf } from '../camera/guidance';
import { settleDense, thinFrames } from '../camera/thin';
import type { FaceLook, GuideStatus } from '../camera/useFaceWatch';
import { markAttendance, startChallenge } from './api';
import { OFFLINE_BURST, offlineChallenge } from './offline/offlineQueue';
import type { QueuePunch } from './offline/useOfflinePunches';
import { KIOSK_TIMING } from './pace';
import type { KioskPairing } from './pairing';
import { paintScreenLight } from './screenLight';

/**
 * What the last marking sent and how long each part took (the page shows it as `data-kiosk-burst` for the e2e
 * journey's timing lines and for a person debugging a kiosk; issue 17).
 */
export interface KioskBurstInfo extends BurstReport {
  /** The capture times sent (ms from the first) and the gaps between them. */
  times: number[];
  gaps: number[];
  /**
   * Frames recorded in the turns' windows, and of them those where the picture moved (kept at the turn's rate when
   * thinning; decision 0085): equal when the browser gave no thumbnails.
   */
  turnFrames: { recorded: number; moving: number };
  /** Click to the challenge (and the guidance) ready, the recording, the upload and the server's answer (ms). */
  prepareMs: number;
  recordMs: number;
  sendMs?: number;
}

export type KioskPhase =
  | { kind: 'idle' }
  | { kind: 'preparing' }
  /** `prompt`: what the screen asks now: the step `index` of `steps`, or the front (index -1) before and between them. */
  | { kind: 'step'; steps: ChallengeStep[]; index: number; prompt: ChallengeStep }
  | { kind: 'sending' }
  | { kind: 'result'; result: KioskMarkResult }
  /** Captured offline and kept for later (decision 0075): `time` is the capture time, HH:mm on this device. */
  | { kind: 'queued'; time: string }
  | { kind: 'refused'; message: string; code: string };

const TURNS: readonly ChallengeStep[] = ['left', 'right'];
const opposite = (a: ChallengeStep | undefined, b: ChallengeStep) => a !== undefined && a !== b && TURNS.includes(a) && TURNS.includes(b);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** A position is reused for the spec's 5 minutes (the browser's own cache: CHECK_GEO_OPTIONS.maximumAge). */
const GEO_REUSE_MS = 5 * 60_000;

/**
 * The kiosk's marking: a challenge from the server, then the camera recorded continuously (a burst, decision 0063)
 * while the screen asks for the front, then each step in turn (the front again between opposite turns), then the
 * burst thinned to the challenge's frames and sent with its capture times.
 */
export function useKioskFlow({
  token,
  pairing,
  videoRef,
  lookRef,
  guidePausedRef,
  guide,
  onLinkGone,
  onUnpaired,
  queueOffline,
}: {
  /** Keeps a punch captured while the server cannot be reached (decision 0075); without it the kiosk refuses offline. */
  queueOffline?: (punch: QueuePunch) => Promise<number>;
  token: string;
  /** This browser's kiosk pairing: names the kiosk for the challenge and signs the mark. */
  pairing: KioskPairing | null;
  /** The server no longer takes this browser as a paired kiosk (revoked, another company, a bad signature). */
  onUnpaired: () => void;
  videoRef: RefObject<HTMLVideoElement | null>;
  lookRef: RefObject<FaceLook | null>;
  /** Pauses the live guidance (useFaceWatch) while the burst records and no step waits on a look. */
  guidePausedRef?: RefObject<boolean>;
  guide: GuideStatus;
  onLinkGone: () => void;
}) {
  const { t } = useTranslation('common');
  const [phase, setPhase] = useState<KioskPhase>({ kind: 'idle' });
  const [burstInfo, setBurstInfo] = useState<KioskBurstInfo | null>(null);
  const run = useRef(0);
  /** The last position asked for; asked again when it failed or is older than the spec's 5 minutes. */
  const geo = useRef<{ at: number; position: Promise<GeoPoint | null>; failed: boolean } | null>(null);
  // The latest guidance state, read when a step runs: a click while Human still loads waits for it.
  const guideRef = useRef(guide);
  guideRef.current = guide;

  /** Waits until `seen()` or `maxMs` (at least `minMs`); true when it was seen. */
  const pause = useCallback(
    (paused: boolean) => {
      if (guidePausedRef) guidePausedRef.current = paused;
    },
    [guidePausedRef],
  );
  /** Waits until `seen()` or `maxMs` (at least `minMs`); true when it was seen. The guidance looks only meanwhile. */
  const waitFor = useCallback(
    async (seen: () => boolean, minMs: number, maxMs: number, alive: () => boolean) => {
      const [from, guided] = [Date.now(), guideRef.current === 'ready'];
      pause(false);
      try {
        while (alive() && Date.now() - from < maxMs) {
          if (guided && Date.now() - from >= minMs && seen()) return true;
          await sleep(40);
        }
        return false;
      } finally {
        pause(true);
      }
    },
    [pause],
  );

  /** The person follows the steps while the burst records; a seen turn and a held move mark a frame to keep. */
  const runSteps = useCallback(
    async (challenge: KioskChallenge, recorder: BurstRecorder, alive: () => boolean) => {
      const { steps } = challenge;
      const show = (index: number, prompt: ChallengeStep) => setPhase({ kind: 'step', steps, index, prompt });
      const looks = (step: ChallengeStep) => {
        const look = lookRef.current;
        return !!look && poseOf(look.faces) === step && poseOf(look.previous ?? []) === step;
      };
      show(-1, 'straight');
      await sleep(KIOSK_TIMING.restMs);
      for (let index = 0; index < steps.length && alive(); index++) {
        const step = steps[index];
        if (opposite(steps[index - 1], step)) {
          // The head coming back to the front is a turn too.
          recorder.turning(Number.POSITIVE_INFINITY);
          show(-1, 'straight');
          await waitFor(() => poseOf(lookRef.current?.faces ?? []) === 'straight', KIOSK_TIMING.frontMinMs, KIOSK_TIMING.frontMaxMs, alive);
        }
        // A turn, and the head coming back from one, are recorded without long gaps (the server caps the yaw step).
        if (TURNS.includes(step)) recorder.turning(Number.POSITIVE_INFINITY);
        else if (index > 0 && TURNS.includes(steps[index - 1])) recorder.turning(KIOSK_TIMING.turnReturnMs);
        show(index, step);
        if (TURNS.includes(step) && guideRef.current === 'ready') {
          const seen = await waitFor(() => looks(step), 0, KIOSK_TIMING.turnTimeoutMs, alive);
          recorder.keepNext();
          // Seen: the turn is held, the head still until the next prompt (decision 0085); unseen, it may still move.
          if (seen) recorder.turning(0);
          await sleep(KIOSK_TIMING.holdMs);
        } else {
          const afterTurn = !TURNS.includes(step) && index > 0 && TURNS.includes(steps[index - 1]);
          const ms = TURNS.includes(step) ? KIOSK_TIMING.unguidedTurnMs : afterTurn ? KIOSK_TIMING.moveAfterTurnMs : KIOSK_TIMING.moveMs;
          // The frame kept is as near the step's end as in a plain move: after a turn the pose comes later, not shorter.
          const tail = (afterTurn ? KIOSK_TIMING.moveMs : ms) * (1 - KIOSK_TIMING.moveKeepAt);
          await sleep(ms - tail);
          recorder.keepNext();
          await sleep(tail);
        }
      }
      await sleep(KIOSK_TIMING.tailMs);
    },
    [lookRef, waitFor],
  );

  /**
   * The position for this attempt, asked while the person follows the steps: optional (sent when allowed, the
   * server decides); a failed or denied one is asked again on the next attempt, a fix is reused for 5 minutes.
   */
  const locate = useCallback((): Promise<GeoPoint | null> => {
    const last = geo.current;
    if (last && !last.failed && Date.now() - last.at < GEO_REUSE_MS) return last.position;
    const entry = { at: Date.now(), position: currentLocation(false), failed: false };
    entry.position = entry.position.then((p) => {
      entry.failed = p === null;
      return p;
    });
    geo.current = entry;
    return entry.position;
  }, []);

  const start = useCallback(async () => {
    const id = ++run.current;
    const alive = () => run.current === id;
    const clickedAt = Date.now();
    setPhase({ kind: 'preparing' });
    try {
      const position = locate();
      // No server (no network, no answer): the kiosk draws its own challenge and keeps the signed burst (decision 0075).
      const challenge = await startChallenge(token, pairing).catch((err: unknown) => {
        if (!queueOffline || !(err instanceof ApiError) || err.status !== 0) throw err;
        const steps = offlineChallenge();
        return { challengeId: '', linkId: '', steps, expiresAt: '', burst: OFFLINE_BURST, offline: true } as KioskChallenge & { offline?: true };
      });
      // Blind captures rarely follow the head turns: give the guidance a moment to finish loading.
      const until = Date.now() + KIOSK_TIMING.guideWaitMs;
      while (alive() && guideRef.current === 'loading' && Date.now() < until) await sleep(100);
      const video = videoRef.current;
      if (!video || !alive()) throw new Error('no camera');
      // The whole challenge is one recording; it stops whatever happens (a refusal, the page left).
      const capturedAt = Date.now();
      // Human's looks run on this main thread: paused while recording (except when a step waits on one: waitFor) and
      // sending (the encodings and the upload want the CPU), back for the next person.
      pause(true);
      // The screen shows the challenge's colours meanwhile, from the recording's start (decision 0073).
      const light = paintScreenLight(challenge.light?.segments);
      const recorder = recordBurst(video, challenge.burst.fps);
      let recorded: Awaited<ReturnType<BurstRecorder['stop']>>;
      try {
        await runSteps(challenge, recorder, alive);
      } finally {
        light.stop();
        recorded = await recorder.stop();
      }
      // The turns' frames where the head moves are kept close, the rest thinned like the still parts (decision 0085).
      // Only a burst without the screen's colour sequence (decision 0073) is settled: stop 43 blamed the light for a
      // face journey refused burst_jump, but rendered heads lit by the sequence did not fool the measure and the
      // recorder's skipped frames were the likelier cause (decision 0086). The online page needs no settling for its
      // figures (decision 0086: photo pairs and screens 0 of 150), so it stays off online.
      const settled = challenge.light?.segments?.length ? recorded : settleDense(recorded);
      const burst = thinFrames(settled, challenge.burst.maxFrames);
      const frames = burst.map((f) => f.blob);
      const frameTimes = burst.map((f) => f.t);
      const info: KioskBurstInfo = {
        ...recorder.report(),
        // As sent (whole ms).
        times: frameTimes.map(Math.round),
        gaps: frameTimes.slice(1).map((t, i) => Math.round(t) - Math.round(frameTimes[i])),
        turnFrames: { recorded: recorded.filter((f) => f.dense).length, moving: settled.filter((f) => f.dense).length },
        prepareMs: capturedAt - clickedAt,
        recordMs: Date.now() - capturedAt,
      };
      setBurstInfo(info);
      if (!alive()) return;
      setPhase({ kind: 'sending' });
      const location = await position;
      if ('offline' in challenge && queueOffline) {
        await queueOffline({ steps: challenge.steps, capturedAt, frames, frameTimes, location });
        const time = new Date(capturedAt).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
        if (alive()) setPhase({ kind: 'queued', time });
        return;
      }
      const sendFrom = Date.now();
      try {
        const result = await markAttendance(token, pairing, { challenge, frames, frameTimes, location });
        if (alive()) setPhase({ kind: 'result', result });
      } finally {
        setBurstInfo({ ...info, sendMs: Date.now() - sendFrom });
      }
    } catch (error) {
      if (!alive()) return;
      const code = error instanceof ApiError ? error.code : 'camera';
      if (code === 'link_inactive' || code === 'link_expired' || code === 'not_found') onLinkGone();
      if (code === 'kiosk_not_paired' || code === 'kiosk_revoked' || code === 'kiosk_signature_invalid') onUnpaired();
      const offlineKey = code === 'offline_unready' ? 'unready' : code === 'offline_full' ? 'full' : null;
      const message = offlineKey ? t(`employee:kiosk.connection.${offlineKey}`) : errorMessage(t, error, t('kiosk.error'));
      setPhase({ kind: 'refused', code, message });
    } finally {
      if (alive()) pause(false);
    }
  }, [locate, onLinkGone, onUnpaired, pairing, pause, queueOffline, runSteps, t, token, videoRef]);

  const reset = useCallback(() => {
    run.current++;
    pause(false);
    setPhase({ kind: 'idle' });
  }, [pause]);

  // The result, then a refusal, give way to the next person.
  useEffect(() => {
    if (phase.kind !== 'result' && phase.kind !== 'refused' && phase.kind !== 'queued') return;
    const timer = setTimeout(reset, phase.kind === 'refused' ? KIOSK_TIMING.refusalMs : KIOSK_TIMING.resultMs);
    return () => clearTimeout(timer);
  }, [phase, reset]);

  // Leaving the page abandons a marking in progress.
  useEffect(
    () => () => {
      run.current++;
    },
    [],
  );

  return { phase, start, reset, burstInfo };
}
