/**
 * The static server never tells whether a file exists outside the web root (decision 0028): a path that climbs
 * out of it (raw, encoded, double-encoded, through an asset folder) answers exactly as a path to nothing does.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { createTestApp, type TestApp } from '../test/app.js';

let t: TestApp;
let outside: string;
let dist: string;
let web: FastifyInstance;
let port: number;
beforeAll(async () => {
  t = await createTestApp();
  // A secret file beside the web root (it exists), the web root with an asset folder inside.
  outside = mkdtempSync(join(tmpdir(), 'presente-web-paths-'));
  writeFileSync(join(outside, 'secret.txt'), 'secret');
  dist = join(outside, 'site', 'dist');
  mkdirSync(join(dist, 'assets'), { recursive: true });
  writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
  web = await buildApp(t.deps, { webDist: dist });
  await web.listen({ port: 0, host: '127.0.0.1' });
  port = (web.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await web?.close();
  rmSync(outside, { recursive: true, force: true });
});

/** The ways of climbing out of the root to `target` (a path from the filesystem's root) a prober would try. */
function probes(target: string): string[] {
  const ups = dist.split('/').filter(Boolean).length + 2;
  const t = target.replace(/^\//, '');
  const enc = t.replaceAll('/', '%2f');
  return [
    `/${'../'.repeat(ups)}${t}`,
    `/assets/${'../'.repeat(ups)}${t}`,
    `/${'..%2f'.repeat(ups)}${enc}`,
    `/${'..%2F'.repeat(ups)}${enc}`,
    `/assets/${'..%2f'.repeat(ups)}${enc}`,
    `/${'%2e%2e/'.repeat(ups)}${t}`,
    `/assets/${'%2e%2e%2f'.repeat(ups)}${enc}`,
    `/${'%252e%252e%252f'.repeat(ups)}${t}`,
    `/${'.%2e/'.repeat(ups)}${t}`,
    `/${'..\\'.repeat(ups)}${t.replaceAll('/', '\\')}`,
    `/${'..%5c'.repeat(ups)}${t.replaceAll('/', '%5c')}`,
    // Relative to the web root: the parent folders exist, the secret is two levels up.
    `/../../${relative(join(dist, '..', '..'), join(outside, 'secret.txt'))}`,
    `/..%2f..%2f${relative(join(dist, '..', '..'), join(outside, 'secret.txt'))}`,
  ];
}

/** A GET sent byte for byte over a socket (app.inject and fetch would normalise `..` and `%2e%2e` away). */
const answer = (url: string) =>
  new Promise<{ status: number; type: string; body: string }>((done, fail) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(`GET ${url} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`));
    const chunks: Buffer[] = [];
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', fail);
    socket.on('end', () => {
      const text = Buffer.concat(chunks).toString('latin1');
      const [head, ...rest] = text.split('\r\n\r\n');
      const type = /\r\ncontent-type: ([^\r]*)/i.exec(head)?.[1] ?? '';
      done({ status: Number(head.split(' ')[1]), type, body: rest.join('\r\n\r\n') });
    });
  });

describe('static files: the same answer for a forbidden and a missing path', () => {
  it('files that exist outside the web root answer exactly as files that do not', async () => {
    const existing = [join(outside, 'secret.txt'), '/etc/passwd', '/etc/hostname', dist.replace(/\/dist$/, '')];
    const missing = [join(outside, 'no-such-secret.txt'), '/etc/no-such-file-presente', '/no/such/dir/at/all'];
    const spa = await answer('/some/app/route');
    expect(spa.status).toBe(200);
    expect(spa.body).toContain('<div id="root">');
    for (const target of [...existing, ...missing]) {
      for (const url of probes(target)) {
        const got = await answer(url);
        // Whatever the router makes of it (the SPA or a 4xx), never the file and never a different answer.
        expect(got.body, url).not.toContain('secret');
        expect(got.body, url).not.toMatch(/root:.*:0:0:/);
        expect({ url, ...got }).toEqual({ url, ...(got.status === 200 ? spa : got) });
      }
    }
    // Pairwise: each probe shape answers the same for an existing and a missing target.
    for (const [a, b] of [
      [join(outside, 'secret.txt'), join(outside, 'no-such-secret.txt')],
      ['/etc/passwd', '/etc/no-such-file-presente'],
    ]) {
      const [pa, pb] = [probes(a), probes(b)];
      for (let i = 0; i < pa.length; i++) expect(await answer(pa[i]), `${pa[i]} vs ${pb[i]}`).toEqual(await answer(pb[i]));
    }
  });

  it('still serves the files inside the root; a folder of the root is the SPA, not a redirect or a 403', async () => {
    const asset = await answer('/assets/app-1234.js');
    expect(asset.status).toBe(200);
    expect(asset.body).toContain('console.log(1)');
    const spa = await answer('/some/app/route');
    for (const url of ['/assets', '/assets/', '/assets/../index.html', '/assets/%2e%2e/assets/app-1234.js', '/assets/missing.js']) {
      expect(await answer(url), url).toEqual(spa);
    }
  });
});
