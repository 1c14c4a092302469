import { eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { beforeAll, describe, expect, it } from 'vitest';
import { attendanceRecords } from '../../db/schema/index.js';
import type { TestApp } from '../../test/app.js';
import type { TestUser } from '../../test/factories.js';
import { socketServer } from '../../test/sockets.js';
import { officeEmployee } from './test-helpers.js';

const server = socketServer();
const open = (user: TestUser, extraAuth: Record<string, string> = {}) => server.open(user, extraAuth);
let t: TestApp;
beforeAll(() => {
  t = server.t;
});

/** Emits an event and waits for its result event. */
function ask(s: Socket, event: 'employee_checkin' | 'employee_checkout', payload: unknown = {}) {
  return new Promise<{ success: boolean; message: string; code?: string; data?: { repeated: boolean; record: { id: string } } }>((resolve) => {
    s.once(`${event}_result`, resolve);
    s.emit(event, payload);
  });
}

const allDay = { startTime: '00:00', endTime: '23:59', breakStartTime: null, breakEndTime: null, workDays: '1,2,3,4,5,6,7', earlyCheckInMinutes: 0 };

describe('check-in and check-out over the socket', () => {
  it('checks in, repeats safely, checks out, then says Jornada Completada', async () => {
    const { employee } = await officeEmployee(t, allDay);
    const s = await open(employee.account);
    const first = await ask(s, 'employee_checkin');
    expect(first).toMatchObject({ success: true, message: 'Entrada registrada exitosamente', data: { repeated: false } });
    const rows = await t.db.select().from(attendanceRecords).where(eq(attendanceRecords.employeeId, employee.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: first.data!.record.id, method: 'web' });

    const again = await ask(s, 'employee_checkin');
    expect(again).toMatchObject({ success: true, message: 'Ya registraste tu entrada hoy', data: { repeated: true, record: { id: rows[0].id } } });

    expect(await ask(s, 'employee_checkout', { location: null })).toMatchObject({ success: true, message: 'Salida registrada exitosamente' });
    expect(await ask(s, 'employee_checkout')).toEqual({ success: false, message: 'Jornada Completada', code: 'already_completed' });
  });

  it('answers in the language of the handshake, with the ack too', async () => {
    const { employee } = await officeEmployee(t, allDay);
    const s = await open(employee.account, { lang: 'en' });
    const viaAck = await s.timeout(5000).emitWithAck('employee_checkout', {});
    expect(viaAck).toEqual({ success: false, message: 'Check in first', code: 'not_checked_in' });
    expect(await ask(s, 'employee_checkin')).toMatchObject({ success: true, message: 'Check-in recorded successfully' });
  });

  it("applies the schedule's rules: 'Solo Facial' and bad positions are refused", async () => {
    const { employee } = await officeEmployee(t, { ...allDay, allowManualAttendance: false });
    const s = await open(employee.account);
    expect(await ask(s, 'employee_checkin')).toMatchObject({ success: false, code: 'manual_not_allowed', message: expect.stringContaining('Solo Facial') });
    expect(await ask(s, 'employee_checkin', { location: { latitude: 'x' } })).toMatchObject({ success: false, code: 'validation_failed' });
    expect(await t.db.select().from(attendanceRecords).where(eq(attendanceRecords.employeeId, employee.id))).toHaveLength(0);
  });

  it('refuses a company admin, and an employee user without an employee row', async () => {
    const admin = await t.factories.companyAdmin();
    const s = await open(admin);
    expect(await ask(s, 'employee_checkin')).toEqual({ success: false, message: 'No tienes permiso para esta acción', code: 'forbidden' });
    const orphan = await t.factories.employeeUser();
    const o = await open(orphan);
    expect(await ask(o, 'employee_checkin')).toEqual({ success: false, message: 'Tu usuario no está vinculado a un empleado', code: 'forbidden' });
  });

  it('stops punching once the session behind the socket has ended', async () => {
    const { employee } = await officeEmployee(t, allDay);
    const s = await open(employee.account);
    await t.as(employee.account).post('/api/auth/logout');
    expect(await ask(s, 'employee_checkin')).toMatchObject({ success: false, code: 'unauthorized' });
    expect(await t.db.select().from(attendanceRecords).where(eq(attendanceRecords.employeeId, employee.id))).toHaveLength(0);
  });

  it("announces the punch to the company's admins and the employee (attendance_update)", async () => {
    // The test app records events (realtime/audience.test.ts forwards them to real sockets).
    const { employee, companyId } = await officeEmployee(t, allDay);
    const s = await open(employee.account);
    await ask(s, 'employee_checkin');
    expect(t.events.emitted).toContainEqual(
      expect.objectContaining({
        room: `company_admin_${companyId}`,
        event: 'attendance_update',
        payload: expect.objectContaining({ employeeId: employee.id, action: 'check_in' }),
      }),
    );
  });
});
