import { vi } from 'vitest';

/**
 * Browser camera and canvas globals jsdom lacks: a camera that starts (or fails with `error`), a 2d canvas
 * whose JPEGs are small blobs, object URLs. Returns the getUserMedia mock. Nothing of ours is faked.
 */
export function stubCamera(error?: DOMException) {
  const stop = vi.fn();
  const getUserMedia = vi.fn(async () => {
    if (error) throw error;
    return { getTracks: () => [{ stop }] } as unknown as MediaStream;
  });
  Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia } });
  // jsdom cannot attach a MediaStream to a video element: the srcObject setter is a no-op here.
  Object.defineProperty(HTMLMediaElement.prototype, 'srcObject', { configurable: true, get: () => null, set: () => {} });
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  // A playing 640x480 camera (jsdom's videos never have a frame): the face watch snapshots it before each look.
  for (const [key, value] of [
    ['videoWidth', 640],
    ['videoHeight', 480],
    ['readyState', 4],
  ] as const)
    Object.defineProperty(HTMLVideoElement.prototype, key, { configurable: true, get: () => value });
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({ fillStyle: '', fillRect: () => {}, drawImage: () => {} } as never);
  let n = 0;
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((callback) => callback(new Blob([`jpeg-${++n}`], { type: 'image/jpeg' })));
  URL.createObjectURL = () => `blob:capture-${++n}`;
  URL.revokeObjectURL = () => {};
  return getUserMedia;
}

/** The multipart body a fetch call sent. */
export function formOf(init: RequestInit | undefined): FormData {
  if (!(init?.body instanceof FormData)) throw new Error('not a multipart body');
  return init.body;
}
