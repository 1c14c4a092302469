/**
 * Encodes the kiosk burst's frames off the main thread (decision 0063): an ImageBitmap of the unmirrored camera frame
 * in, a 640x480 JPEG out (letterboxed in black, quality 0.8, as captureJpeg does on the main thread).
 */
import { CAMERA } from './guidance';

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

scope.onmessage = async ({ data: { id, bitmap } }) => {
  try {
    if (!ctx) throw new Error('2d unavailable');
    ctx.fillStyle = '#000';
    ctx.fillRect(0, 0, CAMERA.width, CAMERA.height);
    const scale = Math.min(CAMERA.width / bitmap.width, CAMERA.height / bitmap.height);
    const [w, h] = [Math.round(bitmap.width * scale), Math.round(bitmap.height * scale)];
    ctx.drawImage(bitmap, Math.round((CAMERA.width - w) / 2), Math.round((CAMERA.height - h) / 2), w, h);
    bitmap.close();
    scope.postMessage({ id, blob: await canvas.convertToBlob({ type: 'image/jpeg', quality: CAMERA.jpegQuality }) });
  } catch (error) {
    scope.postMessage({ id, error: String(error) });
  }
};
