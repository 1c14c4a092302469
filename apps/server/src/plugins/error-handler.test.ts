import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.js';
import { openTestDatabase } from '../test/database.js';
import { installErrorHandler } from './error-handler.js';

/** Real PostgreSQL refusals (PGlite or a server, whichever the project runs) through the one error handler. */
let database: Database;
let app: FastifyInstance;
beforeAll(async () => {
  database = await openTestDatabase();
  const { db } = database;
  await db.execute(sql`create table eh_parent (id int primary key, code varchar(3) unique, n int)`);
  await db.execute(sql`create table eh_child (id int primary key, parent_id int not null references eh_parent(id))`);
  await db.execute(sql`insert into eh_parent (id, code, n) values (1, 'abc', 1)`);
  await db.execute(sql`insert into eh_child (id, parent_id) values (1, 1)`);
  app = Fastify();
  app.decorateRequest('lang', 'es');
  app.addHook('onRequest', async (req) => {
    req.lang = req.headers['accept-language'] === 'en' ? 'en' : 'es';
  });
  installErrorHandler(app);
  const run = (query: ReturnType<typeof sql>) => async () => {
    await db.execute(query);
    return { ok: true };
  };
  app.get('/out-of-range', run(sql`update eh_parent set n = ${3_000_000_000} where id = 1`));
  app.get('/too-long', run(sql`update eh_parent set code = ${'abcdef'} where id = 1`));
  app.get('/missing-reference', run(sql`insert into eh_child (id, parent_id) values (2, 999)`));
  app.get('/still-referenced', run(sql`delete from eh_parent where id = 1`));
  app.get('/duplicate', run(sql`insert into eh_parent (id, code, n) values (2, 'abc', 1)`));
  app.get('/bug', async () => {
    throw new Error('a real bug');
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('database refusals never answer 500', () => {
  const cases: [string, number, string, string, string][] = [
    ['/out-of-range', 400, 'validation_failed', 'Un número está fuera del rango permitido', 'A number is out of the allowed range'],
    ['/too-long', 400, 'validation_failed', 'El texto es demasiado largo', 'The text is too long'],
    ['/missing-reference', 404, 'not_found', 'Un elemento relacionado no existe', 'A related item does not exist'],
    ['/still-referenced', 409, 'conflict', 'No se puede eliminar porque otros registros lo usan', 'It cannot be deleted because other records use it'],
    ['/duplicate', 409, 'conflict', 'El recurso ya existe', 'The resource already exists'],
  ];
  for (const [url, status, code, es, en] of cases) {
    it(`${url} → ${status} ${code}, in Spanish and English, nothing changed`, async () => {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(status);
      expect(res.json()).toEqual({ code, message: es });
      expect((await app.inject({ method: 'GET', url, headers: { 'accept-language': 'en' } })).json().message).toBe(en);
    });
  }
  it('leaves the rows as they were', async () => {
    const parents = (await database.db.execute(sql`select id, code, n from eh_parent order by id`)) as unknown as { rows: unknown[] } | unknown[];
    const rows = Array.isArray(parents) ? parents : parents.rows;
    expect(rows).toEqual([{ id: 1, code: 'abc', n: 1 }]);
  });
  it('a bug is still a 500 without internals', async () => {
    const res = await app.inject({ method: 'GET', url: '/bug' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: 'internal', message: 'Error del servidor. Intenta nuevamente en unos minutos.' });
  });
});
