import { execFile } from 'node:child_process';
import { createHash, X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, registerCompany, see } from '../support/app.js';
import { launch, newContext, shot } from '../support/browser.js';
import { freePort, type RunningServer, repoRoot, startServer } from '../support/server.js';
import { caFetch, lanIPv4 } from '../support/tls.js';

/**
 * Issue 25 item 1 (decision 0043): a tablet on the office network opens the kiosk at https://<LAN address>, signed
 * by the local authority `npm run cert` made, and gets the camera; plain HTTP on the same address has no camera.
 */
const lan = lanIPv4();
if (!lan && process.env.CI) throw new Error('lan-https.e2e needs a non-loopback IPv4 address on this machine (CI must run it)');

describe.skipIf(!lan)(`the kiosk over HTTPS on the local network (${lan})`, () => {
  let server: RunningServer;
  let browser: Browser;
  let plainHttp: Server;
  let redirectPort = 0;
  let ca = '';
  const realFetch = globalThis.fetch;

  beforeAll(async () => {
    redirectPort = await freePort();
    server = await startServer(
      'lan-https',
      { HOST: '0.0.0.0' },
      {
        // What the README tells an office to do: npm run cert, then the two files in the environment.
        prepare: async (dataDir) => {
          const out = await promisify(execFile)('npx', ['tsx', 'apps/server/src/ops/cli.ts', 'cert'], {
            cwd: repoRoot,
            env: { ...process.env, DATA_DIR: dataDir },
          });
          expect(out.stdout).toContain(`Certificate for: `);
          expect(out.stdout).toContain(lan!);
          ca = readFileSync(join(dataDir, 'tls/presente-ca.crt'), 'utf8');
          return {
            TLS_CERT_FILE: join(dataDir, 'tls/server.crt'),
            TLS_KEY_FILE: join(dataDir, 'tls/server.key'),
            HTTP_REDIRECT_PORT: String(redirectPort),
          };
        },
        origin: (port) => `https://${lan}:${port}`,
        fetch: (url, init) => caFetch(ca)(url, init),
      },
    );
    // The seeding clients below talk to the server as a device that installed the authority (this file only).
    globalThis.fetch = caFetch(ca);
    // Chromium trusts exactly this server certificate's key, as a tablet trusting the authority would accept it;
    // caFetch above checks the real chain (authority -> certificate -> this LAN address).
    const spki = createHash('sha256')
      .update(new X509Certificate(readFileSync(join(server.dataDir, 'tls/server.crt'))).publicKey.export({ type: 'spki', format: 'der' }))
      .digest('base64');
    browser = await launch([`--ignore-certificate-errors-spki-list=${spki}`, '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream']);
    plainHttp = createServer((_q, r) => r.end('<!doctype html><title>http</title><p>http</p>'));
    await new Promise<void>((res) => plainHttp.listen(0, lan, res));
  });
  afterAll(async () => {
    globalThis.fetch = realFetch;
    plainHttp?.close();
    await browser?.close();
    await server?.stop();
  });

  it('a device that trusts the local authority reaches the API on the LAN address; the certificate names it', async () => {
    const health = await caFetch(ca)(`${server.url}/api/health`);
    expect(health.status).toBe(200);
    // The same server without the authority (a tablet that did not install it) is refused by the TLS check.
    await expect(realFetch(`${server.url}/api/health`)).rejects.toThrow();
  });

  it('plain HTTP on the office address has no camera; the redirect port sends the tablet to HTTPS, where the kiosk films', async () => {
    const admin = await registerCompany(server.url);
    const api = new ApiClient(server.url);
    await api.login(admin.adminEmail, admin.password);
    const link = await api.post<{ token: string }>('/company-admin-simple/face-recognition/attendance-link', { name: 'Entrada LAN' });
    expect(link.status).toBe(201);
    const code = await api.post<{ code: string }>('/company-admin-simple/face-recognition/kiosk-pairing-codes', { name: 'Tablet recepción' });
    expect(code.status).toBe(201);

    const context = await newContext(browser, server.url, { mobile: true });
    const page = await context.newPage();
    // Why HTTPS: a page served over http:// on a LAN address is not a secure context, and gets no camera at all.
    await page.goto(`http://${lan}:${(plainHttp.address() as { port: number }).port}/`);
    expect(await page.evaluate(() => ({ secure: window.isSecureContext, camera: !!navigator.mediaDevices }))).toEqual({ secure: false, camera: false });

    // The address printed on the office's poster is plain HTTP: it lands on HTTPS with the path kept.
    await page.goto(`http://${lan}:${redirectPort}/attendance/${link.body.data!.token}#pair=${code.body.data!.code}`);
    expect(page.url()).toBe(`${server.url}/attendance/${link.body.data!.token}#pair=${code.body.data!.code}`);
    expect(await page.evaluate(() => window.isSecureContext)).toBe(true);
    await expect.poll(() => page.getByTestId('kiosk-pairing-code').inputValue()).toBe(code.body.data!.code);
    await page.getByRole('button', { name: 'Vincular kiosco' }).click();
    await see(page.getByTestId('kiosk-company').getByText(admin.companyName));
    await page.getByRole('button', { name: 'Marcar asistencia' }).click();
    // The camera streams: the kiosk's video has frames from the (fake) device.
    await expect.poll(() => page.evaluate(() => document.querySelector('video')?.videoWidth ?? 0), { timeout: 20_000 }).toBeGreaterThan(0);
    await shot(page, 'lan-https-kiosk-phone');
    // The session cookie the pairing set is Secure (served over HTTPS directly, no proxy in front).
    const cookies = await context.cookies();
    expect(cookies.length).toBeGreaterThan(0);
    expect(cookies.every((c) => c.secure)).toBe(true);
    await context.close();
  });
});
