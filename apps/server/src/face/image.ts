/** Pixel work done with sharp and plain loops: decoding, letterboxing, sharpness and frame fingerprints. */
import { createHash } from 'node:crypto';
import sharp from 'sharp';

export interface RawImage {
  /** RGB, 3 bytes per pixel, row-major. */
  data: Buffer;
  width: number;
  height: number;
  /** Pixels of the full-size decode (long side ≤ MAX_SIDE) per pixel of this one: 1 unless decoded smaller. */
  scale?: number;
}

/** Camera frames are 640x480; anything larger is scaled down to this long side before inference. */
export const MAX_SIDE = 1280;

/**
 * The most pixels an uploaded image may have (16 MP: a 4608x3456 phone photo; camera frames are 0.3 MP).
 * Read from the header before anything is decoded: at 3 bytes a pixel this bounds a decode to ~48 MB.
 */
export const MAX_PIXELS = 16_000_000;

/** The formats the face engine accepts, judged by the bytes (never by the declared Content-Type). */
export type ImageFormat = 'jpeg' | 'png' | 'webp';

/** Why an image was refused: not JPEG/PNG/WebP (or animated), over MAX_PIXELS, or cut short / unreadable. */
export type ImageProblem = 'format' | 'too_large' | 'damaged';

export class ImageRejected extends Error {
  constructor(
    readonly problem: ImageProblem,
    detail: string,
  ) {
    super(`image refused (${problem}): ${detail}`);
  }
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** JPEG, PNG or WebP by their magic bytes; null for anything else (SVG, GIF, TIFF, HEIF/AVIF, BMP...). */
export function sniffFormat(input: Uint8Array): ImageFormat | null {
  const b = Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (b.length >= 8 && b.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (b.length >= 12 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return null;
}

/**
 * A JPEG whose segments run from SOI through at least one scan to EOI. Entropy-coded data never holds a
 * bare 0xFF (it is stuffed as FF00; FFD0-FFD7 are restart markers), so the next marker is found by scanning
 * for 0xFF. Bytes after EOI (a phone's appended trailer) are allowed; EXIF thumbnails sit inside APP1 and
 * are skipped by its length.
 */
function jpegComplete(b: Buffer): boolean {
  let i = 2;
  let scanned = false;
  while (i < b.length) {
    if (b[i] !== 0xff) return false;
    while (i < b.length && b[i] === 0xff) i++; // fill bytes
    if (i >= b.length) return false;
    const marker = b[i++];
    if (marker === 0xd9) return scanned;
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) continue;
    if (i + 2 > b.length) return false;
    const end = i + b.readUInt16BE(i);
    if (end < i + 2 || end > b.length) return false;
    i = end;
    if (marker !== 0xda) continue;
    scanned = true;
    for (;;) {
      i = b.indexOf(0xff, i);
      if (i < 0 || i + 1 >= b.length) return false;
      const next = b[i + 1];
      if (next === 0x00 || (next >= 0xd0 && next <= 0xd7)) i += 2;
      else if (next === 0xff) i += 1;
      else break;
    }
  }
  return false;
}

/** A PNG whose chunks, by their lengths, reach IEND inside the bytes. */
function pngComplete(b: Buffer): boolean {
  let i = 8;
  while (i + 12 <= b.length) {
    const end = i + 12 + b.readUInt32BE(i);
    if (end > b.length) return false;
    if (b.toString('latin1', i + 4, i + 8) === 'IEND') return true;
    i = end;
  }
  return false;
}

/** A WebP whose RIFF container is all there. */
const webpComplete = (b: Buffer) => b.readUInt32LE(4) >= 4 && b.readUInt32LE(4) + 8 <= b.length;

/**
 * What an uploaded image really is, from its bytes only (nothing decoded): JPEG, PNG or WebP by the magic
 * bytes, structurally complete (not cut short), one frame, at most MAX_PIXELS by its header (sharp's
 * metadata reads headers only). Throws ImageRejected; only images that pass reach a decoder.
 */
export async function inspectImage(input: Uint8Array): Promise<{ format: ImageFormat; width: number; height: number }> {
  const b = Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  const format = sniffFormat(b);
  if (!format) throw new ImageRejected('format', `magic bytes ${b.subarray(0, 12).toString('hex')}`);
  const complete = format === 'jpeg' ? jpegComplete(b) : format === 'png' ? pngComplete(b) : webpComplete(b);
  if (!complete) throw new ImageRejected('damaged', `${format} cut short or malformed (${b.length} bytes)`);
  const meta = await sharp(b)
    .metadata()
    .catch((err: unknown) => {
      throw new ImageRejected('damaged', err instanceof Error ? err.message : String(err));
    });
  if (meta.format !== format) throw new ImageRejected('format', `${format} magic bytes but ${meta.format} content`);
  if ((meta.pages ?? 1) > 1) throw new ImageRejected('format', `animated ${format} (${meta.pages} frames)`);
  const { width = 0, height = 0 } = meta;
  if (!width || !height) throw new ImageRejected('damaged', 'no dimensions in the header');
  if (width * height > MAX_PIXELS) throw new ImageRejected('too_large', `${width}x${height}`);
  return { format, width, height };
}

/**
 * The JPEG (or PNG/WebP) as RGB pixels, EXIF orientation applied, long side ≤ MAX_SIDE. The bytes are
 * inspected first (inspectImage), so no other format and nothing over MAX_PIXELS reaches the decoder.
 */
export async function decode(input: Buffer | Uint8Array, maxSide = MAX_SIDE): Promise<RawImage> {
  const header = await inspectImage(input);
  const { data, info } = await sharp(input, { limitInputPixels: MAX_PIXELS })
    .rotate()
    .resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true })
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (info.channels !== 3) throw new Error(`unexpected channel count ${info.channels}`);
  const full = Math.min(MAX_SIDE, Math.max(header.width, header.height));
  return { data, width: info.width, height: info.height, scale: full / Math.max(info.width, info.height) };
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
  await inspectImage(input);
  return sharp(input, { limitInputPixels: MAX_PIXELS })
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

/** sRGB byte → linear light, 0-4095. */
const LINEAR = Uint16Array.from({ length: 256 }, (_, v) => {
  const c = v / 255;
  return Math.round(4095 * (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
});
/** Linear luminance (Rec. 709 weights × 10,000 over linear light, >> 14: 0-2,499) → sRGB grey byte. */
const LUMA = Uint8Array.from({ length: 2500 }, (_, v) => {
  const l = Math.min(1, (v << 14) / 10000 / 4095);
  return Math.round(255 * (l <= 0.0031308 ? 12.92 * l : 1.055 * l ** (1 / 2.4) - 0.055));
});

/**
 * The face crop as grey pixels box-averaged to side x side in plain loops: what `greyCrop` gives, without a sharp
 * pipeline per frame (about 0.3 ms against 1.5-2.9 ms on a 640x480 frame). The grey is libvips's: Rec. 709 luminance in
 * linear light, back to sRGB. Each output pixel averages the source pixels its square covers (the nearest one when
 * enlarging). Its mean grey matches sharp's within one level (0.53 at most on the fixtures, image.test.ts); its Laplacian is not the
 * same measure as after sharp's cubic resize, so only 'lite' frames use it (decision 0082: their sharpness is read by
 * nothing).
 */
export function greyBox(img: RawImage, rect: Rect, side: number): Uint8Array {
  const out = new Uint8Array(side * side);
  const { data, width } = img;
  const fx = rect.width / side;
  const fy = rect.height / side;
  const xs = new Int32Array(side + 1);
  for (let i = 0; i <= side; i++) xs[i] = rect.x + Math.min(rect.width, Math.round(i * fx));
  for (let oy = 0; oy < side; oy++) {
    const y0 = rect.y + Math.min(rect.height - 1, Math.round(oy * fy));
    const y1 = Math.max(y0 + 1, rect.y + Math.min(rect.height, Math.round((oy + 1) * fy)));
    for (let ox = 0; ox < side; ox++) {
      const x0 = Math.min(xs[ox], rect.x + rect.width - 1);
      const x1 = Math.max(x0 + 1, xs[ox + 1]);
      let s = 0;
      for (let y = y0; y < y1; y++) {
        let i = (y * width + x0) * 3;
        for (let x = x0; x < x1; x++, i += 3) s += LUMA[(LINEAR[data[i]] * 2126 + LINEAR[data[i + 1]] * 7152 + LINEAR[data[i + 2]] * 722) >> 14];
      }
      out[oy * side + ox] = Math.round(s / ((y1 - y0) * (x1 - x0)));
    }
  }
  return out;
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
