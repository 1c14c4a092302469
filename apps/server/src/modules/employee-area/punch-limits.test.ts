import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { attendanceRecords } from '../../db/schema/index.js';
import type { TestApp } from '../../test/app.js';
import { socketServer } from '../../test/sockets.js';
import { PUNCH_LIMITS } from './punch-limits.js';
import { officeEmployee } from './test-helpers.js';

/** The real punch, with a count of the punches that reached it and a gate that can hold one employee's. */
const held = vi.hoisted(() => ({ entered: new Map<string, number>(), employeeId: '', gate: null as Promise<void> | null }));
vi.mock('../attendance/punch.service.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../attendance/punch.service.js')>();
  return {
    ...real,
    punch: async (...args: Parameters<typeof real.punch>) => {
      const id = args[2].employeeId;
      held.entered.set(id, (held.entered.get(id) ?? 0) + 1);
      if (id === held.employeeId) await held.gate;
      return real.punch(...args);
    },
  };
});

const server = socketServer();
let t: TestApp;
beforeAll(() => {
  t = server.t;
});
afterEach(() => {
  vi.restoreAllMocks();
});

const allDay = { startTime: '00:00', endTime: '23:59', breakStartTime: null, breakEndTime: null, workDays: '1,2,3,4,5,6,7', earlyCheckInMinutes: 0 };
const checkIn = '/api/employee/attendance/check-in';
type Answer = { success: boolean; message: string; code?: string; retryAfter?: number };

/** Resolves once `done()` holds (checked on every turn of the event loop; no time limit of its own). */
async function until(done: () => boolean) {
  while (!done()) await new Promise((resolve) => setImmediate(resolve));
}

/** One minute's window for the whole test: the clock stands still, so no window boundary falls inside it. */
function freezeClock() {
  const now = Date.now();
  vi.spyOn(Date, 'now').mockReturnValue(now);
}

describe('punch limits (fair shares, decision 0022)', () => {
  it(`a socket sending 200 check-outs gets ${PUNCH_LIMITS.perSocketPerMinute} through, 429 rate_limited for the next ones, then is disconnected; the user's HTTP punch is limited too; another company is served`, async () => {
    freezeClock();
    const { employee } = await officeEmployee(t, allDay);
    const s = await server.open(employee.account);
    const answers: Answer[] = [];
    let dropped = '';
    s.on('employee_checkout_result', (a: Answer) => answers.push(a));
    s.on('disconnect', (reason) => (dropped = reason));
    for (let i = 0; i < 200; i++) s.emit('employee_checkout', {});
    // Before, all 200 were answered (each after a session check and a punch) and the socket stayed.
    await until(() => dropped !== '' || answers.length === 200);
    expect(dropped).toBe('io server disconnect');

    const limited = answers.filter((a) => a.code === 'rate_limited');
    expect(limited.length).toBeLessThanOrEqual(PUNCH_LIMITS.socketDropAfter - PUNCH_LIMITS.perSocketPerMinute);
    expect(limited[0]).toMatchObject({
      success: false,
      message: expect.stringMatching(/^Demasiados intentos de marcación\. Intenta de nuevo en \d+ segundos\.$/),
    });
    expect(limited[0].retryAfter).toBeGreaterThanOrEqual(1);
    expect(limited[0].retryAfter).toBeLessThanOrEqual(60);
    // The ones let through ran one at a time (the others meanwhile: 409) and found nothing to check out.
    const through = answers.filter((a) => a.code !== 'rate_limited');
    expect(through.every((a) => a.code === 'not_checked_in' || a.code === 'conflict')).toBe(true);
    expect(held.entered.get(employee.id) ?? 0).toBeLessThanOrEqual(PUNCH_LIMITS.perSocketPerMinute);

    // The same person over HTTP: their user limit is used up too (socket and HTTP count together).
    const http = await t.as(employee.account).post(checkIn, {});
    expect(http.statusCode).toBe(429);
    expect(http.json()).toMatchObject({ code: 'rate_limited', message: expect.stringMatching(/^Demasiados intentos de marcación/) });
    expect(Number(http.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(await t.db.select().from(attendanceRecords).where(eq(attendanceRecords.employeeId, employee.id))).toHaveLength(0);

    // Another company's employee, by socket and by HTTP, is not touched by any of it.
    const other = await officeEmployee(t, allDay);
    const o = await server.open(other.employee.account);
    expect(await o.timeout(5000).emitWithAck('employee_checkin', {})).toMatchObject({ success: true, message: 'Entrada registrada exitosamente' });
    expect((await t.as(other.employee.account).post('/api/employee/attendance/check-out', {})).statusCode).toBe(200);
  });

  it(`over HTTP alone, the ${PUNCH_LIMITS.perUserPerMinute + 1}th punch of a minute is 429 with Retry-After (in English when asked)`, async () => {
    freezeClock();
    const { employee } = await officeEmployee(t, allDay);
    const codes: number[] = [];
    for (let i = 0; i < PUNCH_LIMITS.perUserPerMinute; i++) codes.push((await t.as(employee.account).post(checkIn, {})).statusCode);
    expect(codes).toEqual([201, ...Array(PUNCH_LIMITS.perUserPerMinute - 1).fill(200)]);
    const over = await t.as(employee.account).post(checkIn, {}, { 'accept-language': 'en' });
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({
      code: 'rate_limited',
      message: expect.stringMatching(/^Too many check-in\/out attempts\. Try again in \d+ seconds\.$/),
    });
    expect(over.headers['retry-after']).toMatch(/^\d+$/);
  });

  it('two punches of one employee at once: the second is refused with 409 while the first runs (HTTP and socket alike); another company is served meanwhile', async () => {
    const { employee } = await officeEmployee(t, allDay);
    let release!: () => void;
    held.employeeId = employee.id;
    held.gate = new Promise<void>((resolve) => (release = resolve));
    try {
      const first = t.as(employee.account).post(checkIn, {});
      await until(() => held.entered.get(employee.id) === 1);

      // While the first is inside punch(), a second over HTTP and a third over a socket.
      const second = t.as(employee.account).post(checkIn, {});
      const s = await server.open(employee.account);
      const third = s.timeout(5000).emitWithAck('employee_checkin', {}) as Promise<Answer>;
      let answered = 0;
      for (const p of [second, third])
        p.then(
          () => answered++,
          () => {},
        );
      // Before, both went into punch() as well (and waited at the gate): stop at whichever comes first.
      await until(() => answered === 2 || (held.entered.get(employee.id) ?? 0) > 1);
      expect(held.entered.get(employee.id)).toBe(1);
      const refused = await second;
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'conflict', message: 'Ya se está registrando una marcación tuya. Espera un momento.' });
      expect(refused.headers['retry-after']).toBe('1');
      expect(await third).toEqual({
        success: false,
        code: 'conflict',
        message: 'Ya se está registrando una marcación tuya. Espera un momento.',
        retryAfter: 1,
      });

      // Another company's employee is not held by it.
      const other = await officeEmployee(t, allDay);
      expect((await t.as(other.employee.account).post(checkIn, {})).statusCode).toBe(201);

      release();
      expect((await first).statusCode).toBe(201);
      // Once the first has answered, the next punch runs (a repeat of the check-in).
      expect((await t.as(employee.account).post(checkIn, {})).statusCode).toBe(200);
      expect(await t.db.select().from(attendanceRecords).where(eq(attendanceRecords.employeeId, employee.id))).toHaveLength(1);
    } finally {
      held.employeeId = '';
      release();
    }
  });
});
