import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request as httpRequest, type Server } from 'node:http';
import { createServer, request as httpsRequest } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkServerIdentity, type PeerCertificate } from 'node:tls';
import { afterAll, describe, expect, it } from 'vitest';
import { type ConfigError, loadConfig } from '../config.js';
import { makeCertificates, SERVER_CERT_DAYS } from '../ops/cert.js';
import { httpRedirectServer, readTls } from './tls.js';

const dataDir = mkdtempSync(join(tmpdir(), 'presente-tls-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function listen(server: Server | ReturnType<typeof createServer>): Promise<number> {
  return new Promise((res) => server.listen(0, '127.0.0.1', () => res((server.address() as AddressInfo).port)));
}

/** An HTTPS GET to 127.0.0.1 trusting only `ca`, checking the certificate against `name` (the address a tablet typed). */
function get(port: number, ca: string, name: string): Promise<{ status: number; peer: PeerCertificate }> {
  return new Promise((res, rej) => {
    const req = httpsRequest(
      { host: '127.0.0.1', port, path: '/', ca, agent: false, checkServerIdentity: (_host, cert) => checkServerIdentity(name, cert) },
      (r) => {
        const peer = (r.socket as import('node:tls').TLSSocket).getPeerCertificate();
        r.resume();
        r.on('end', () => res({ status: r.statusCode ?? 0, peer }));
      },
    );
    req.on('error', rej);
    req.end();
  });
}

function plain(port: number, path: string, opts: { method?: string; host?: string } = {}) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: string }>((res, rej) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, method: opts.method ?? 'GET', headers: { Host: opts.host ?? `192.168.1.20:${port}` } }, (r) => {
      let body = '';
      r.on('data', (c) => {
        body += c;
      });
      r.on('end', () => res({ status: r.statusCode ?? 0, headers: r.headers, body }));
    });
    req.on('error', rej);
    req.end();
  });
}

describe('npm run cert: a local authority and a certificate for the LAN addresses (decision 0043)', () => {
  it('a device that trusts the authority accepts the certificate for each LAN address and name, and for nothing else', async () => {
    const made = await makeCertificates(dataDir, ['caja-oficina', '127.0.0.1', '192.168.1.20'], new Date('2026-11-27T12:00:00Z'));
    const tls = readTls({ TLS_CERT_FILE: made.files.cert, TLS_KEY_FILE: made.files.key })!;
    const server = createServer(tls, (_req, res) => res.end('ok'));
    const port = await listen(server);
    try {
      const ca = readFileSync(made.files.caCert, 'utf8');
      for (const name of ['192.168.1.20', 'caja-oficina', '127.0.0.1']) expect((await get(port, ca, name)).status).toBe(200);
      // Another address of the office network, or a site the certificate could be used to impersonate.
      await expect(get(port, ca, '192.168.1.21')).rejects.toThrow(/IP: 192.168.1.21 is not in the cert's list/);
      await expect(get(port, ca, 'www.bcp.com.pe')).rejects.toThrow(/does not match certificate's altnames/);
      // A device that trusts another authority (another office's, or none of ours yet) refuses it.
      const other = await makeCertificates(mkdtempSync(join(tmpdir(), 'presente-tls-other-')), ['127.0.0.1']);
      await expect(get(port, readFileSync(other.files.caCert, 'utf8'), '192.168.1.20')).rejects.toThrow(
        /unable to verify|self.signed|unable to get local issuer/i,
      );
      rmSync(other.files.dir, { recursive: true, force: true });
      const { peer } = await get(port, ca, '192.168.1.20');
      const days = (new Date(peer.valid_to).getTime() - new Date(peer.valid_from).getTime()) / 86_400_000;
      expect(days).toBeLessThanOrEqual(SERVER_CERT_DAYS + 1); // Apple's 825-day ceiling for private authorities
    } finally {
      server.close();
    }
  });

  it('a second run keeps the authority (devices keep trusting) and makes a new certificate it signs', async () => {
    const first = await makeCertificates(dataDir, ['127.0.0.1']);
    const caBefore = readFileSync(first.files.caCert, 'utf8');
    const second = await makeCertificates(dataDir, ['127.0.0.1', '10.0.0.7']);
    expect(second.caCreated).toBe(false);
    expect(readFileSync(second.files.caCert, 'utf8')).toBe(caBefore);
    expect(second.spki).not.toBe(first.spki);
    const server = createServer(readTls({ TLS_CERT_FILE: second.files.cert, TLS_KEY_FILE: second.files.key })!, (_q, r) => r.end());
    const port = await listen(server);
    try {
      expect((await get(port, caBefore, '10.0.0.7')).status).toBe(200);
    } finally {
      server.close();
    }
  });
});

describe('the plain-HTTP port next to HTTPS', () => {
  it('sends GETs to the same host and path on HTTPS, hands out the authority, and refuses anything else', async () => {
    await makeCertificates(dataDir, ['127.0.0.1']);
    const server = httpRedirectServer(3443, dataDir);
    const port = await listen(server);
    try {
      const moved = await plain(port, '/attendance/abc?x=1#no');
      expect(moved.status).toBe(308);
      expect(moved.headers.location).toBe('https://192.168.1.20:3443/attendance/abc?x=1#no');
      const ca = await plain(port, '/presente-ca.crt');
      expect(ca.status).toBe(200);
      expect(ca.headers['content-type']).toBe('application/x-x509-ca-cert');
      expect(ca.body).toBe(readFileSync(join(dataDir, 'tls/presente-ca.crt'), 'utf8'));
      // A login over plain HTTP would send the password in clear: refused, never redirected (a 308 repeats the POST).
      expect((await plain(port, '/api/auth/login', { method: 'POST' })).status).toBe(400);
      // A Host header that is not a host name cannot steer the redirect.
      expect((await plain(port, '/', { host: 'evil.example/@x' })).status).toBe(400);
    } finally {
      server.close();
    }
  });
});

describe('TLS configuration', () => {
  it('wants both files, readable, and a redirect port only with them; names each problem', () => {
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig(env);
        return [];
      } catch (err) {
        return (err as ConfigError).problems;
      }
    };
    expect(problems({ TLS_CERT_FILE: join(dataDir, 'tls/server.crt') })).toContain('TLS_CERT_FILE: TLS_CERT_FILE and TLS_KEY_FILE go together');
    expect(problems({ TLS_CERT_FILE: '/nope.crt', TLS_KEY_FILE: join(dataDir, 'tls/server.key') })).toContain(
      'TLS_CERT_FILE: cannot read /nope.crt (run npm run cert, or check the path)',
    );
    expect(problems({ HTTP_REDIRECT_PORT: '8080' })[0]).toMatch(/^HTTP_REDIRECT_PORT: only with TLS_CERT_FILE/);
    const ok = loadConfig({ TLS_CERT_FILE: join(dataDir, 'tls/server.crt'), TLS_KEY_FILE: join(dataDir, 'tls/server.key'), HTTP_REDIRECT_PORT: '8080' });
    expect(ok.HTTP_REDIRECT_PORT).toBe(8080);
  });
});
