import { Redis } from 'ioredis';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { createTestApp } from '../test/app.js';
import { rooms } from './events.js';
import { createRealtime } from './server.js';

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const probe = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
const redisUp = await probe.connect().then(() => true, () => false);
probe.disconnect();
if (!redisUp && process.env.CI) throw new Error(`Redis does not answer at ${redisUrl}; CI must test the shared realtime layer`);

const cleanup: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const fn of cleanup.reverse()) await fn();
});

describe.skipIf(!redisUp)('realtime across two server processes (Redis adapter)', () => {
  it('an event emitted by one server reaches a client connected to the other', async () => {
    const t = await createTestApp();
    // Two servers on the same database and Redis, as two processes would be.
    const servers: { app: Awaited<ReturnType<typeof buildApp>>; realtime: ReturnType<typeof createRealtime>; url: string }[] = [];
    for (let i = 0; i < 2; i++) {
      const app = i === 0 ? t.app : await buildApp(t.deps);
      const redis = new Redis(redisUrl);
      const realtime = createRealtime();
      await realtime.attach(app, t.deps, redis);
      await app.listen({ port: 0, host: '127.0.0.1' });
      servers.push({ app, realtime, url: `http://127.0.0.1:${(app.server.address() as { port: number }).port}` });
      cleanup.push(async () => {
        await realtime.close();
        redis.disconnect();
        if (i > 0) await app.close();
      });
    }
    const admin = await t.factories.companyAdmin();
    const token = (await t.as(admin).get('/api/auth/socket-token')).json().data.token;
    const client: Socket = await new Promise((resolve, reject) => {
      const s = connect(servers[0].url, { auth: { token }, transports: ['websocket'], reconnection: false });
      s.on('connected', () => resolve(s));
      s.on('connect_error', reject);
    });
    cleanup.push(() => void client.disconnect());
    const received = new Promise((r) => client.on('employee_update', r));
    // Emitted on the OTHER server.
    servers[1].realtime.events.emit(rooms.company(admin.companyId!), 'employee_update', { action: 'created' });
    expect(await received).toEqual({ action: 'created' });
  });
});
