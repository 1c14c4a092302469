import { createAdapter } from '@socket.io/redis-adapter';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { Server } from 'socket.io';
import type { AppDeps } from '../context.js';
import { employees, sessions, users } from '../db/schema/index.js';
import { readSignedToken } from '../lib/crypto.js';
import { type Events, rooms } from './events.js';

/** Rooms a user joins on connect (spec §7 socket). */
export async function roomsFor(deps: AppDeps, userId: string): Promise<string[]> {
  const user = await deps.db.query.users.findFirst({ where: eq(users.id, userId) });
  if (!user?.isActive) return [];
  if (user.role === 'SUPER_ADMIN') return [rooms.superAdmin()];
  if (!user.companyId) return [];
  if (user.role === 'COMPANY_ADMIN') return [rooms.company(user.companyId), rooms.companyAdmin(user.companyId)];
  const employee = await deps.db.query.employees.findFirst({ where: and(eq(employees.userId, user.id), eq(employees.companyId, user.companyId)) });
  return [rooms.company(user.companyId), ...(employee ? [rooms.employee(employee.id)] : [])];
}

/**
 * Socket.IO on the HTTP server's port. Clients authenticate with the token of GET /api/auth/socket-token;
 * with Redis, several server processes share rooms and events.
 */
export function createRealtime() {
  let io: Server | undefined;
  let subClient: Redis | undefined;
  const events: Events = { emit: (room, event, payload) => void io?.to(room).emit(event, payload) };
  return {
    events,
    async attach(app: FastifyInstance, deps: AppDeps, redis?: Redis) {
      io = new Server(app.server, { path: '/socket.io', serveClient: false, cors: { origin: false } });
      if (redis) {
        subClient = redis.duplicate();
        io.adapter(createAdapter(redis, subClient));
      }
      io.use(async (socket, next) => {
        const token = String(socket.handshake.auth?.token ?? '');
        const claims = readSignedToken<{ sub: string; sid: string; exp: number }>(deps.sessionSecret, token);
        if (!claims) return next(new Error('unauthorized'));
        const session = await deps.db.query.sessions.findFirst({ where: eq(sessions.id, claims.sid) });
        if (!session || session.userId !== claims.sub || session.expiresAt < new Date()) return next(new Error('unauthorized'));
        socket.data.userId = claims.sub;
        next();
      });
      io.on('connection', async (socket) => {
        const joined = await roomsFor(deps, socket.data.userId as string);
        if (!joined.length) return void socket.disconnect(true);
        await socket.join(joined);
        socket.emit('connected', { rooms: joined.length });
      });
    },
    async close() {
      await new Promise<void>((resolve) => (io ? io.close(() => resolve()) : resolve()));
      subClient?.disconnect();
    },
  };
}
