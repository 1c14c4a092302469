import { request } from 'node:https';
import { networkInterfaces } from 'node:os';

/** This machine's first non-loopback IPv4 address (a tablet on the office network would type it), if any. */
export function lanIPv4(): string | undefined {
  return Object.values(networkInterfaces())
    .flat()
    .find((i) => i && !i.internal && i.family === 'IPv4')?.address;
}

/**
 * A `fetch` for Node that trusts only `ca` (the local authority of `npm run cert`), as a tablet that installed it
 * does. Node 20's fetch has no option for an extra authority; this speaks HTTPS itself and answers a Response.
 */
export function caFetch(ca: string): typeof fetch {
  return (input, init = {}) =>
    new Promise((resolve, reject) => {
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
      const headers = new Headers(init.headers);
      const req = request(
        url,
        { method: init.method ?? 'GET', headers: Object.fromEntries(headers), ca, agent: false, signal: init.signal ?? undefined },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const answer = new Headers();
            for (const [name, value] of Object.entries(res.headers)) {
              for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) answer.append(name, v);
            }
            const status = res.statusCode ?? 0;
            const body = status === 204 || status === 304 ? null : Buffer.concat(chunks);
            resolve(new Response(body, { status, headers: answer }));
          });
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      if (typeof init.body === 'string') req.write(init.body);
      req.end();
    });
}
