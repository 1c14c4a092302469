import { createAdapter } from '@socket.io/redis-adapter';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { Server } from 'socket.io';
import type { AppDeps } from '../context.js';
import { employees, sessions, users } from '../db/schema/index.js';
import { readSignedToken } from '../lib/crypto.js';
import { isDatabaseUnavailable } from '../lib/db-errors.js';
import { createOutage, type Outage } from '../lib/outage.js';
import { anyUuid } from '../lib/sql.js';
import { handleEmployeePunches, type SocketIdentity, sessionStillValid } from '../modules/employee-area/socket.js';
import { deliveryRoom, type Events, rooms } from './events.js';

/** Who a user is for the realtime layer and the rooms they join on connect (spec §7 socket). */
export async function connectionFor(deps: AppDeps, userId: string): Promise<SocketIdentity & { rooms: string[] }> {
  const none = { userId, role: null, companyId: null, employeeId: null, rooms: [] };
  const user = await deps.db.query.users.findFirst({ where: eq(users.id, userId) });
  if (!user?.isActive) return none;
  const who = { userId, role: user.role, companyId: user.companyId, employeeId: null };
  if (user.role === 'SUPER_ADMIN') return { ...who, rooms: [rooms.superAdmin()] };
  if (!user.companyId) return none;
  if (user.role === 'COMPANY_ADMIN') return { ...who, rooms: [rooms.company(user.companyId), rooms.companyAdmin(user.companyId)] };
  const employee = await deps.tenantDb(user.companyId).query.employees.findFirst({
    where: and(eq(employees.userId, user.id), eq(employees.companyId, user.companyId), isNull(employees.deletedAt)),
  });
  return {
    ...who,
    employeeId: employee?.id ?? null,
    rooms: [rooms.company(user.companyId), ...(employee ? [rooms.employee(employee.id)] : [])],
  };
}

/**
 * Socket.IO on the HTTP server's port. Clients authenticate with the token of GET /api/auth/socket-token;
 * with Redis, several server processes share rooms and events. Employees check in and out over it
 * (employee_checkin / employee_checkout). A socket follows its login session: it joins the session's
 * room and is disconnected when the session ends (modules/auth/sessions.ts) or its company is closed, and by a
 * sweep once the session has expired from idleness.
 */
