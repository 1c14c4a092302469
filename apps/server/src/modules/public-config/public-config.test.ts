import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { ConfigError, configSchema, loadConfig } from '../../config.js';
import { tileImageSource } from '../../plugins/security.js';
import { createTestApp, type TestApp } from '../../test/app.js';

let t: TestApp;
const apps: Awaited<ReturnType<typeof buildApp>>[] = [];
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  for (const app of apps) await app.close();
});

/** GET /api/config without a session on an app started with `env`, and the img-src sources of the answer's CSP. */
async function served(env: Record<string, string>) {
  const picked = configSchema.pick({ MAP_TILE_URL: true, MAP_TILE_ATTRIBUTION: true, SUPPORT_WHATSAPP: true, SUPPORT_EMAIL: true }).parse(env);
  const app = await buildApp({ ...t.deps, config: { ...t.deps.config, ...picked } });
  apps.push(app);
  const res = await app.inject({ method: 'GET', url: '/api/config' });
  const csp = String(res.headers['content-security-policy'] ?? '');
  const imgSrc = csp
    .split(';')
    .map((d) => d.trim().split(/\s+/))
    .find(([name]) => name === 'img-src')
    ?.slice(1);
  return { res, data: res.json().data, imgSrc };
}

describe('GET /api/config (map tiles and support contact, public)', () => {
  it('serves OpenStreetMap tiles, the support e-mail and no WhatsApp line by default; images only from there', async () => {
    const { res, data, imgSrc } = await served({});
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(data).toEqual({
      map: { tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png', attribution: expect.stringContaining('OpenStreetMap') },
      support: { email: 'soporte@presente.app', whatsapp: null },
    });
    expect(imgSrc).toEqual(["'self'", 'data:', 'blob:', 'https://tile.openstreetmap.org']);
  });

  it("serves the operator's tile server (http too), its credit and the support line; the CSP allows that origin", async () => {
    const { data, imgSrc } = await served({
      MAP_TILE_URL: 'http://tiles.intranet.pe:8080/osm/{z}/{x}/{y}.png',
      MAP_TILE_ATTRIBUTION: '© Mapas Intranet',
      SUPPORT_WHATSAPP: '+51 987 654 321',
      SUPPORT_EMAIL: 'ayuda@empresa.pe',
    });
    expect(data).toEqual({
      map: { tileUrl: 'http://tiles.intranet.pe:8080/osm/{z}/{x}/{y}.png', attribution: '© Mapas Intranet' },
      support: { email: 'ayuda@empresa.pe', whatsapp: '51987654321' },
    });
    expect(imgSrc).toContain('http://tiles.intranet.pe:8080');
    expect(imgSrc).not.toContain('https:');
  });

  it('turns tiles off with MAP_TILE_URL=off: no tiles, no credit, no tile origin in the CSP', async () => {
    const { data, imgSrc } = await served({ MAP_TILE_URL: 'off' });
    expect(data.map).toEqual({ tileUrl: null, attribution: null });
    expect(imgSrc).toEqual(["'self'", 'data:', 'blob:']);
  });

  it('gives a tile template its CSP source ({s} subdomains as a wildcard)', () => {
    expect(tileImageSource('https://{s}.tile.example.org/{z}/{x}/{y}.png')).toBe('https://*.tile.example.org');
    expect(tileImageSource('https://tiles.example.org/{z}/{x}/{y}.png?key=1')).toBe('https://tiles.example.org');
    expect(tileImageSource('https://a.{s}.example.org/{z}/{x}/{y}.png')).toBe('https:');
    expect(tileImageSource(null)).toBeNull();
  });

  it('refuses a tile URL without {z}/{x}/{y} and a WhatsApp line that is not a phone number, in one list', () => {
    try {
      loadConfig({ MAP_TILE_URL: 'https://tiles.example.org/map.png', SUPPORT_WHATSAPP: 'call us', SUPPORT_EMAIL: 'nope' });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const text = (err as ConfigError).message;
      expect(text).toContain('MAP_TILE_URL: must be an http(s):// URL with {z}, {x} and {y}, or off');
      expect(text).toContain('SUPPORT_WHATSAPP: must be a phone number in international format');
      expect(text).toContain('SUPPORT_EMAIL: must be an email address');
    }
    expect(() => loadConfig({ SUPPORT_WHATSAPP: '12345' })).toThrow(/8 to 15 digits/);
  });
});
