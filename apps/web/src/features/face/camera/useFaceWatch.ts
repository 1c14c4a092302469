import { type RefObject, useEffect, useRef, useState } from 'react';
import { type FaceGuide, loadFaceGuide, type SeenFace } from './faceGuide';

export type GuideStatus = 'loading' | 'ready' | 'unavailable';
export interface FaceLook {
  faces: SeenFace[];
  /** The look before this one (to tell whether the person holds still). */
  previous: SeenFace[] | null;
}

/** Pause between two looks: leaves the CPU to the page (2-core kiosks) while staying responsive. */
const LOOK_PAUSE_MS = 80;

/**
 * Watches the video with Human while `enabled` and reports every look. `lookRef` always holds the
 * latest look for code that waits on a pose; `look` re-renders the guidance.
 */
export function useFaceWatch(videoRef: RefObject<HTMLVideoElement | null>, enabled: boolean) {
  const [status, setStatus] = useState<GuideStatus>('loading');
  const [look, setLook] = useState<FaceLook | null>(null);
  const lookRef = useRef<FaceLook | null>(null);
  const guideRef = useRef<FaceGuide | null>(null);

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
    const loop = async () => {
      while (running) {
        const video = videoRef.current;
        let faces: SeenFace[] = [];
        try {
          faces = video ? await guide.detect(video) : [];
        } catch {
          faces = [];
        }
        if (!running) break;
        const next = { faces, previous: lookRef.current?.faces ?? null };
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

  return { status, look, lookRef };
}
