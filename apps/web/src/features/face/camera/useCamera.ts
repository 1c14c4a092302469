import { useCallback, useEffect, useRef, useState } from 'react';
import { CAMERA } from './guidance';

export type CameraState = { status: 'off' | 'starting' | 'ready' } | { status: 'error'; errorKey: CameraErrorKey };
export type CameraErrorKey = 'unsupported' | 'https' | 'denied' | 'notFound' | 'busy' | 'generic';

/** The spec's camera errors (§8) by the DOMException the browser throws. */
function errorKeyOf(error: unknown): CameraErrorKey {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'PermissionDeniedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError' || name === 'DevicesNotFoundError' || name === 'OverconstrainedError') return 'notFound';
  if (name === 'NotReadableError' || name === 'TrackStartError' || name === 'AbortError') return 'busy';
  return 'generic';
}

/** Resolves when the video has a frame, or after the spec's 2 s video-ready timeout (capture checks again). */
function whenReady(video: HTMLVideoElement): Promise<void> {
  if (video.readyState >= 2) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      video.removeEventListener('loadeddata', done);
      resolve();
    };
    const timer = setTimeout(done, CAMERA.readyTimeoutMs);
    video.addEventListener('loadeddata', done);
  });
}

/**
 * The front camera in a <video> while `active` (ideal 640x480); stopped on deactivate and unmount.
 * `restart` asks again after an error (e.g. once the person allowed the camera).
 */
export function useCamera(active: boolean) {
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const [state, setState] = useState<CameraState>({ status: 'off' });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt re-runs the start on purpose
  useEffect(() => {
    if (!active) {
      setState({ status: 'off' });
      return;
    }
    let stream: MediaStream | null = null;
    let cancelled = false;
    const media = typeof navigator === 'undefined' ? undefined : navigator.mediaDevices;
    if (!media?.getUserMedia) {
      // Browsers hide the camera API outside secure contexts (a LAN address over http).
      setState({ status: 'error', errorKey: typeof window !== 'undefined' && window.isSecureContext === false ? 'https' : 'unsupported' });
      return;
    }
    setState({ status: 'starting' });
    media
      .getUserMedia({ audio: false, video: { facingMode: 'user', width: { ideal: CAMERA.width }, height: { ideal: CAMERA.height } } })
      .then(async (s) => {
        stream = s;
        if (cancelled) {
          for (const track of s.getTracks()) track.stop();
          return;
        }
        const video = videoRef.current;
        if (!video) throw new Error('no video element');
        video.srcObject = s;
        video.muted = true;
        video.playsInline = true;
        try {
          await video.play();
        } catch {
          // Autoplay refused or not supported: the muted video still receives frames.
        }
        await whenReady(video);
        if (!cancelled) setState({ status: 'ready' });
      })
      .catch((error: unknown) => {
        if (!cancelled) setState({ status: 'error', errorKey: errorKeyOf(error) });
      });
    return () => {
      cancelled = true;
      for (const track of stream?.getTracks() ?? []) track.stop();
      if (videoRef.current) videoRef.current.srcObject = null;
    };
  }, [active, attempt]);

  const restart = useCallback(() => setAttempt((n) => n + 1), []);
  return { videoRef, state, restart };
}
