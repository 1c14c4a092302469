import { until } from '@presente/shared/testing';
import type { Socket } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { officeEmployee } from '../modules/employee-area/test-helpers.js';
import type { TestUser } from '../test/factories.js';
import { socketServer } from '../test/sockets.js';
import { rooms } from './events.js';

const server = socketServer({ forwardEvents: true });

/** A connected socket of the user and every event it receives, in order. */
async function listen(user: TestUser) {
  const got: { event: string; payload: Record<string, unknown> }[] = [];
  const socket: Socket = await server.open(user);
  socket.onAny((event, payload) => got.push({ event, payload }));
  const next = (event: string) => new Promise((resolve) => socket.once(event, resolve));
  return { got, next, events: () => got.map((g) => g.event) };
}

const allDay = { startTime: '00:00', endTime: '23:59', breakStartTime: null, breakEndTime: null, workDays: '1,2,3,4,5,6,7', earlyCheckInMinutes: 0 };
/**
 * Waits until every event emitted so far has reached the listeners: a marker sent to the whole company after them
 * arrives after them on each socket (Socket.IO keeps a socket's order), then is dropped from what each got. No fixed
 * wait: "did not receive" is judged once the marker is there.
 */
async function drained(companyId: string, ...listeners: Awaited<ReturnType<typeof listen>>[]) {
  const marker = { action: 'marker', id: `m-${Math.random()}` };
  const has = (l: (typeof listeners)[number]) => l.got.findIndex((g) => g.payload?.id === marker.id);
  server.realtime.events.emit(rooms.company(companyId), 'schedule_update', marker);
  await until('the marker reaches every listener', () => listeners.every((l) => has(l) >= 0), { withinMs: 10_000, everyMs: 5 });
  for (const l of listeners) l.got.splice(has(l), 1);
}

async function company() {
  const { employee: ana, companyId } = await officeEmployee(server.t, allDay);
  const { employee: luis } = await officeEmployee(server.t, allDay, companyId);
  const admin = await server.t.factories.companyAdmin({ companyId });
  return { companyId, ana, luis, admin: await listen(admin), anaSocket: await listen(ana.account), luisSocket: await listen(luis.account) };
}

describe('who receives what (spec §7 socket rooms)', () => {
  it("an employee's check-in reaches the admin and that employee, not a colleague", async () => {
    const { companyId, ana, admin, anaSocket, luisSocket } = await company();
    const adminGot = admin.next('attendance_update');
    const anaGot = anaSocket.next('attendance_update');
    expect((await server.t.as(ana.account).post('/api/employee/attendance/check-in', {})).statusCode).toBe(201);
    expect(await adminGot).toMatchObject({ employeeId: ana.id, action: 'check_in' });
    expect(await anaGot).toMatchObject({ employeeId: ana.id, action: 'check_in' });
    await drained(companyId, luisSocket);
    expect(luisSocket.events()).toEqual([]);
  });

  it("a colleague's profile change is for the admins; company-wide events still reach every employee", async () => {
    const { companyId, ana, admin, anaSocket, luisSocket } = await company();
    const adminGot = admin.next('employee_update');
    expect((await server.t.as(ana.account).put('/api/employee/profile', { phone: '987654321' })).statusCode).toBe(200);
    expect(await adminGot).toEqual({ action: 'updated', id: ana.id });
    // An event about someone addressed to the whole company (face enrolment does so) reaches the admins only.
    server.realtime.events.emit(rooms.company(companyId), 'employee_update', { action: 'face_registered', id: ana.id });
    const luisGot = luisSocket.next('schedule_update');
    server.realtime.events.emit(rooms.company(companyId), 'schedule_update', { action: 'updated', id: 's1' });
    expect(await luisGot).toEqual({ action: 'updated', id: 's1' });
    await drained(companyId, luisSocket, anaSocket, admin);
    expect(luisSocket.events()).toEqual(['schedule_update']);
    expect(anaSocket.got.filter((g) => g.event === 'employee_update').map((g) => g.payload)).toEqual([{ type: 'profile_updated', id: ana.id }]);
    expect(admin.got.filter((g) => g.event === 'employee_update').map((g) => g.payload)).toEqual([
      { action: 'updated', id: ana.id },
      { action: 'face_registered', id: ana.id },
    ]);
  });
});
