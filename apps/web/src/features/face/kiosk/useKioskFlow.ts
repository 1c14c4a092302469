import type { GeoPoint, KioskMarkResult, LivenessStep } from '@presente/shared';
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api';
import { errorMessage } from '../../../lib/messages';
import { currentLocation } from '../../employee-area/attendance/geolocation';
import { captureJpeg } from '../camera/capture';
import { poseOf } from '../camera/guidance';
import type { FaceLook, GuideStatus } from '../camera/useFaceWatch';
import { markAttendance, startChallenge } from './api';
import type { KioskPairing } from './pairing';

export type KioskPhase =
  | { kind: 'idle' }
  | { kind: 'preparing' }
  | { kind: 'step'; steps: LivenessStep[]; index: number }
  | { kind: 'sending' }
  | { kind: 'result'; result: KioskMarkResult }
  | { kind: 'refused'; message: string; code: string };

export const KIOSK_TIMING = {
  /** Per step: wait for Human to see the pose, then capture anyway (the server decides). */
  stepTimeoutMs: 8000,
  /** After the click, how long to wait for the live guidance still loading (then the steps run without it). */
  guideWaitMs: 15_000,
  /** Without live guidance (Human could not load): time to follow the instruction before the capture. */
  unguidedStepMs: 2500,
  /** A second frame of the same pose when it is still held within this time. */
  secondFrameMs: 700,
  /** The result stays this long, then the kiosk is ready for the next person. */
  resultMs: 6000,
  /** A refusal stays this long unless the person retries. */
  refusalMs: 20_000,
} as const;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** A position is reused for the spec's 5 minutes (the browser's own cache: CHECK_GEO_OPTIONS.maximumAge). */
const GEO_REUSE_MS = 5 * 60_000;

/**
 * The kiosk's marking: a challenge from the server, then for each step the instruction until the pose
 * is seen (two looks in a row) or the step times out, 1-2 unmirrored frames per step, then the mark.
 */
export function useKioskFlow({
  token,
  pairing,
  videoRef,
  lookRef,
  guide,
  onLinkGone,
  onUnpaired,
}: {
  token: string;
  /** This browser's kiosk pairing: names the kiosk for the challenge and signs the mark. */
  pairing: KioskPairing | null;
  /** The server no longer takes this browser as a paired kiosk (revoked, another company, a bad signature). */
  onUnpaired: () => void;
  videoRef: RefObject<HTMLVideoElement | null>;
  lookRef: RefObject<FaceLook | null>;
  guide: GuideStatus;
  onLinkGone: () => void;
}) {
  const { t } = useTranslation('common');
  const [phase, setPhase] = useState<KioskPhase>({ kind: 'idle' });
  const run = useRef(0);
  /** The last position asked for; asked again when it failed or is older than the spec's 5 minutes. */
  const geo = useRef<{ at: number; position: Promise<GeoPoint | null>; failed: boolean } | null>(null);
  // The latest guidance state, read when a step runs: a click while Human still loads waits for it.
  const guideRef = useRef(guide);
  guideRef.current = guide;

  const holds = useCallback((step: LivenessStep, look: FaceLook | null) => !!look && poseOf(look.faces) === step && poseOf(look.previous ?? []) === step, []);

  const captureStep = useCallback(
    async (step: LivenessStep, alive: () => boolean): Promise<Blob[]> => {
      const video = videoRef.current;
      if (!video) throw new Error('no camera');
      if (guideRef.current !== 'ready') {
        await sleep(KIOSK_TIMING.unguidedStepMs);
        return [await captureJpeg(video)];
      }
      const deadline = Date.now() + KIOSK_TIMING.stepTimeoutMs;
      while (alive() && Date.now() < deadline && !holds(step, lookRef.current)) await sleep(50);
      const seen = lookRef.current;
      // The frame that look judged, not the camera's next one (the person may already be turning back); on a
      // timeout, the last frame the guidance looked at.
      const frames = [await captureJpeg(seen?.frame ?? video)];
      if (!holds(step, seen)) return frames;
      // A second frame once a newer look still shows the pose: that look's frame.
      const until = Date.now() + KIOSK_TIMING.secondFrameMs;
      while (alive() && Date.now() < until) {
        await sleep(50);
        const look = lookRef.current;
        if (look !== seen && look && poseOf(look.faces) === step) {
          frames.push(await captureJpeg(look.frame ?? video));
          break;
        }
      }
      return frames;
    },
    [holds, lookRef, videoRef],
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
    setPhase({ kind: 'preparing' });
    try {
      const position = locate();
      const challenge = await startChallenge(token, pairing);
      // Blind captures rarely follow the head turns: give the guidance a moment to finish loading.
      const until = Date.now() + KIOSK_TIMING.guideWaitMs;
      while (alive() && guideRef.current === 'loading' && Date.now() < until) await sleep(100);
      const frames: Blob[] = [];
      const frameTimes: number[] = [];
      const t0 = performance.now();
      for (let index = 0; index < challenge.steps.length; index++) {
        if (!alive()) return;
        setPhase({ kind: 'step', steps: challenge.steps, index });
        for (const frame of await captureStep(challenge.steps[index], alive)) {
          frames.push(frame);
          frameTimes.push(performance.now() - t0);
        }
      }
      if (!alive()) return;
      setPhase({ kind: 'sending' });
      const location = await position;
      const result = await markAttendance(token, pairing, { challenge, frames, frameTimes, location });
      if (alive()) setPhase({ kind: 'result', result });
    } catch (error) {
      if (!alive()) return;
      const code = error instanceof ApiError ? error.code : 'camera';
      if (code === 'link_inactive' || code === 'link_expired' || code === 'not_found') onLinkGone();
      if (code === 'kiosk_not_paired' || code === 'kiosk_revoked' || code === 'kiosk_signature_invalid') onUnpaired();
      setPhase({ kind: 'refused', code, message: errorMessage(t, error, t('kiosk.error')) });
    }
  }, [captureStep, locate, onLinkGone, onUnpaired, pairing, t, token]);

  const reset = useCallback(() => {
    run.current++;
    setPhase({ kind: 'idle' });
  }, []);

  // The result, then a refusal, give way to the next person.
  useEffect(() => {
    if (phase.kind !== 'result' && phase.kind !== 'refused') return;
    const timer = setTimeout(reset, phase.kind === 'result' ? KIOSK_TIMING.resultMs : KIOSK_TIMING.refusalMs);
    return () => clearTimeout(timer);
  }, [phase, reset]);

  // Leaving the page abandons a marking in progress.
  useEffect(
    () => () => {
      run.current++;
    },
    [],
  );

  return { phase, start, reset };
}
