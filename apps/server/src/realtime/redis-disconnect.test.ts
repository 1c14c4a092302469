import { Redis } from 'ioredis';
import { io as connect } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { createTestApp } from '../test/app.js';
import { createRealtime } from './server.js';

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const probe = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
const redisUp = await probe.connect().then(
  () => true,
  () => false,
);
probe.disconnect();
if (!redisUp && process.env.CI) throw new Error(`Redis does not answer at ${redisUrl}; CI must test the shared realtime layer`);

const closers: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const close of closers.reverse()) await close();
});

describe.skipIf(!redisUp)('ending a session drops its sockets on every server (Redis adapter)', () => {
  it('a logout answered by one server disconnects the socket held by the other', async () => {
    const t = await createTestApp();
    const urls: string[] = [];
    const realtimes: ReturnType<typeof createRealtime>[] = [];
    for (const app of [t.app, await buildApp(t.deps)]) {
      const redis = new Redis(redisUrl);
      const realtime = createRealtime();
      await realtime.attach(app, t.deps, redis);
      await app.listen({ port: 0, host: '127.0.0.1' });
      urls.push(`http://127.0.0.1:${(app.server.address() as { port: number }).port}`);
      realtimes.push(realtime);
      closers.push(async () => {
        await realtime.close();
        redis.disconnect();
        if (app !== t.app) await app.close();
      });
    }
    // The services of this app drop sockets through the SECOND server's realtime layer.
    t.events.disconnect = (list) => realtimes[1].events.disconnect(list);

    const admin = await t.factories.companyAdmin();
    const token = (await t.as(admin).get('/api/auth/socket-token')).json().data.token;
    const client = connect(urls[0], { auth: { token }, transports: ['websocket'], reconnection: false });
    closers.push(() => void client.disconnect());
    await new Promise((resolve, reject) => {
      client.on('connected', resolve);
      client.on('connect_error', reject);
    });
    const dropped = new Promise((resolve) => client.on('disconnect', resolve));
    expect((await t.as(admin).post('/api/auth/logout')).statusCode).toBe(200);
    expect(await dropped).toBe('io server disconnect');
  });
});
