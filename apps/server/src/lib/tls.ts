// HTTPS served by the process itself, for kiosks on a local network (decision 0043): a browser gives the camera
// only to a secure context, and http://192.168.x.x is not one.
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';

export interface TlsOptions {
  cert: Buffer;
  key: Buffer;
}

export function readTls(config: { TLS_CERT_FILE?: string; TLS_KEY_FILE?: string }): TlsOptions | undefined {
  if (!config.TLS_CERT_FILE || !config.TLS_KEY_FILE) return undefined;
  return { cert: readFileSync(config.TLS_CERT_FILE), key: readFileSync(config.TLS_KEY_FILE) };
}

/** The path where the plain-HTTP port hands out the local authority's certificate (`npm run cert` made it). */
export const CA_PATH = '/presente-ca.crt';

/** A host name or address as a Host header may carry it (with an optional port); anything else is refused. */
const HOST = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(:\d{1,5})?$/i;

/**
 * The plain-HTTP port next to HTTPS: GET and HEAD go to the same host and path on HTTPS (308), the local
 * authority's certificate is served at /presente-ca.crt (it is public: devices install it to trust the kiosk's
 * HTTPS), and anything else is refused, so nothing is ever read or written over plain HTTP.
 */
export function httpRedirectServer(httpsPort: number, dataDir: string): Server {
  return createServer((req, res) => {
    const host = req.headers.host ?? '';
    const match = HOST.exec(host);
    const path = (req.url ?? '/').startsWith('/') ? (req.url ?? '/') : '/';
    if (path === CA_PATH && (req.method === 'GET' || req.method === 'HEAD')) {
      const ca = join(dataDir, 'tls', 'presente-ca.crt');
      if (existsSync(ca)) {
        const pem = readFileSync(ca);
        res.writeHead(200, {
          'Content-Type': 'application/x-x509-ca-cert',
          'Content-Disposition': 'attachment; filename="presente-ca.crt"',
          'Content-Length': pem.length,
        });
        res.end(req.method === 'HEAD' ? undefined : pem);
        return;
      }
    }
    if (!match || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8', Connection: 'close' });
      res.end('Use HTTPS. / Usa HTTPS.\n');
      return;
    }
    res.writeHead(308, { Location: `https://${match[1]}:${httpsPort}${path}`, 'Content-Length': 0 });
    res.end();
  });
}
