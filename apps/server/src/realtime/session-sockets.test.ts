import { SESSION_TTL_MS } from '@presente/shared';
import { eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { sessions } from '../db/schema/index.js';
import { randomToken, sha256 } from '../lib/crypto.js';
import type { TestUser } from '../test/factories.js';
import { socketServer } from '../test/sockets.js';
import { rooms } from './events.js';

// Expired sessions are swept every 300 ms here (a minute in the product).
const server = socketServer({ forwardEvents: true, sweepEveryMs: 300 });

/**
 * Whether `w` is still connected once everything the server did so far has reached it: a marker sent to `room` after
 * the action arrives after any disconnection of the same socket (Socket.IO keeps a socket's order). No fixed wait.
 */
async function stillConnected(w: Awaited<ReturnType<typeof watch>>, room: string): Promise<boolean> {
  const id = `marker-${Math.random()}`;
  const arrived = new Promise<void>((resolve) => {
    const on = (payload: { id?: string }) => {
      if (payload?.id !== id) return;
      w.socket.off('schedule_update', on);
      resolve();
    };
    w.socket.on('schedule_update', on);
  });
  server.realtime.events.emit(room, 'schedule_update', { action: 'marker', id });
  await Promise.race([arrived, w.dropped]);
  return w.socket.connected;
}

/** A socket of the user, what it receives, and a promise of its server-side disconnection. */
async function watch(user: TestUser) {
  const socket: Socket = await server.open(user);
  const got: string[] = [];
  socket.onAny((event) => got.push(event));
  const dropped = new Promise<string>((resolve) => socket.on('disconnect', (reason) => resolve(reason)));
  return { socket, got, dropped };
}

/** A second login session of the same user (another browser). */
async function secondSession(user: TestUser): Promise<TestUser> {
  const sessionToken = randomToken();
  await server.t.db.insert(sessions).values({ userId: user.id, tokenHash: sha256(sessionToken), expiresAt: new Date(Date.now() + SESSION_TTL_MS) });
  return { ...user, sessionToken };
}

const tokenOf = async (user: TestUser) => (await server.t.as(user).get('/api/auth/socket-token')).json().data.token as string;

describe('a socket follows its login session (decision 0016)', () => {
  it('is disconnected when the super admin deactivates the company admin and cannot come back', async () => {
    const root = await server.t.factories.superAdmin();
    const admin = await server.t.factories.companyAdmin();
    const companyId = admin.companyId!;
    const spare = await tokenOf(admin); // a token taken before: the session behind it ends
    const adminSocket = await watch(admin);

    const res = await server.t.as(root).patch(`/api/super-admin/companies/${companyId}/admin/toggle-status`, { isActive: false });
    expect(res.statusCode).toBe(200);
    expect(await adminSocket.dropped).toBe('io server disconnect');
    // A socket the server disconnected is not reconnected by the client ('io server disconnect'); a new one is refused.
    await expect(server.open(spare)).rejects.toThrow(/unauthorized/);
  });

  it('is disconnected when the admin deletes the employee, and only that employee', async () => {
    const admin = await server.t.factories.companyAdmin();
    const companyId = admin.companyId!;
    const gone = await server.t.factories.employee(companyId);
    const stays = await server.t.factories.employee(companyId);
    const goneSocket = await watch(gone.account);
    const staysSocket = await watch(stays.account);

    expect((await server.t.as(admin).delete(`/api/company-admin-simple/employees/${gone.id}`)).statusCode).toBe(200);
    expect(await goneSocket.dropped).toBe('io server disconnect');
    expect(await stillConnected(staysSocket, rooms.company(companyId))).toBe(true);
    expect(goneSocket.got).not.toContain('schedule_update');
    expect(staysSocket.got).toContain('schedule_update');
  });

  it('is disconnected by the sweep once its session has expired from idleness, and only that one', async () => {
    const emp = await server.t.factories.employee();
    const other = await secondSession(emp.account);
    const idle = await watch(emp.account);
    const active = await watch(other);
    // Nothing ends an idle session: its sliding expiry passes (SESSION_TTL_MS without a request).
    await server.t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, sha256(emp.account.sessionToken)));
    // The periodic sweep drops it (the test times out if it never runs).
    expect(await idle.dropped).toBe('io server disconnect');
    expect(await stillConnected(active, rooms.employee(emp.id))).toBe(true);
    expect(await server.realtime.sweepExpiredSockets()).toBe(0);
  });

  it('is disconnected when the employee is deactivated', async () => {
    const admin = await server.t.factories.companyAdmin();
    const emp = await server.t.factories.employee(admin.companyId!);
    const socket = await watch(emp.account);
    const body = {
      firstName: emp.firstName,
      lastName: emp.lastName,
      email: emp.email,
      employeeCode: emp.employeeCode,
      documentType: emp.documentType,
      documentNumber: emp.documentNumber,
      status: 'INACTIVE',
    };
    expect((await server.t.as(admin).put(`/api/company-admin-simple/employees/${emp.id}`, body)).statusCode).toBe(200);
    expect(await socket.dropped).toBe('io server disconnect');
  });

  it("a password change drops the account's other sessions' sockets and keeps this one", async () => {
    const emp = await server.t.factories.employee();
    const other = await secondSession(emp.account);
    const here = await watch(emp.account);
    const there = await watch(other);
    const res = await server.t.as(emp.account).put('/api/employee/profile/password', {
      currentPassword: emp.account.password,
      newPassword: 'nueva-clave-1',
      confirmPassword: 'nueva-clave-1',
    });
    expect(res.statusCode).toBe(200);
    expect(await there.dropped).toBe('io server disconnect');
    expect(await stillConnected(here, rooms.employee(emp.id))).toBe(true);
  });

  it('logout drops the sockets of that session only', async () => {
    const admin = await server.t.factories.companyAdmin();
    const other = await secondSession(admin);
    const leaving = await watch(admin);
    const staying = await watch(other);
    expect((await server.t.as(admin).post('/api/auth/logout')).statusCode).toBe(200);
    expect(await leaving.dropped).toBe('io server disconnect');
    expect(await stillConnected(staying, rooms.companyAdmin(admin.companyId!))).toBe(true);
  });

  it('setting the company INACTIVE drops the sockets of all its people; they cannot reconnect while it stays so', async () => {
    const root = await server.t.factories.superAdmin();
    const admin = await server.t.factories.companyAdmin();
    const companyId = admin.companyId!;
    const emp = await server.t.factories.employee(companyId);
    const otherAdmin = await server.t.factories.companyAdmin();
    const otherCompany = await watch(otherAdmin);
    const spare = await tokenOf(emp.account);
    const adminSocket = await watch(admin);
    const empSocket = await watch(emp.account);

    expect((await server.t.as(root).put(`/api/super-admin/companies/${companyId}`, { status: 'INACTIVE' })).statusCode).toBe(200);
    expect(await adminSocket.dropped).toBe('io server disconnect');
    expect(await empSocket.dropped).toBe('io server disconnect');
    await expect(server.open(spare)).rejects.toThrow(/unauthorized/);
    expect(await stillConnected(otherCompany, rooms.companyAdmin(otherAdmin.companyId!))).toBe(true);
  });

  it("deleting the company drops its people's sockets", async () => {
    const root = await server.t.factories.superAdmin();
    const admin = await server.t.factories.companyAdmin();
    const socket = await watch(admin);
    expect((await server.t.as(root).delete(`/api/super-admin/companies/${admin.companyId}`)).statusCode).toBe(200);
    expect(await socket.dropped).toBe('io server disconnect');
  });
});
