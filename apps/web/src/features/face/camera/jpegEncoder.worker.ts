/**
 * Encodes the kiosk burst's frames off the main thread (decision 0063): an ImageBitmap of the unmirrored camera frame
 * in, a 640x480 JPEG out (letterboxed in black, quality 0.8, as captureJpeg does on the main thread), and the frame
 * shrunk to THUMB grey cells for the motion measure (thin.ts `settleDense`, decision 0085).
 */
import { CAMERA } from './guidance';
import { greyOf, THUMB } from './thin';

interface Job {
  id: number;
  bitmap: ImageBitmap;
}

const scope = self as unknown as {
  onmessage: ((e: MessageEvent<Job>) => void) | null;
  postMessage(message: unknown): void;
};
const canvas = new OffscreenCanvas(CAMERA.width, CAMERA.height);
const ctx = canvas.getContext('2d');
const small = new OffscreenCanvas(THUMB.width, THUMB.height);
const smallCtx = small.getContext('2d', { willReadFrequently: true });

/** The letterboxed frame as THUMB grey cells (null where the canvas cannot read back). */
function thumb(): Uint8Array | null {
  if (!smallCtx) return null;
  smallCtx.drawImage(canvas, 0, 0, THUMB.width, THUMB.height);
  return greyOf(smallCtx.getImageData(0, 0, THUMB.width, THUMB.height).data);
}

scope.onmessage = async ({ data: { id, bitmap } }) => {
  try {
    if (!ctx) throw new Error('2d unavailable');
    ctx.fillStyle = '#000';
    ctx.fillRect(0, 0, CAMERA.width, CAMERA.height);
    const scale = Math.min(CAMERA.width / bitmap.width, CAMERA.height / bitmap.height);
    const [w, h] = [Math.round(bitmap.width * scale), Math.round(bitmap.height * scale)];
    ctx.drawImage(bitmap, Math.round((CAMERA.width - w) / 2), Math.round((CAMERA.height - h) / 2), w, h);
    bitmap.close();
    const cells = thumb();
    scope.postMessage({ id, blob: await canvas.convertToBlob({ type: 'image/jpeg', quality: CAMERA.jpegQuality }), thumb: cells });
  } catch (error) {
    scope.postMessage({ id, error: String(error) });
  }
};
