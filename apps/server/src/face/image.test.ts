/**
 * Images judged by their bytes (issue 15): only JPEG, PNG and WebP reach the decoder, whatever the client
 * declared; at most MAX_PIXELS, read from the header before anything is decoded; a cut-short image is
 * refused. The real face photos (../shared/faces) still pass. No database: PGlite project only.
 */
import { readFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { listFixtures, testFixturesDir } from './fixtures.js';
import { decode, enrolmentPhoto, greyBox, greyCrop, inspectImage, MAX_PIXELS } from './image.js';

const onPostgres = process.env.TEST_DB === 'postgres';
const dir = testFixturesDir();
if (!dir) console.warn('face fixtures not found (set FACE_FIXTURES_DIR or provide ../shared/faces): the real-photo cases are skipped');

const photo = () => sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 200, g: 120, b: 60 } } });
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="4000" height="4000"><rect width="100%" height="100%" fill="red"/></svg>');

/** Three frames as one animated image (GIF or WebP). */
async function animated(format: 'gif' | 'webp'): Promise<Buffer> {
  const frames = await Promise.all(
    [0, 100, 200].map((r) =>
      sharp({ create: { width: 64, height: 64, channels: 3, background: { r, g: 90, b: 200 } } })
        .png()
        .toBuffer(),
    ),
  );
  return sharp(frames, { join: { animated: true } })
    [format]({ loop: 0 })
    .toBuffer();
}

/** The formats a browser or a client may send that the engine must never decode, each as real bytes. */
async function foreignImages(): Promise<Record<string, Buffer>> {
  return {
    svg: SVG,
    tiff: await photo().tiff().toBuffer(),
    gif: await animated('gif'),
    heif: await photo().heif({ compression: 'av1' }).toBuffer(),
    avif: await photo().avif().toBuffer(),
    bmp: Buffer.concat([Buffer.from('BM'), Buffer.alloc(60)]),
  };
}

/** A PNG whose header says `width` x `height` and whose pixel data is garbage: decoding it would fail. */
function pngHeaderOnly(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'latin1');
    return Buffer.concat([head, data, Buffer.alloc(4)]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', ihdr), chunk('IDAT', deflateSync(Buffer.from('not pixels'))), chunk('IEND', Buffer.alloc(0))]);
}

