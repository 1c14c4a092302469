/**
 * What the kiosk does before it reads an upload (decision 0028): the token and the link are checked before a
 * byte of the multipart body is taken in, wrong tokens are limited per IP, and a body cut short answers 400
 * incomplete_upload (the kiosk mark and the enrolment alike), never 500.
 */

import { type AddressInfo, connect } from 'node:net';
import { Readable } from 'node:stream';
import { within } from '@presente/shared/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { WRONG_TOKENS } from './kiosk.service.js';
import { multipart, pairTestKiosk, postMark, type TestKiosk } from './test-helpers.js';

const base = '/api/company-admin-simple/face-recognition';
const wrongToken = (i: number) => `wrong-token-${String(i).padStart(8, '0')}-abcdef`;

/** A multipart body of `parts` frames of `partBytes` each, produced only as it is read; `pulled` counts what was. */
function lazyUpload(parts: number, partBytes: number) {
  const boundary = '----presente-test-boundary';
  const head = (name: string, file?: string) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"${file ? `; filename="${file}"\r\nContent-Type: image/jpeg` : ''}\r\n\r\n`);
  const chunks: (() => Buffer)[] = [() => Buffer.concat([head('challengeId'), Buffer.from('00000000-0000-4000-8000-000000000000\r\n')])];
  const slice = 64 * 1024;
  for (let p = 0; p < parts; p++) {
    chunks.push(() => head('frames', `f${p}.jpg`));
    for (let sent = 0; sent < partBytes; sent += slice) chunks.push(() => Buffer.alloc(Math.min(slice, partBytes - sent), 0xab));
    chunks.push(() => Buffer.from('\r\n'));
  }
  chunks.push(() => Buffer.from(`--${boundary}--\r\n`));
  const state = { pulled: 0, total: 0 };
  let next = 0;
  const stream = new Readable({
    read() {
      const make = chunks[next++];
      if (!make) return void this.push(null);
      const chunk = make();
      state.pulled += chunk.length;
      this.push(chunk);
    },
  });
  state.total = parts * partBytes;
  return { stream, state, contentType: `multipart/form-data; boundary=${boundary}` };
}

