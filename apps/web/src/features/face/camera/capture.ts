import { CAMERA } from './guidance';

/**
 * One JPEG of what the camera sees (NOT mirrored: the preview is mirrored by CSS only), 640x480 at
 * quality 0.8 (spec §9); another aspect ratio is letterboxed in black. `source`: the video (its current
 * frame) or a look's snapshot (the frame that look judged). The pixels are copied before this returns.
 */
export async function captureJpeg(source: HTMLVideoElement | HTMLCanvasElement): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = CAMERA.width;
  canvas.height = CAMERA.height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('canvas 2d unavailable');
  ctx.fillStyle = '#000';
  ctx.fillRect(0, 0, CAMERA.width, CAMERA.height);
  const video = source instanceof HTMLVideoElement;
  const vw = (video ? source.videoWidth : source.width) || CAMERA.width;
  const vh = (video ? source.videoHeight : source.height) || CAMERA.height;
  const scale = Math.min(CAMERA.width / vw, CAMERA.height / vh);
  const w = Math.round(vw * scale);
  const h = Math.round(vh * scale);
  ctx.drawImage(source, Math.round((CAMERA.width - w) / 2), Math.round((CAMERA.height - h) / 2), w, h);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('capture failed'))), 'image/jpeg', CAMERA.jpegQuality),
  );
}
