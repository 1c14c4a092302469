import { createServer, type Server } from 'node:http';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workLocations } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';

let t: TestApp;
let geocoder: Server;
let lastQuery: URLSearchParams | undefined;
beforeAll(async () => {
  // A local Nominatim-compatible geocoder.
  geocoder = createServer((req, res) => {
    lastQuery = new URL(req.url!, 'http://x').searchParams;
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify([{ display_name: 'Plaza Mayor, Lima, Perú', lat: '-12.0453', lon: '-77.0311' }]));
  });
  await new Promise<void>((r) => geocoder.listen(0, '127.0.0.1', r));
  const port = (geocoder.address() as { port: number }).port;
  t = await createTestApp({ GEOCODER_URL: `http://127.0.0.1:${port}/` });
});
afterAll(() => geocoder.close());
const url = '/api/company-admin-simple/work-locations';
const valid = { name: 'Sede Central', address: 'Av. Larco 100', latitude: -12.1211, longitude: -77.0297, allowedRadius: 150 };

describe('work locations', () => {
  it('validates with the spec messages', async () => {
    const admin = await t.factories.companyAdmin();
    const res = await t.as(admin).post(url, { name: '', latitude: 0, longitude: 0 });
    const messages = res.json().errors.map((e: { message: string }) => e.message);
    expect(messages).toEqual(expect.arrayContaining(['El nombre es requerido', 'Debe seleccionar una ubicación en el mapa']));
    const radius = await t.as(admin).post(url, { ...valid, allowedRadius: 5 });
    expect(radius.json().errors[0]).toEqual({ path: 'allowedRadius', message: 'El radio debe estar entre 10 y 5000 metros' });
  });

  it('creates with default radius 100, lists with schedule counts; FREE allows one', async () => {
    const admin = await t.factories.companyAdmin();
    const res = await t.as(admin).post(url, { name: 'Almacén', latitude: -12.05, longitude: -77.04 });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.allowedRadius).toBe(100);
    await t.factories.schedule(admin.companyId!, { locationId: res.json().data.id });
    const list = (await t.as(admin).get(url)).json();
    expect(list.data[0]._count).toEqual({ schedules: 1 });
    const second = await t.as(admin).post(url, valid);
    expect(second.statusCode).toBe(403);
    expect(second.json().code).toBe('plan_limit_reached');
  });

  it("cannot see, change or delete another company's location", async () => {
    const admin = await t.factories.companyAdmin();
    const other = await t.factories.location();
    expect((await t.as(admin).get(url)).json().data).toEqual([]);
    expect((await t.as(admin).put(`${url}/${other.id}`, valid)).statusCode).toBe(404);
    expect((await t.as(admin).delete(`${url}/${other.id}`)).statusCode).toBe(404);
    expect((await t.db.query.workLocations.findFirst({ where: eq(workLocations.id, other.id) }))?.name).toBe(other.name);
  });

  it('deleting a location leaves its schedules without a geofence', async () => {
    const admin = await t.factories.companyAdmin();
    const loc = await t.factories.location(admin.companyId!);
    const sched = await t.factories.schedule(admin.companyId!, { locationId: loc.id });
    expect((await t.as(admin).delete(`${url}/${loc.id}`)).statusCode).toBe(200);
    const after = await t.db.query.schedules.findFirst({ where: (s, { eq }) => eq(s.id, sched.id) });
    expect(after?.locationId).toBeNull();
  });

  it('searches addresses through the configured geocoder, in Peru, 5 results', async () => {
    const admin = await t.factories.companyAdmin();
    const res = await t.as(admin).get('/api/company-admin-simple/geocode/search?q=Plaza%20Mayor%20Lima');
    expect(res.json().data).toEqual([{ displayName: 'Plaza Mayor, Lima, Perú', latitude: -12.0453, longitude: -77.0311 }]);
    expect(lastQuery?.get('countrycodes')).toBe('pe');
    expect(lastQuery?.get('limit')).toBe('5');
  });

  it('answers the spec message when the geocoder is unreachable', async () => {
    const down = await createTestApp({ GEOCODER_URL: 'http://127.0.0.1:9/' });
    const admin = await down.factories.companyAdmin();
    const res = await down.as(admin).get('/api/company-admin-simple/geocode/search?q=Miraflores');
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toBe('Error al buscar la dirección. Intenta de nuevo.');
  });
});
