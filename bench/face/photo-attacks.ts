/**
 * Bursts a photo attacker can show a kiosk camera (issue 17): one still photo (sensor noise on every frame), the
 * photo waved, tilted and scaled (a flat print moved in 3-D: a homography per frame, affine or with perspective),
 * and a photo paired with its mirror image. Raw RGB in, JPEG frames out (640x480, as the kiosk page sends).
 */
import sharp from 'sharp';

export interface Rgb {
  data: Buffer;
  width: number;
  height: number;
}

export type Random = () => number;

/** A deterministic generator (Park-Miller), so a bench run can be repeated. */
export function seeded(seed: number): Random {
  let s = seed % 2147483647 || 1;
  return () => {
    s = (s * 16807) % 2147483647;
    return (s - 1) / 2147483646;
  };
}

/** Approximately normal (Irwin-Hall of 4), mean 0, sd 1. */
const gauss = (random: Random) => (random() + random() + random() + random() - 2) * Math.sqrt(3);

export const rawOf = async (jpeg: Buffer): Promise<Rgb> => {
  const { data, info } = await sharp(jpeg).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
};

export const jpegOfRgb = (img: Rgb, quality = 88) =>
  sharp(img.data, { raw: { width: img.width, height: img.height, channels: 3 } })
    .jpeg({ quality })
    .toBuffer();

/** Per-pixel sensor noise (sd in grey levels): no two frames of a camera are identical. */
export function noisy(img: Rgb, sd: number, random: Random): Rgb {
  const out = Buffer.alloc(img.data.length);
  for (let i = 0; i < out.length; i++) out[i] = Math.max(0, Math.min(255, Math.round(img.data[i] + gauss(random) * sd)));
  return { ...img, data: out };
}

export function mirrored(img: Rgb): Rgb {
  const out = Buffer.alloc(img.data.length);
  for (let y = 0; y < img.height; y++)
    for (let x = 0; x < img.width; x++)
      img.data.copy(out, (y * img.width + x) * 3, (y * img.width + (img.width - 1 - x)) * 3, (y * img.width + (img.width - 1 - x)) * 3 + 3);
  return { ...img, data: out };
}

export interface PlacedPrint {
  /** Rotations of the print in 3-D, degrees: about the horizontal axis (tilt), the vertical one (turn), in the image plane. */
  tilt: number;
  turn: number;
  roll: number;
  /** 1 = as photographed; shift in pixels. */
  scale: number;
  dx: number;
  dy: number;
  /** false: an affine warp (the print far away, no perspective). */
  perspective: boolean;
}

type M3 = number[];
const mul3 = (a: M3, b: M3): M3 => {
  const o = new Array(9).fill(0);
  for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) for (let k = 0; k < 3; k++) o[r * 3 + c] += a[r * 3 + k] * b[k * 3 + c];
  return o;
};
function inv3(m: M3): M3 {
  const [a, b, c, d, e, f, g, h, i] = m;
  const A = e * i - f * h;
  const B = -(d * i - f * g);
  const C = d * h - e * g;
  const det = a * A + b * B + c * C;
  return [A, -(b * i - c * h), b * f - c * e, B, a * i - c * g, -(a * f - c * d), C, -(a * h - b * g), a * e - b * d].map((x) => x / det);
}

/** The homography of a flat print at the camera's focal distance rotated in 3-D (image pixel -> image pixel). */
export function printHomography(p: PlacedPrint, width: number, height: number): M3 {
  const rad = Math.PI / 180;
  const f = 1.3 * width; // the print fills about the field of view of a webcam at arm's length
  const [cx, cy, cz] = [Math.cos(p.tilt * rad), Math.cos(p.turn * rad), Math.cos(p.roll * rad)];
  const [sx, sy, sz] = [Math.sin(p.tilt * rad), Math.sin(p.turn * rad), Math.sin(p.roll * rad)];
  const rx: M3 = [1, 0, 0, 0, cx, -sx, 0, sx, cx];
  const ry: M3 = [cy, 0, sy, 0, 1, 0, -sy, 0, cy];
  const rz: M3 = [cz, -sz, 0, sz, cz, 0, 0, 0, 1];
  const r = mul3(rz, mul3(ry, rx));
  // Plane point (u, v, 0), centred; camera sees R (s u, s v, 0) + (0, 0, f); columns r1 r2 and t.
  const centre: M3 = [1, 0, -width / 2, 0, 1, -height / 2, 0, 0, 1];
  const scale: M3 = [p.scale, 0, 0, 0, p.scale, 0, 0, 0, 1];
  let rt: M3 = [r[0], r[1], 0, r[3], r[4], 0, r[6], r[7], f];
  if (!p.perspective) rt = [r[0], r[1], 0, r[3], r[4], 0, 0, 0, f]; // affine: depth differences ignored
  const k: M3 = [f, 0, width / 2 + p.dx, 0, f, height / 2 + p.dy, 0, 0, 1];
  return mul3(k, mul3(rt, mul3(scale, centre)));
}

/** The print placed in front of a plain wall (with noise), bilinear sampling. */
export function placePrint(img: Rgb, p: PlacedPrint, wall: [number, number, number], noiseSd: number, random: Random): Rgb {
  const { width, height } = img;
  const h = inv3(printHomography(p, width, height));
  const out = Buffer.alloc(img.data.length);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const w = h[6] * x + h[7] * y + h[8];
      const u = (h[0] * x + h[1] * y + h[2]) / w;
      const v = (h[3] * x + h[4] * y + h[5]) / w;
      const o = (y * width + x) * 3;
      const inside = u >= 0 && v >= 0 && u < width - 1 && v < height - 1;
      for (let c = 0; c < 3; c++) {
        let val = wall[c];
        if (inside) {
          const [x0, y0] = [Math.floor(u), Math.floor(v)];
          const [fx, fy] = [u - x0, v - y0];
          const at = (xx: number, yy: number) => img.data[(yy * width + xx) * 3 + c];
          val = (at(x0, y0) * (1 - fx) + at(x0 + 1, y0) * fx) * (1 - fy) + (at(x0, y0 + 1) * (1 - fx) + at(x0 + 1, y0 + 1) * fx) * fy;
        }
        out[o + c] = Math.max(0, Math.min(255, Math.round(val + gauss(random) * noiseSd)));
      }
    }
  return { data: out, width, height };
}

/** A smooth random path for a waved print: each field swings between its two ends over the burst. */
export function wavePath(random: Random, perspective: boolean): (k: number) => PlacedPrint {
  const swing = (amp: number) => {
    const [a, b, ph] = [(random() * 2 - 1) * amp, (random() * 2 - 1) * amp, random() * Math.PI * 2];
    const speed = 0.5 + random() * 1.5;
    return (k: number) => a + (b - a) * (0.5 + 0.5 * Math.sin(ph + k * speed * 0.6));
  };
  const [tilt, turn, roll, scale, dx, dy] = [swing(35), swing(35), swing(20), swing(0.2), swing(60), swing(40)];
  return (k) => ({ tilt: tilt(k), turn: turn(k), roll: roll(k), scale: 1 + scale(k), dx: dx(k), dy: dy(k), perspective });
}
