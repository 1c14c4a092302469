/**
 * Uploaded images judged by their bytes at every upload path (enrolment, kiosk mark), whatever the
 * declared Content-Type: anything but JPEG, PNG or WebP, over 16 MP or cut short answers 400 invalid_image
 * naming the part, in the request's language, and the face pool never sees it. The engine is scripted
 * (the checks run before it), so this runs on PGlite and PostgreSQL.
 */
import { FACE_NOTICE_VERSION } from '@presente/shared';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { scriptedEngine } from './scripted-engine.js';
import { multipart, pairTestKiosk, signConsent, signedMark } from './test-helpers.js';

const base = '/api/company-admin-simple/face-recognition';
let t: TestApp;
const engine = scriptedEngine();
let analysed = 0;

beforeAll(async () => {
  t = await createTestApp();
  const pool = {
    ...engine.pool,
    analyze: (image: Uint8Array) => {
      analysed++;
      return engine.pool.analyze(image);
    },
  };
  (t.deps as { face?: typeof engine.pool }).face = pool;
});

const FORMAT = 'La imagen debe ser una foto JPEG, PNG o WebP (no SVG, GIF, TIFF ni HEIC).';
const TOO_LARGE = 'La imagen es demasiado grande: máximo 16 megapíxeles.';
const DAMAGED = 'La imagen está dañada o incompleta. Vuelve a capturarla.';

const photo = () => sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 200, g: 120, b: 60 } } });
const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480"><rect width="100%" height="100%"/></svg>');
async function animatedGif() {
  const frames = await Promise.all(
    [0, 120].map((r) =>
      sharp({ create: { width: 64, height: 64, channels: 3, background: { r, g: 0, b: 0 } } })
        .png()
        .toBuffer(),
    ),
  );
  return sharp(frames, { join: { animated: true } })
    .gif({ loop: 0 })
    .toBuffer();
}
async function bigPng() {
  return sharp({ create: { width: 5000, height: 5000, channels: 3, background: { r: 0, g: 0, b: 0 } } })
    .png({ palette: true, colours: 2, compressionLevel: 9 })
    .toBuffer();
}

/** An enrolment of three captures, every part declared image/jpeg, as the browser's FormData sends them. */
async function enrol(images: Buffer[], lang = 'es') {
  const admin = await t.factories.companyAdmin();
  const employee = await t.factories.employee(admin.companyId!);
  await signConsent(t.db, employee.id);
  const body = await multipart({ employeeId: employee.id, consentAccepted: 'true', noticeVersion: FACE_NOTICE_VERSION }, [
    { field: 'image', images, type: 'image/jpeg' },
  ]);
  return t.app.inject({
    method: 'POST',
    url: `${base}/register`,
    payload: body.payload,
    headers: { ...body.headers, cookie: `presente_session=${admin.sessionToken}`, 'accept-language': lang },
  });
}

describe('uploaded images are judged by their bytes, not their declared type', () => {
  it('refuses SVG, TIFF, animated GIF and HEIF declared as image/jpeg at enrolment, naming the part; the pool never sees them', async () => {
    const good = await engine.frame({ person: 'ana' });
    const foreign = {
      svg,
      tiff: await photo().tiff().toBuffer(),
      gif: await animatedGif(),
      heif: await photo().heif({ compression: 'av1' }).toBuffer(),
    };
    for (const [name, bytes] of Object.entries(foreign)) {
      analysed = 0;
      const res = await enrol([good, bytes, good]);
      expect(res.statusCode, name).toBe(400);
      expect(res.json(), name).toEqual({ code: 'invalid_image', message: FORMAT, errors: [{ path: 'image[1]', message: FORMAT }] });
      expect(analysed, name).toBe(0);
    }
    const en = await enrol([svg, good, good], 'en');
    expect(en.json().message).toBe('The image must be a JPEG, PNG or WebP photo (not SVG, GIF, TIFF or HEIC).');
  });

  it('refuses a small PNG of 5000x5000 (over 16 MP) before decoding it', async () => {
    const good = await engine.frame({ person: 'ben' });
    const big = await bigPng();
    expect(big.length).toBeLessThan(64 * 1024);
    analysed = 0;
    const res = await enrol([good, good, big]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'invalid_image', message: TOO_LARGE, errors: [{ path: 'image[2]', message: TOO_LARGE }] });
    expect(analysed).toBe(0);
  });

  it('refuses a truncated JPEG with a 4xx, never a 500', async () => {
    const good = await engine.frame({ person: 'cleo' });
    const cut = good.subarray(0, good.length - 40);
    analysed = 0;
    const res = await enrol([cut, good, good]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'invalid_image', message: DAMAGED, errors: [{ path: 'image[0]', message: DAMAGED }] });
    expect(analysed).toBe(0);
  });

  it('still enrols real JPEGs, and a real JPEG declared with another type', async () => {
    const images = [await engine.frame({ person: 'dora' }), await engine.frame({ person: 'dora', yaw: 3 }), await engine.frame({ person: 'dora', size: 220 })];
    expect((await enrol(images)).statusCode).toBe(201);
    const admin = await t.factories.companyAdmin();
    const employee = await t.factories.employee(admin.companyId!);
    await signConsent(t.db, employee.id);
    const body = await multipart({ employeeId: employee.id, consentAccepted: 'true', noticeVersion: FACE_NOTICE_VERSION }, [
      { field: 'image', images, type: 'application/octet-stream' },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: `${base}/register`,
      payload: body.payload,
      headers: { ...body.headers, cookie: `presente_session=${admin.sessionToken}` },
    });
    expect(res.statusCode).toBe(201);
  });

  it('refuses the same images at the kiosk mark (a public upload path)', async () => {
    const admin = await t.factories.companyAdmin();
    const token = (await t.as(admin).post(`${base}/attendance-link`, { name: 'Recepción' })).json().data.token as string;
    const good = await engine.frame({ person: 'eva' });
    const kiosk = await pairTestKiosk(t, admin);
    const cases: [Buffer, string][] = [
      [svg, FORMAT],
      [await bigPng(), TOO_LARGE],
      [good.subarray(0, good.length >> 1), DAMAGED],
    ];
    for (const [i, [bad, message]] of cases.entries()) {
      const remoteAddress = `10.15.0.${i + 1}`;
      analysed = 0;
      const res = await signedMark(t, token, kiosk, () => [...Array(9).fill(good), bad], { remoteAddress });
      expect(res.statusCode, message).toBe(400);
      expect(res.json()).toEqual({ code: 'invalid_image', message, errors: [{ path: 'frames[9]', message }] });
      expect(analysed).toBe(0);
    }
  });
});
