import { type RefObject, useEffect, useRef, useState } from 'react';
import { type FaceGuide, loadFaceGuide, type SeenFace } from './faceGuide';

export type GuideStatus = 'loading' | 'ready' | 'unavailable';
export interface FaceLook {
  faces: SeenFace[];
  /** The look before this one (to tell whether the person holds still). */
  previous: SeenFace[] | null;
  /**
   * The frame these faces were seen in (a snapshot of the video, unmirrored): what a page sends when this look
   * decided it (the kiosk's pose, the enrolment's "ok"), not a later frame the person may have moved in. Kept
   * intact for the next FRAMES - 1 looks; null when the video had no frame yet.
   */
  frame: HTMLCanvasElement | null;
}

/** Pause between two looks: leaves the CPU to the page (2-core kiosks) while staying responsive. */
const LOOK_PAUSE_MS = 80;
/** Snapshots in rotation: a look's frame is redrawn FRAMES looks later (~0.7 s at the quickest). */
const FRAMES = 4;

/** Draws the video's current frame into `canvas` (resized to the video); false when there is no frame yet. */
function snapshot(video: HTMLVideoElement, canvas: HTMLCanvasElement): boolean {
  if (!video.videoWidth || !video.videoHeight || video.readyState < 2) return false;
  if (canvas.width !== video.videoWidth) canvas.width = video.videoWidth;
  if (canvas.height !== video.videoHeight) canvas.height = video.videoHeight;
  const ctx = canvas.getContext('2d');
  if (!ctx) return false;
  ctx.drawImage(video, 0, 0);
  return true;
}

/**
 * Watches the video with Human while `enabled` and reports every look. `lookRef` always holds the
 * latest look for code that waits on a pose; `look` re-renders the guidance.
 */
export function useFaceWatch(videoRef: RefObject<HTMLVideoElement | null>, enabled: boolean) {
  const [status, setStatus] = useState<GuideStatus>('loading');
  const [look, setLook] = useState<FaceLook | null>(null);
  const lookRef = useRef<FaceLook | null>(null);
  const guideRef = useRef<FaceGuide | null>(null);
  /**
   * While true, no look is taken (the loop idles): the kiosk pauses the guidance while it records a burst and no
   * step waits on a look, so Human's detection (on this page's main thread) does not delay the frame callbacks
   * (issue 17: under load a look took the main thread for hundreds of ms, and the burst's gaps grew past 700 ms).
   */
  const pausedRef = useRef(false);

  useEffect(() => {
    let alive = true;
    void loadFaceGuide().then((guide) => {
      if (!alive) return;
      guideRef.current = guide;
      setStatus(guide ? 'ready' : 'unavailable');
    });
    return () => {
      alive = false;
    };
  }, []);

  useEffect(() => {
    const guide = guideRef.current;
    if (!enabled || status !== 'ready' || !guide) return;
    let running = true;
    const frames = Array.from({ length: FRAMES }, () => document.createElement('canvas'));
    let turn = 0;
    /** After a pause the last look is old: the next one has no `previous` (two fresh looks make a pose held). */
    let stale = false;
    const loop = async () => {
      while (running) {
        if (pausedRef.current) {
          stale = true;
          await new Promise((r) => setTimeout(r, 20));
          continue;
        }
        const video = videoRef.current;
        const canvas = frames[turn++ % FRAMES];
        let frame: HTMLCanvasElement | null = null;
        let faces: SeenFace[] = [];
        try {
          if (video && snapshot(video, canvas)) {
            frame = canvas;
            faces = await guide.detect(frame);
          }
        } catch {
          faces = [];
        }
        if (!running) break;
        const next = { faces, previous: stale ? null : (lookRef.current?.faces ?? null), frame };
        stale = false;
        lookRef.current = next;
        setLook(next);
        await new Promise((r) => setTimeout(r, LOOK_PAUSE_MS));
      }
    };
    void loop();
    return () => {
      running = false;
      lookRef.current = null;
      setLook(null);
    };
  }, [enabled, status, videoRef]);

  return { status, look, lookRef, pausedRef };
}
