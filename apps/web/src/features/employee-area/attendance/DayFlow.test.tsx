import { notifications } from '@mantine/notifications';
import { punchAnswer, todayAttendanceAnswer } from '@presente/shared';
import { gate } from '@presente/shared/testing';
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockAnswer, mockGatewayFailure, mockRefusal } from '../../../test/answers';
import { mockApi, renderApp } from '../../../test/renderApp';
import { answers, CHECKED_IN, CHECKED_OUT, employeeRoutes, today } from '../test/fixtures';

configure({ asyncUtilTimeout: 10_000 });

const calls = (fetchMock: ReturnType<typeof mockApi>, method: string, suffix: string) =>
  fetchMock.mock.calls.filter(([url, init]) => String(url).split('?')[0].endsWith(suffix) && (init?.method ?? 'GET') === method);

describe('Attendance tab: the day flow', { timeout: 30_000 }, () => {
  // Toasts live in a global store (5 shown at a time): each test starts with none.
  afterEach(() => act(() => notifications.clean()));

  it('without a check-in offers Registrar Entrada, checks in over HTTP and then offers Registrar Salida', async () => {
    let state = today();
    const fetchMock = mockApi(
      employeeRoutes({
        'GET /api/employee/attendance/today': () => mockAnswer(todayAttendanceAnswer, { data: state }),
        'POST /api/employee/attendance/check-in': () => {
          state = today({ record: CHECKED_IN, status: 'present', canCheckIn: false, canCheckOut: true });
          return mockAnswer(
            punchAnswer,
            { data: { action: 'check_in', repeated: false, status: 'present', record: CHECKED_IN }, message: 'Entrada registrada exitosamente' },
            201,
          );
        },
      }),
    );
    const { user } = renderApp('/employee/attendance');
    expect(await screen.findByTestId('live-clock')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Registrar Entrada' }));
    expect(await screen.findByText('Entrada registrada exitosamente')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Registrar Salida' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Registrar Entrada' })).not.toBeInTheDocument();
    // No location in jsdom: the request still goes, without one (spec §8).
    const [, init] = calls(fetchMock, 'POST', '/attendance/check-in')[0];
    expect(JSON.parse(String(init?.body))).toEqual({});
  });

  it('with a check-in and no check-out offers Registrar Salida; a refusal shows the server message', async () => {
    mockApi(
      employeeRoutes({
        'GET /api/employee/attendance/today': answers.today({ record: CHECKED_IN, status: 'present', canCheckIn: false, canCheckOut: true }),
        'POST /api/employee/attendance/check-out': mockRefusal(403, 'outside_geofence', 'Estás fuera del área permitida (250 m de Planta; radio 100 m)'),
      }),
    );
    const { user } = renderApp('/employee/attendance');
    await user.click(await screen.findByRole('button', { name: 'Registrar Salida' }));
    // Inline on the card and as a toast.
    expect(await screen.findAllByText('Estás fuera del área permitida (250 m de Planta; radio 100 m)')).toHaveLength(2);
    expect(screen.getByText('08:02')).toBeInTheDocument();
  });

  it('asks before an early check-out, naming the time and the hours; nothing is sent until confirmed, and once (decision 0024)', async () => {
    // Checked in at 13:27 in Lima; it is 13:27 now: the shift (08:00-17:00) has hours to go.
    const checkedIn = { ...CHECKED_IN, checkIn: '2026-05-04T18:27:00.000Z' };
    let state = today({ record: checkedIn, status: 'late', canCheckIn: false, canCheckOut: true, serverTime: '2026-05-04T18:27:20.000Z' });
    // The answer is held until both clicks of the double click are in: the second meets a request in flight.
    const answer = gate();
    const fetchMock = mockApi(
      employeeRoutes({
        'GET /api/employee/attendance/today': () => mockAnswer(todayAttendanceAnswer, { data: state }),
        'POST /api/employee/attendance/check-out': async () => {
          await answer.opened;
          const done = { ...checkedIn, checkOut: '2026-05-04T18:27:30.000Z', workHours: 0 };
          state = today({ record: done, status: 'late', canCheckIn: false, completed: true, serverTime: '2026-05-04T18:27:40.000Z' });
          return mockAnswer(punchAnswer, {
            data: { action: 'check_out', repeated: false, status: 'late', record: done },
            message: 'Salida registrada exitosamente',
          });
        },
      }),
    );
    const { user } = renderApp('/employee/attendance');
    await user.click(await screen.findByRole('button', { name: 'Registrar Salida' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Registrar tu salida?' });
    expect(within(dialog).getByText('Registrarás tu salida a las 13:27 con 0.00 h trabajadas. ¿Confirmas?')).toBeInTheDocument();
    expect(within(dialog).getByText(/Tu turno termina a las 17:00/)).toBeInTheDocument();
    expect(calls(fetchMock, 'POST', '/attendance/check-out')).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '¿Registrar tu salida?' })).not.toBeInTheDocument());
    expect(calls(fetchMock, 'POST', '/attendance/check-out')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Registrar Salida' }));
    const again = await screen.findByRole('dialog', { name: '¿Registrar tu salida?' });
    await user.dblClick(within(again).getByRole('button', { name: 'Sí, registrar salida' }));
    answer.open();
    expect(await screen.findByText('Jornada Completada')).toBeInTheDocument();
    expect(calls(fetchMock, 'POST', '/attendance/check-out')).toHaveLength(1);
  });

  it('checks out at once after the shift end; a double click sends one request', async () => {
    let state = today({ record: CHECKED_IN, status: 'present', canCheckIn: false, canCheckOut: true, serverTime: '2026-05-04T22:05:00.000Z' });
    const answer = gate();
    const fetchMock = mockApi(
      employeeRoutes({
        'GET /api/employee/attendance/today': () => mockAnswer(todayAttendanceAnswer, { data: state }),
        'POST /api/employee/attendance/check-out': async () => {
          await answer.opened;
          state = today({ record: CHECKED_OUT, status: 'present', canCheckIn: false, completed: true, serverTime: '2026-05-04T22:05:10.000Z' });
          return mockAnswer(punchAnswer, {
            data: { action: 'check_out', repeated: false, status: 'present', record: CHECKED_OUT },
            message: 'Salida registrada exitosamente',
          });
        },
      }),
    );
    const { user } = renderApp('/employee/attendance');
    await user.dblClick(await screen.findByRole('button', { name: 'Registrar Salida' }));
    answer.open();
    expect(await screen.findByText('Jornada Completada')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls(fetchMock, 'POST', '/attendance/check-out')).toHaveLength(1);
  });

  it('falls back to the spec message when the server gives none', async () => {
    mockApi(
      employeeRoutes({
        'POST /api/employee/attendance/check-in': mockGatewayFailure(500),
      }),
    );
    const { user } = renderApp('/employee/attendance');
    await user.click(await screen.findByRole('button', { name: 'Registrar Entrada' }));
    expect(await screen.findAllByText('Error al registrar entrada')).toHaveLength(2);
  });

  it('with both shows Jornada Completada and no button', async () => {
    mockApi(
      employeeRoutes({
        'GET /api/employee/attendance/today': answers.today({ record: CHECKED_OUT, status: 'present', canCheckIn: false, completed: true }),
      }),
    );
    renderApp('/employee/attendance');
    expect(await screen.findByText('Jornada Completada')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Registrar/ })).not.toBeInTheDocument();
    expect(screen.getByText('8.05 h')).toBeInTheDocument();
  });

  it("a 'Solo Facial' schedule hides the button and explains the face kiosk", async () => {
    mockApi(employeeRoutes({ 'GET /api/employee/attendance/today': answers.today({ manualAllowed: false, canCheckIn: false }) }));
    renderApp('/employee/attendance');
    expect(await screen.findByText('Solo Facial')).toBeInTheDocument();
    expect(screen.getByText(/enlace de asistencia facial/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Registrar/ })).not.toBeInTheDocument();
  });

  it('tells that marking needs location permission when the schedule requires it, and shows the holiday', async () => {
    vi.stubGlobal('navigator', { ...navigator, geolocation: { getCurrentPosition: () => {} } });
    mockApi(
      employeeRoutes({
        'GET /api/employee/attendance/today': answers.today({
          requiresLocation: true,
          holiday: { name: 'Día del Trabajo', description: null },
          status: 'holiday',
        }),
      }),
    );
    renderApp('/employee/attendance');
    expect(await screen.findByText('Tu horario exige tu ubicación')).toBeInTheDocument();
    expect(screen.getByText(/te pedirá permiso para usar tu ubicación/)).toBeInTheDocument();
    expect(screen.getByText('Hoy es feriado: Día del Trabajo')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Registrar Entrada' })).toBeEnabled();
  });

  it('the clock follows the server time, not the device clock', async () => {
    const serverTime = '2026-05-04T15:30:00.000Z'; // 10:30 in Lima
    mockApi(employeeRoutes({ 'GET /api/employee/attendance/today': answers.today({ serverTime }) }));
    renderApp('/employee/attendance');
    expect(await screen.findByTestId('live-clock')).toHaveTextContent(/^10:30:0\d$/);
  });
});
