import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll } from 'vitest';
import { createRealtime } from '../realtime/server.js';
import { createTestApp, type TestApp } from './app.js';
import type { TestUser } from './factories.js';

/**
 * A test app listening on a port with the real Socket.IO server (registers beforeAll/afterAll).
 * `forwardEvents`: what the services emit (and the sockets they drop) also goes to the real sockets (the test app only records it).
 * `sweepEveryMs`: how often expired sessions' sockets are swept (default a minute).
 * `open` connects as a user (or with a raw token) and resolves once the server said `connected`.
 */
export function socketServer(opts: { forwardEvents?: boolean; sweepEveryMs?: number } = {}) {
  const realtime = createRealtime({ sweepEveryMs: opts.sweepEveryMs });
  const sockets: Socket[] = [];
  const server = { t: undefined as unknown as TestApp, url: '', realtime, open };
  beforeAll(async () => {
    const t = await createTestApp();
    await realtime.attach(t.app, t.deps);
    if (opts.forwardEvents) {
      const record = t.events.emit;
      t.events.emit = (room, event, payload) => {
        record(room, event, payload);
        realtime.events.emit(room, event, payload);
      };
      const recordDisconnect = t.events.disconnect;
      t.events.disconnect = (list) => {
        recordDisconnect(list);
        realtime.events.disconnect(list);
      };
    }
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    server.t = t;
    server.url = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await realtime.close();
  });
  async function open(user: TestUser | string, extraAuth: Record<string, string> = {}): Promise<Socket> {
    const token = typeof user === 'string' ? user : ((await server.t.as(user).get('/api/auth/socket-token')).json().data.token as string);
    return new Promise((resolve, reject) => {
      const s = connect(server.url, { auth: { token, ...extraAuth }, transports: ['websocket'], reconnection: false });
      sockets.push(s);
      s.on('connected', () => resolve(s));
      s.on('connect_error', reject);
    });
  }
  return server;
}
