import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { companies } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';

/** Issue 25 item 2, decision 0045: the web manifest of a kiosk link. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
const base = '/api/company-admin-simple/face-recognition';
const manifestUrl = (token: string) => `/api/public/attendance/${token}/manifest.webmanifest`;

async function companyWithLink(linkName: string) {
  const admin = await t.factories.companyAdmin();
  const created = (await t.as(admin).post(`${base}/attendance-link`, { name: linkName })).json().data as { id: string; token: string };
  const [company] = await t.db.select().from(companies).where(eq(companies.id, admin.companyId!));
  return { admin, company, link: created };
}

describe('kiosk web manifest', () => {
  it("installs the kiosk page full screen under the company's and the link's names, and says nothing else", async () => {
    const { company, link } = await companyWithLink('Puerta norte');
    const res = await t.anon.get(manifestUrl(link.token));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    const page = `/attendance/${link.token}`;
    const body = res.json();
    expect(body).toEqual({
      id: page,
      name: `${company.name} · Puerta norte`,
      short_name: expect.any(String),
      description: 'Kiosco de asistencia con reconocimiento facial.',
      lang: 'es',
      start_url: page,
      scope: page,
      display: 'fullscreen',
      display_override: ['fullscreen', 'standalone'],
      background_color: '#f8f9fb',
      theme_color: '#3b5bdb',
      icons: [
        { src: '/kiosk-icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/kiosk-icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/kiosk-icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    });
    expect(company.name.startsWith(body.short_name.replace(/…$/, ''))).toBe(true);
    // No id, timezone, plan, address or anything else of the company.
    const text = res.body;
    for (const v of [company.id, link.id, company.timezone]) expect(text).not.toContain(v);
    const en = await t.anon.get(manifestUrl(link.token), { 'accept-language': 'en' });
    expect(en.json()).toMatchObject({ lang: 'en', description: 'Face-recognition attendance kiosk.' });
  });

  it('shortens a long company name for the launcher, keeping the whole one in the name', async () => {
    const { admin, link } = await companyWithLink('Recepción');
    const long = 'Corporación Agroindustrial del Norte Peruano S.A.C.';
    await t.db.update(companies).set({ name: long }).where(eq(companies.id, admin.companyId!));
    const body = (await t.anon.get(manifestUrl(link.token))).json();
    expect(body.name).toBe(`${long} · Recepción`);
    expect(body.short_name.length).toBeLessThanOrEqual(24);
    expect(body.short_name.endsWith('…')).toBe(true);
  });

  it('answers 404 not_found for an unknown or deleted link and 410 link_inactive for a deactivated one, in the request language', async () => {
    const unknown = await t.anon.get(manifestUrl('x'.repeat(43)));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'not_found', message: 'Enlace de asistencia no válido.' });

    const { admin, link } = await companyWithLink('Almacén');
    await t.as(admin).patch(`${base}/attendance-link/${link.id}/toggle`, { isActive: false });
    const off = await t.anon.get(manifestUrl(link.token), { 'accept-language': 'en' });
    expect(off.statusCode).toBe(410);
    expect(off.json()).toMatchObject({ code: 'link_inactive', message: 'This attendance link is deactivated.' });

    await t.as(admin).delete(`${base}/attendance-link/${link.id}`);
    const gone = await t.anon.get(manifestUrl(link.token));
    expect(gone.statusCode).toBe(404);
    expect(gone.json().code).toBe('not_found');
  });

  it("shows the token's company only: another company's signed-in admin gets the link's company, never their own", async () => {
    const a = await companyWithLink('Entrada A');
    const b = await companyWithLink('Entrada B');
    const asB = await t.as(b.admin).get(manifestUrl(a.link.token));
    expect(asB.statusCode).toBe(200);
    expect(asB.json().name).toBe(`${a.company.name} · Entrada A`);
    expect(asB.body).not.toContain(b.company.name);
    expect(asB.body).not.toContain(b.link.token);
    // And each link its own app: different ids.
    expect((await t.anon.get(manifestUrl(b.link.token))).json().id).not.toBe(asB.json().id);
  });

  it('counts a wrong token like every kiosk call: past 20 from one IP, 429 even for a right one', async () => {
    const { link } = await companyWithLink('Garita');
    const from = (url: string) => t.app.inject({ method: 'GET', url, remoteAddress: '10.9.8.7' });
    for (let i = 0; i < 20; i++) expect((await from(manifestUrl(`${'y'.repeat(42)}${i % 10}`))).statusCode).toBe(404);
    const right = await from(manifestUrl(link.token));
    expect(right.statusCode).toBe(429);
    expect(right.json().code).toBe('rate_limited');
  });
});
