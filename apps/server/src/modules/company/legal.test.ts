import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { companies } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import type { TestUser } from '../../test/factories.js';

let t: TestApp;
let root: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  root = await t.factories.superAdmin();
});

const LEGAL = '/api/company-admin-simple/company/legal';
const uniq = () => Math.random().toString(36).slice(2, 10);
const stored = async (id: string) => (await t.db.select({ ruc: companies.ruc, legalName: companies.legalName }).from(companies).where(eq(companies.id, id)))[0];

describe("the employer's RUC and razón social, editable (issue 19 item 2, decision 0053)", () => {
  it("the company admin sets them in Configuración: a Peruvian company's RUC is required and checked; another country's is free; another company is untouched", async () => {
    const pe = await t.factories.company({ country: 'PE', ruc: null });
    const admin = await t.factories.companyAdmin({ companyId: pe.id });
    const other = await t.factories.company({ country: 'PE', ruc: '20100000050', legalName: 'Otra SAC' });

    const missing = await t.as(admin).put(LEGAL, { ruc: '', legalName: 'Bodega Norte S.A.C.' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'validation_failed', errors: [{ path: 'ruc', message: 'El RUC es obligatorio para empresas de Perú' }] });
    const wrongDigit = await t.as(admin).put(LEGAL, { ruc: '20100070971', legalName: 'Bodega Norte S.A.C.' });
    expect(wrongDigit.statusCode).toBe(400);
    expect(wrongDigit.json().errors[0].path).toBe('ruc');
    expect(await stored(pe.id)).toEqual({ ruc: null, legalName: null }); // nothing written by a refusal

    const ok = await t.as(admin).put(LEGAL, { ruc: ' 20100070970 ', legalName: ' Bodega Norte S.A.C. ' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ data: { ruc: '20100070970', legalName: 'Bodega Norte S.A.C.' }, message: 'Datos legales de la empresa actualizados' });
    const settings = (await t.as(admin).get('/api/company-admin-simple/company/settings')).json().data;
    expect(settings).toMatchObject({ ruc: '20100070970', legalName: 'Bodega Norte S.A.C.' });
    expect(await stored(other.id)).toEqual({ ruc: '20100000050', legalName: 'Otra SAC' });

    const cl = await t.factories.company({ country: 'CL', timezone: 'America/Santiago' });
    const clAdmin = await t.factories.companyAdmin({ companyId: cl.id });
    const rut = await t.as(clAdmin).put(LEGAL, { ruc: '76123456-7', legalName: null });
    expect(rut.statusCode).toBe(200);
    expect(await stored(cl.id)).toEqual({ ruc: '76123456-7', legalName: null });
    // An employee cannot.
    const worker = await t.factories.employee(pe.id);
    expect((await t.as(worker.account).put(LEGAL, { ruc: '20100000131' })).statusCode).toBe(403);
    expect((await stored(pe.id))!.ruc).toBe('20100070970');
  });

  it("the super admin's form: razón social on create and edit; a Peruvian company's new RUC is checked, a resent stored one is not, a move to Peru checks the stored one", async () => {
    const u = uniq();
    const body = { name: `Textil ${u}`, email: `t-${u}@example.com`, adminName: 'Ana', adminEmail: `ana-${u}@example.com` };
    const bad = await t.as(root).post('/api/super-admin/companies', { ...body, ruc: '20100070971' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([expect.objectContaining({ path: 'ruc' })]);
    const created = await t.as(root).post('/api/super-admin/companies', { ...body, ruc: '20100070970', legalName: 'Textil Andino S.A.C.' });
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({ ruc: '20100070970', legalName: 'Textil Andino S.A.C.' });
    const id = created.json().data.id;

    const wrong = await t.as(root).put(`/api/super-admin/companies/${id}`, { ruc: '2010007097' });
    expect(wrong.statusCode).toBe(400);
    const renamed = await t.as(root).put(`/api/super-admin/companies/${id}`, { ruc: '20100000131', legalName: 'Textil Andino Sociedad Anónima Cerrada' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data).toMatchObject({ ruc: '20100000131', legalName: 'Textil Andino Sociedad Anónima Cerrada' });

    // An older company whose stored RUC predates the check stays editable when the form resends it unchanged.
    const old = await t.factories.company({ country: 'PE', ruc: '20123456789' });
    expect((await t.as(root).put(`/api/super-admin/companies/${old.id}`, { ruc: '20123456789', name: `Antigua ${u}` })).statusCode).toBe(200);
    // A Chilean company with a RUT moving to Peru must bring a valid RUC.
    const cl = await t.factories.company({ country: 'CL', timezone: 'America/Santiago', ruc: '76123456-7' });
    const move = await t.as(root).put(`/api/super-admin/companies/${cl.id}`, { country: 'PE' });
    expect(move.statusCode).toBe(400);
    expect((await t.as(root).put(`/api/super-admin/companies/${cl.id}`, { country: 'PE', ruc: '20100070970' })).statusCode).toBe(200);
  });
});