export function createRealtime({ sweepEveryMs = 60_000 }: { sweepEveryMs?: number } = {}) {
  let io: Server | undefined;
  let subClient: Redis | undefined;
  let pubClient: Redis | undefined;
  let sweeper: NodeJS.Timeout | undefined;
  let appDeps: AppDeps | undefined;

  /**
   * Disconnects this process's sockets whose login session is over without anything ending it: a session
   * left idle past its sliding expiry (SESSION_TTL_MS), or removed. Logout, password changes and deactivation
   * drop their sockets at once (the session's room); a socket alone never refreshes its session, so a tab left
   * open would otherwise keep receiving events after the session expired. One query per sweep, every minute.
   */
  async function sweepExpiredSockets(): Promise<number> {
    if (!io || !appDeps) return 0;
    const local = [...io.of('/').sockets.values()].filter((s) => typeof s.data.sessionId === 'string');
    if (!local.length) return 0;
    const ids = [...new Set(local.map((s) => s.data.sessionId as string))];
    const alive = await appDeps.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(anyUuid(sessions.id, ids), gt(sessions.expiresAt, new Date())));
    const valid = new Set(alive.map((r) => r.id));
    let dropped = 0;
    for (const socket of local)
      if (!valid.has(socket.data.sessionId as string)) {
        socket.disconnect(true);
        dropped += 1;
      }
    return dropped;
  }

  const events: Events = {
    emit: (room, event, payload) => void io?.to(deliveryRoom(room, event)).emit(event, payload),
    // With the Redis adapter this reaches the sockets of every process.
    disconnect: (list) => void (list.length && io?.in(list).disconnectSockets(true)),
  };
  return {
    events,
    sweepExpiredSockets,
    /** `outage` is the process's Redis outage log (lib/redis.ts); one of its own is made when absent. */
    async attach(app: FastifyInstance, deps: AppDeps, redis?: Redis, outage?: Outage) {
      appDeps = deps;
      sweeper = setInterval(() => {
        sweepExpiredSockets().catch((err) => app.log.warn({ err }, 'socket session sweep failed'));
      }, sweepEveryMs);
      sweeper.unref();
      io = new Server(app.server, { path: '/socket.io', serveClient: false, cors: { origin: false } });
      if (redis) {
        const lost = outage ?? createOutage('redis (realtime)', app.log, 10_000);
        // The subscriber waits for Redis as long as it takes (no command timeout, offline queue kept) and
        // resubscribes by itself when Redis is back; both clients get an 'error' listener (decision 0021).
        subClient = redis.duplicate({ commandTimeout: undefined, maxRetriesPerRequest: null });
        pubClient = redis.duplicate();
        for (const c of [subClient, pubClient]) c.on('error', (err) => lost.failed(err));
        io.adapter(createAdapter(safePublisher(pubClient, lost), subClient));
      }
      io.use(async (socket, next) => {
        const token = String(socket.handshake.auth?.token ?? '');
        const claims = readSignedToken<{ sub: string; sid: string; exp: number }>(deps.sessionSecret, token);
        if (!claims) return next(new Error('unauthorized'));
        // Socket.IO does not await middleware: a database error here was an unhandled rejection that ended
        // the process (every browser reconnects while the database is away). Refused as 'unavailable' instead.
        try {
          const session = await deps.db.query.sessions.findFirst({ where: eq(sessions.id, claims.sid) });
          if (!session || session.userId !== claims.sub || session.expiresAt < new Date()) return next(new Error('unauthorized'));
          if (!(await sessionStillValid(deps, claims.sid))) return next(new Error('unauthorized'));
        } catch (err) {
          if (isDatabaseUnavailable(err)) deps.dbOutage.failed(err);
          else app.log.error({ err }, 'socket handshake failed');
          return next(new Error('unavailable'));
        }
        socket.data.userId = claims.sub;
        socket.data.sessionId = claims.sid;
        next();
      });
      io.on('connection', async (socket) => {
        const resolved = connectionFor(deps, socket.data.userId as string);
        // Listeners go on at once so an event sent right after connecting is not lost; they await the identity.
        handleEmployeePunches(
          socket,
          deps,
          app.log,
          resolved.then((c) => (c.rooms.length ? c : null)).catch(() => null),
        );
        const who = await resolved.catch(() => null);
        if (!who?.rooms.length) return void socket.disconnect(true);
        socket.data.role = who.role;
        socket.data.companyId = who.companyId;
        socket.data.employeeId = who.employeeId;
        // The session's own room lets its end (logout, password change, deactivation...) drop this socket.
        await socket.join([...who.rooms, rooms.session(socket.data.sessionId as string)]);
        // A session revoked while we were joining: its disconnect may have come before the join.
        if (!(await sessionStillValid(deps, socket.data.sessionId as string).catch(() => false))) return void socket.disconnect(true);
        socket.emit('connected', { rooms: who.rooms.length });
      });
    },
    async close() {
      clearInterval(sweeper);
      await new Promise<void>((resolve) => (io ? io.close(() => resolve()) : resolve()));
      subClient?.disconnect();
      pubClient?.disconnect();
    },
  };
}

/**
 * The adapter publishes without awaiting (`pubClient.publish(...)` in @socket.io/redis-adapter), so a
 * rejected publish was an unhandled rejection that ended the process when Redis went away. This client's
 * publish never rejects: while Redis is away (the connection was made, then lost) it is not asked at all (this process's own sockets still get
 * the event; other processes miss it) and a failure is counted in the outage log, logged once per outage.
 */
export function safePublisher(client: Redis, outage: Outage): Redis {
  const publish = client.publish.bind(client) as (channel: string, message: string | Buffer) => Promise<number>;
  // Before its first connection a publish may wait in the offline queue (bounded by the command timeout);
  // once the connection has been made, not being ready means Redis is away.
  let connected = client.status === 'ready';
  client.on('ready', () => (connected = true));
  const safe = (channel: string, message: string | Buffer): Promise<number> => {
    if (connected && client.status !== 'ready') {
      outage.failed(Object.assign(new Error(`redis is ${client.status}; realtime events stay in this process`), { code: 'REDIS_DOWN' }));
      return Promise.resolve(0);
    }
    return publish(channel, message).catch((err: unknown) => {
      outage.failed(err);
      return 0;
    });
  };
  (client as unknown as { publish: typeof safe }).publish = safe;
  return client;
}