describe('kiosk: the token before the upload', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    const admin = await t.factories.companyAdmin();
    token = (await t.as(admin).post(`${base}/attendance-link`, { name: 'Recepción' })).json().data.token;
  });

  it('a wrong token with a 14 MB upload answers 404 without the body being read', async () => {
    const upload = lazyUpload(7, 2 * 1024 * 1024 - 4096);
    const started = performance.now();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/public/attendance/${wrongToken(0)}/mark`,
      payload: upload.stream,
      headers: { 'content-type': upload.contentType },
      remoteAddress: '10.28.0.1',
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'not_found', message: 'Enlace de asistencia no válido.' });
    // At most what a stream reads ahead, never the frames (the old code read all 14 MB, then looked the token up).
    expect(upload.state.pulled).toBeLessThan(256 * 1024);
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it('over a real socket, a wrong token is answered while the 14 MB body is still being sent', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const upload = lazyUpload(7, 2 * 1024 * 1024 - 4096);
    const length = upload.state.total + 4096;
    const answer = new Promise<number>((done, fail) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.write(
          `POST /api/public/attendance/${wrongToken(1000)}/mark HTTP/1.1\r\nHost: localhost\r\nContent-Type: ${upload.contentType}\r\nContent-Length: ${length}\r\n\r\n`,
        );
        socket.write(Buffer.alloc(64 * 1024, 0x2d)); // the first 64 KB only; the rest is never sent
      });
      socket.once('data', (chunk) => {
        socket.destroy();
        done(Number(chunk.toString('latin1').split(' ')[1]));
      });
      socket.on('error', fail);
    });
    const status = await within('an answer before the body was sent', answer, 3_000);
    expect(status).toBe(404);
  });

  it('an inactive link answers 410 without the body being read', async () => {
    const admin = await t.factories.companyAdmin();
    const api = t.as(admin);
    const link = (await api.post(`${base}/attendance-link`, { name: 'Cerrada' })).json().data;
    const off = await api.patch(`${base}/attendance-link/${link.id}/toggle`, { isActive: false });
    expect(off.statusCode, off.body).toBe(200);
    const upload = lazyUpload(4, 1024 * 1024);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/public/attendance/${link.token}/mark`,
      payload: upload.stream,
      headers: { 'content-type': upload.contentType },
      remoteAddress: '10.28.0.2',
    });
    expect(res.statusCode).toBe(410);
    expect(upload.state.pulled).toBeLessThan(256 * 1024);
  });

  it(`the ${WRONG_TOKENS.perIp + 1}st wrong token from one IP answers 429 with Retry-After; another IP is still served`, async () => {
    const ip = '10.28.0.3';
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xd9]);
    for (let i = 1; i <= WRONG_TOKENS.perIp; i++) {
      const res = await postMark(t, wrongToken(i), { challengeId: '00000000-0000-4000-8000-000000000000' }, [jpeg], { remoteAddress: ip });
      expect(res.statusCode, `wrong token ${i}`).toBe(404);
    }
    const blocked = await postMark(t, wrongToken(99), { challengeId: '00000000-0000-4000-8000-000000000000' }, [jpeg], { remoteAddress: ip });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ code: 'rate_limited', message: 'Demasiados intentos. Intenta de nuevo en unos minutos.' });
    const wait = Number(blocked.headers['retry-after']);
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(WRONG_TOKENS.windowMs / 1000);
    // The seconds to the end of the clock-aligned window, when that IP may try again (within the request's time).
    const now = Date.now();
    const windowEnd = (Math.floor(now / WRONG_TOKENS.windowMs) + 1) * WRONG_TOKENS.windowMs;
    expect(Math.abs(wait - Math.ceil((windowEnd - now) / 1000))).toBeLessThanOrEqual(2);
    // The other kiosk calls of that IP too, a right token included (a hit must not be told from a miss).
    for (const url of [`/api/public/attendance/${wrongToken(100)}`, `/api/public/attendance/${token}`, `/api/public/attendance/${token}/challenge`]) {
      const res = await t.app.inject({ method: url.endsWith('challenge') ? 'POST' : 'GET', url, remoteAddress: ip });
      expect(res.statusCode, url).toBe(429);
    }
    // Another address: wrong tokens are still 404, the real link is served.
    expect(
      (await postMark(t, wrongToken(101), { challengeId: '00000000-0000-4000-8000-000000000000' }, [jpeg], { remoteAddress: '10.28.0.4' })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/public/attendance/${token}`, remoteAddress: '10.28.0.4' })).statusCode).toBe(200);
  });

  it(`wrong tokens sent all at once from one IP: exactly ${WRONG_TOKENS.perIp} are told "unknown", the rest wait`, async () => {
    // A script firing its guesses together must not get more answers than one sending them in turn.
    const ip = '10.28.0.9';
    const all = await Promise.all(
      Array.from({ length: WRONG_TOKENS.perIp + 10 }, (_, i) =>
        t.app.inject({ method: 'GET', url: `/api/public/attendance/${wrongToken(300 + i)}`, remoteAddress: ip }),
      ),
    );
    const status = all.map((r) => r.statusCode);
    expect(status.filter((s) => s === 404)).toHaveLength(WRONG_TOKENS.perIp);
    const waiting = all.filter((r) => r.statusCode === 429);
    expect(waiting).toHaveLength(10);
    for (const r of waiting) {
      expect(r.json()).toMatchObject({ code: 'rate_limited', message: 'Demasiados intentos. Intenta de nuevo en unos minutos.' });
      expect(Number(r.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    }
  });

  it("a deactivated link's calls are not wrong tokens: past 20 from one IP they still answer 410, and that IP is not held up", async () => {
    const ip = '10.28.0.7';
    const owner = await t.factories.companyAdmin();
    const link = (await t.as(owner).post(`${base}/attendance-link`, { name: 'Almacén' })).json().data;
    await t.as(owner).patch(`${base}/attendance-link/${link.id}/toggle`, { isActive: false });
    for (let i = 0; i <= WRONG_TOKENS.perIp; i++) {
      const res = await t.app.inject({ method: 'GET', url: `/api/public/attendance/${link.token}`, remoteAddress: ip });
      expect(res.json().code, `call ${i + 1}`).toBe('link_inactive');
    }
    expect((await t.app.inject({ method: 'GET', url: `/api/public/attendance/${token}`, remoteAddress: ip })).statusCode).toBe(200);
  });

  it('a link looked up by its info and challenge calls counts wrong tokens too', async () => {
    const ip = '10.28.0.5';
    for (let i = 0; i < WRONG_TOKENS.perIp; i++) {
      const res = await t.app.inject({
        method: i % 2 ? 'GET' : 'POST',
        url: `/api/public/attendance/${wrongToken(200 + i)}${i % 2 ? '' : '/challenge'}`,
        remoteAddress: ip,
      });
      expect(res.statusCode).toBe(404);
    }
    expect((await t.app.inject({ method: 'GET', url: `/api/public/attendance/${wrongToken(300)}`, remoteAddress: ip })).statusCode).toBe(429);
  });
});

describe('a multipart body cut short answers 400 incomplete_upload', () => {
  let t: TestApp;
  let token: string;
  let admin: Awaited<ReturnType<TestApp['factories']['companyAdmin']>>;
  let paired: TestKiosk;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.factories.companyAdmin();
    token = (await t.as(admin).post(`${base}/attendance-link`, { name: 'Recepción' })).json().data.token;
    paired = await pairTestKiosk(t, admin);
  });

  const jpeg = Buffer.alloc(20_000, 0xcd);
  const cut = async (fields: Record<string, string>, field: string) => {
    const body = await multipart(fields, [{ field, images: [jpeg, jpeg, jpeg] }]);
    return { payload: body.payload.subarray(0, Math.floor(body.payload.length * 0.6)), headers: body.headers };
  };

  it('on the kiosk mark, in Spanish and English', async () => {
    const body = await cut({ challengeId: '00000000-0000-4000-8000-000000000000' }, 'frames');
    for (const [lang, message] of [
      ['es', 'El envío llegó incompleto. Vuelve a intentarlo.'],
      ['en', 'The upload arrived incomplete. Try again.'],
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/public/attendance/${token}/mark`,
        payload: body.payload,
        headers: { ...body.headers, 'accept-language': lang, 'x-kiosk-id': paired.kioskId },
        remoteAddress: '10.28.1.1',
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ code: 'incomplete_upload', message });
    }
  });

  it('on the enrolment upload', async () => {
    const employee = await t.factories.employee(admin.companyId!);
    const body = await cut({ employeeId: employee.id, consentAccepted: 'true', noticeVersion: '1' }, 'image');
    const res = await t.app.inject({
      method: 'POST',
      url: `${base}/register`,
      payload: body.payload,
      headers: { ...body.headers, cookie: `presente_session=${admin.sessionToken}` },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ code: 'incomplete_upload', message: 'El envío llegó incompleto. Vuelve a intentarlo.' });
  });
});