describe.skipIf(onPostgres)('images judged by their bytes', () => {
  it('refuses SVG, TIFF, animated GIF, HEIF, AVIF and BMP as the wrong format, before any decoder runs', async () => {
    for (const [name, bytes] of Object.entries(await foreignImages())) {
      await expect(inspectImage(bytes), name).rejects.toMatchObject({ problem: 'format' });
      await expect(decode(bytes), name).rejects.toMatchObject({ problem: 'format' });
    }
  });

  it('refuses an animated WebP (a photo is one frame) and accepts a still one', async () => {
    const moving = await animated('webp');
    expect((await sharp(moving).metadata()).pages).toBe(3);
    await expect(inspectImage(moving)).rejects.toMatchObject({ problem: 'format' });
    await expect(inspectImage(await photo().webp().toBuffer())).resolves.toMatchObject({ format: 'webp', width: 320, height: 240 });
  });

  it('refuses a small PNG of 5000x5000 (25 MP > 16 MP) from its header, before decoding', async () => {
    expect(MAX_PIXELS).toBe(16_000_000);
    const big = await sharp({ create: { width: 5000, height: 5000, channels: 3, background: { r: 0, g: 0, b: 0 } } })
      .png({ palette: true, colours: 2, compressionLevel: 9 })
      .toBuffer();
    expect(big.length).toBeLessThan(64 * 1024);
    await expect(inspectImage(big)).rejects.toMatchObject({ problem: 'too_large' });
    await expect(decode(big)).rejects.toMatchObject({ problem: 'too_large' });
    await expect(enrolmentPhoto(big)).rejects.toMatchObject({ problem: 'too_large' });
    // Its pixel data is garbage: had anything been decoded, the answer would be 'damaged', not 'too_large'.
    await expect(inspectImage(pngHeaderOnly(5000, 5000))).rejects.toMatchObject({ problem: 'too_large' });
    await expect(decode(pngHeaderOnly(5000, 5000))).rejects.toMatchObject({ problem: 'too_large' });
    // 4000x4000 is exactly the limit and passes the header check.
    await expect(inspectImage(pngHeaderOnly(4000, 4000))).resolves.toMatchObject({ format: 'png', width: 4000 });
  });

  it('refuses a truncated JPEG, PNG or WebP, and a JPEG without a scan', async () => {
    const jpeg = await photo().jpeg().toBuffer();
    const png = await photo().png().toBuffer();
    const webp = await photo().webp().toBuffer();
    for (const cut of [
      jpeg.subarray(0, jpeg.length >> 1),
      jpeg.subarray(0, jpeg.length - 2),
      png.subarray(0, png.length - 12),
      webp.subarray(0, webp.length - 10),
    ]) {
      await expect(inspectImage(cut)).rejects.toMatchObject({ problem: 'damaged' });
      await expect(decode(cut)).rejects.toThrow();
    }
    await expect(inspectImage(Buffer.from([0xff, 0xd8, 0xff, 0xd9]))).rejects.toMatchObject({ problem: 'damaged' });
  });

  it('accepts JPEG (baseline, progressive, with a trailer after EOI), PNG and WebP, whatever their size below the limit', async () => {
    const jpeg = await photo().jpeg().toBuffer();
    const cases: Record<string, Buffer> = {
      baseline: jpeg,
      progressive: await photo().jpeg({ progressive: true }).toBuffer(),
      mozjpeg: await photo().jpeg({ mozjpeg: true }).toBuffer(),
      withExif: await photo().withMetadata({ orientation: 6 }).jpeg().toBuffer(),
      trailer: Buffer.concat([jpeg, Buffer.from('appended by a phone camera')]),
      png: await photo().png().toBuffer(),
      webp: await photo().webp().toBuffer(),
      webpLossless: await photo().webp({ lossless: true }).toBuffer(),
    };
    for (const [name, bytes] of Object.entries(cases)) {
      await expect(inspectImage(bytes), name).resolves.toMatchObject({ width: 320, height: 240 });
      expect((await decode(bytes)).data.length, name).toBe(320 * 240 * 3);
    }
  });

  it.skipIf(!dir)('accepts every real face photo of the fixtures and still decodes it', async () => {
    const set = listFixtures(dir!);
    const paths = [...set.identities.values()].flat().concat(set.single, set.multi, set.noface);
    expect(paths.length).toBeGreaterThan(20);
    for (const path of paths) {
      const bytes = readFileSync(path);
      const meta = await inspectImage(bytes);
      const img = await decode(bytes);
      expect(Math.max(img.width, img.height), path).toBe(Math.min(1280, Math.max(meta.width, meta.height)));
    }
  });
});

describe.skipIf(onPostgres)('the face grey of a lite frame (greyBox, decision 0082)', () => {
  it("reads a flat colour, and a face crop's mean grey as sharp's greyscale and resize do, within one level (0.53 at most on the fixtures)", async () => {
    // A flat sRGB colour: libvips's grey (Rec. 709 luminance in linear light, back to sRGB), not a weighted mean of the bytes.
    const flat = await decode(await photo().png().toBuffer());
    const rect = { x: 10, y: 20, width: 200, height: 150 };
    const [ours, theirs] = [greyBox(flat, rect, 128), await greyCrop(flat, rect, 128)];
    expect(ours.every((v) => v === ours[0])).toBe(true);
    expect(Math.abs(ours[0] - theirs[0])).toBeLessThanOrEqual(1);
    expect(ours[0]).not.toBe(Math.round(0.299 * 200 + 0.587 * 120 + 0.114 * 60));
    if (!dir) return;
    const mean = (t: Uint8Array) => t.reduce((sum, v) => sum + v, 0) / t.length;
    for (const path of [...listFixtures(dir).identities.values()].flat()) {
      const img = await decode(readFileSync(path), 640);
      const face = {
        x: Math.round(img.width * 0.3),
        y: Math.round(img.height * 0.2),
        width: Math.round(img.width * 0.35),
        height: Math.round(img.height * 0.47),
      };
      const [a, b] = [greyBox(img, face, 128), await greyCrop(img, face, 128)];
      expect(Math.abs(mean(a) - mean(b)), path).toBeLessThan(1);
    }
  });
});
