/** Pixel work done with sharp and plain loops: decoding, letterboxing, sharpness and frame fingerprints. */
import { createHash } from 'node:crypto';
import sharp from 'sharp';

export interface RawImage {
  /** RGB, 3 bytes per pixel, row-major. */
  data: Buffer;
  width: number;
  height: number;
}

/** Camera frames are 640x480; anything larger is scaled down to this long side before inference. */
export const MAX_SIDE = 1280;

/** The JPEG (or PNG/WebP) as RGB pixels, EXIF orientation applied, long side ≤ MAX_SIDE. */
export async function decode(input: Buffer | Uint8Array, maxSide = MAX_SIDE): Promise<RawImage> {
  const { data, info } = await sharp(input, { limitInputPixels: 40_000_000 })
    .rotate()
    .resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true })
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (info.channels !== 3) throw new Error(`unexpected channel count ${info.channels}`);
  return { data, width: info.width, height: info.height };
}

/** Fits an image into a w x h JPEG on black bars (what a 640x480 camera frame looks like). */
export async function letterbox(input: Buffer | Uint8Array | RawImage, opts: { width?: number; height?: number; mirror?: boolean } = {}): Promise<Buffer> {
  const { width = 640, height = 480, mirror = false } = opts;
  let img = 'data' in input ? sharp(input.data, { raw: { width: input.width, height: input.height, channels: 3 } }) : sharp(input).rotate();
  if (mirror) img = img.flop();
  return img
    .resize(width, height, { fit: 'contain', background: { r: 0, g: 0, b: 0 } })
    .removeAlpha()
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** Long side of a kept enrolment photo: enough to recognise the person by eye, small in the database. */
export const PHOTO_SIDE = 480;

/**
 * An enrolment capture as the photo the company keeps (when it opts in): a JPEG, EXIF orientation applied,
 * long side ≤ PHOTO_SIDE, without any metadata (sharp drops EXIF, GPS and the rest unless asked).
 */
export async function enrolmentPhoto(input: Buffer | Uint8Array): Promise<Buffer> {
  return sharp(input, { limitInputPixels: 40_000_000 })
    .rotate()
    .resize({ width: PHOTO_SIDE, height: PHOTO_SIDE, fit: 'inside', withoutEnlargement: true })
    .removeAlpha()
    .jpeg({ quality: 85 })
    .toBuffer();
}

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The rectangle clipped to the image, in whole pixels (null when nothing is left). */
export function clipRect(r: Rect, width: number, height: number): Rect | null {
  const x0 = Math.max(0, Math.floor(r.x));
  const y0 = Math.max(0, Math.floor(r.y));
  const x1 = Math.min(width, Math.ceil(r.x + r.width));
  const y1 = Math.min(height, Math.ceil(r.y + r.height));
  return x1 - x0 >= 2 && y1 - y0 >= 2 ? { x: x0, y: y0, width: x1 - x0, height: y1 - y0 } : null;
}

/**
 * A side x side RGB square of the image starting at (x, y) as float32 (0-255), black outside the image.
 * Row copies in JS: tfjs-wasm's slice kernel copies pixel by pixel
 * with one allocation each, which cost ~15 ms and most of the garbage collection per frame.
 */
export function squareCrop(img: RawImage, x: number, y: number, side: number): Float32Array {
  const out = new Float32Array(side * side * 3);
  const x0 = Math.max(0, x);
  const x1 = Math.min(img.width, x + side);
  if (x1 <= x0) return out;
  for (let row = 0; row < side; row++) {
    const sy = y + row;
    if (sy < 0 || sy >= img.height) continue;
    const src = sy * img.width * 3;
    for (let sx = x0; sx < x1; sx++) {
      const o = (row * side + sx - x) * 3;
      const i = src + sx * 3;
      out[o] = img.data[i];
      out[o + 1] = img.data[i + 1];
      out[o + 2] = img.data[i + 2];
    }
  }
  return out;
}

/** The face crop as grey pixels resized to side x side (so sharpness does not depend on face size). */
export async function greyCrop(img: RawImage, rect: Rect, side: number): Promise<Buffer> {
  return sharp(img.data, { raw: { width: img.width, height: img.height, channels: 3 } })
    .extract({ left: rect.x, top: rect.y, width: rect.width, height: rect.height })
    .greyscale()
    .resize(side, side, { fit: 'fill', kernel: 'cubic' })
    .raw()
    .toBuffer();
}

/** Variance of the 4-neighbour Laplacian of a grey image (higher = sharper). */
export function laplacianVariance(grey: Uint8Array, width: number, height: number): number {
  let sum = 0;
  let sumSq = 0;
  let n = 0;
  for (let y = 1; y < height - 1; y++) {
    const row = y * width;
    for (let x = 1; x < width - 1; x++) {
      const i = row + x;
      const v = grey[i - 1] + grey[i + 1] + grey[i - width] + grey[i + width] - 4 * grey[i];
      sum += v;
      sumSq += v * v;
      n++;
    }
  }
  if (n === 0) return 0;
  const mean = sum / n;
  return sumSq / n - mean * mean;
}

/** Side of the grey thumbnail kept per face to tell replayed / identical frames apart. */
export const THUMB_SIDE = 32;

/** Mean absolute difference (0-255) between two equally sized grey thumbnails. */
export function thumbDifference(a: Uint8Array, b: Uint8Array): number {
  if (a.length !== b.length || a.length === 0) return 255;
  let d = 0;
  for (let i = 0; i < a.length; i++) d += Math.abs(a[i] - b[i]);
  return d / a.length;
}

export const digest = (input: Uint8Array) => createHash('sha256').update(input).digest('hex');
