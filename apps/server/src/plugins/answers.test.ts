import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { strictSerializerCompiler, strippedFields, UndeclaredFieldError } from './answers.js';

const answer = z.object({ data: z.object({ id: z.string(), items: z.array(z.object({ name: z.string() })) }), message: z.string().optional() });
/** What a route that forgot to declare a field returns: `passwordHash` at the top of data, `gps` inside a list item. */
const leaky = { data: { id: 'a', passwordHash: 'x', items: [{ name: 'n' }, { name: 'm', gps: { lat: 1 } }] }, message: undefined };

async function appWith(compiler: typeof serializerCompiler) {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(compiler);
  const errors: unknown[] = [];
  app.setErrorHandler((err, _req, reply) => {
    errors.push(err);
    return reply.code(500).send({ message: 'internal', code: 'internal' });
  });
  app.get('/leaky', { schema: { response: { 200: answer } } }, async () => leaky);
  app.get('/declared', { schema: { response: { 200: answer } } }, async () => ({ data: { id: 'a', items: [{ name: 'n' }] }, when: undefined }));
  await app.ready();
  return { app, errors };
}

describe('a field the response schema does not name', () => {
  it('fails the request in the test build, naming the fields', async () => {
    const { app, errors } = await appWith(strictSerializerCompiler);
    const res = await app.inject('/leaky');
    expect(res.statusCode).toBe(500);
    expect(errors[0]).toBeInstanceOf(UndeclaredFieldError);
    expect((errors[0] as UndeclaredFieldError).fields).toEqual(['data.passwordHash', 'data.items[1].gps']);
    expect((await app.inject('/declared')).json()).toEqual({ data: { id: 'a', items: [{ name: 'n' }] } });
  });

  it('is stripped in production (the same schema, the extra never reaches the client)', async () => {
    const { app, errors } = await appWith(serializerCompiler);
    const res = await app.inject('/leaky');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { id: 'a', items: [{ name: 'n' }, { name: 'm' }] } });
    expect(errors).toEqual([]);
  });

  it('compares dates, nulls and undefined the way JSON carries them', () => {
    expect(strippedFields({ a: null, b: undefined, c: '2026-01-01T00:00:00.000Z' }, { a: null, c: '2026-01-01T00:00:00.000Z' })).toEqual([]);
    expect(strippedFields([{ a: 1, b: 2 }], [{ a: 1 }])).toEqual(['[0].b']);
  });
});
