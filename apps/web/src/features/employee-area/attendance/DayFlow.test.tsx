import { configure, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, renderApp } from '../../../test/renderApp';
import { CHECKED_IN, CHECKED_OUT, employeeRoutes, today } from '../test/fixtures';

configure({ asyncUtilTimeout: 10_000 });

const calls = (fetchMock: ReturnType<typeof mockApi>, method: string, suffix: string) =>
  fetchMock.mock.calls.filter(([url, init]) => String(url).split('?')[0].endsWith(suffix) && (init?.method ?? 'GET') === method);

describe('Attendance tab: the day flow', { timeout: 30_000 }, () => {
  it('without a check-in offers Registrar Entrada, checks in over HTTP and then offers Registrar Salida', async () => {
    let state = today();
    const fetchMock = mockApi(
      employeeRoutes({
        'GET /api/employee/attendance/today': () => ({ body: { data: state } }),
        'POST /api/employee/attendance/check-in': () => {
          state = today({ record: CHECKED_IN, status: 'present', canCheckIn: false, canCheckOut: true });
          return {
            status: 201,
            body: { data: { action: 'check_in', repeated: false, status: 'present', record: CHECKED_IN }, message: 'Entrada registrada exitosamente' },
          };
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
        'GET /api/employee/attendance/today': { body: { data: today({ record: CHECKED_IN, status: 'present', canCheckIn: false, canCheckOut: true }) } },
        'POST /api/employee/attendance/check-out': {
          status: 403,
          body: { message: 'Estás fuera del área permitida (250 m de Planta; radio 100 m)', code: 'outside_geofence' },
        },
      }),
    );
    const { user } = renderApp('/employee/attendance');
    await user.click(await screen.findByRole('button', { name: 'Registrar Salida' }));
    // Inline on the card and as a toast.
    expect(await screen.findAllByText('Estás fuera del área permitida (250 m de Planta; radio 100 m)')).toHaveLength(2);
    expect(screen.getByText('08:02')).toBeInTheDocument();
  });

  it('falls back to the spec message when the server gives none', async () => {
    mockApi(
      employeeRoutes({
        'POST /api/employee/attendance/check-in': { status: 500, body: {} },
      }),
    );
    const { user } = renderApp('/employee/attendance');
    await user.click(await screen.findByRole('button', { name: 'Registrar Entrada' }));
    expect(await screen.findAllByText('Error al registrar entrada')).toHaveLength(2);
  });

  it('with both shows Jornada Completada and no button', async () => {
    mockApi(
      employeeRoutes({
        'GET /api/employee/attendance/today': { body: { data: today({ record: CHECKED_OUT, status: 'present', canCheckIn: false, completed: true }) } },
      }),
    );
    renderApp('/employee/attendance');
    expect(await screen.findByText('Jornada Completada')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Registrar/ })).not.toBeInTheDocument();
    expect(screen.getByText('8.05 h')).toBeInTheDocument();
  });

  it("a 'Solo Facial' schedule hides the button and explains the face kiosk", async () => {
    mockApi(employeeRoutes({ 'GET /api/employee/attendance/today': { body: { data: today({ manualAllowed: false, canCheckIn: false }) } } }));
    renderApp('/employee/attendance');
    expect(await screen.findByText('Solo Facial')).toBeInTheDocument();
    expect(screen.getByText(/enlace de asistencia facial/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Registrar/ })).not.toBeInTheDocument();
  });

  it('tells that marking needs location permission when the schedule requires it, and shows the holiday', async () => {
    vi.stubGlobal('navigator', { ...navigator, geolocation: { getCurrentPosition: () => {} } });
    mockApi(
      employeeRoutes({
        'GET /api/employee/attendance/today': {
          body: { data: today({ requiresLocation: true, holiday: { name: 'Día del Trabajo', description: null }, status: 'holiday' }) },
        },
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
    mockApi(employeeRoutes({ 'GET /api/employee/attendance/today': { body: { data: today({ serverTime }) } } }));
    renderApp('/employee/attendance');
    expect(await screen.findByTestId('live-clock')).toHaveTextContent(/^10:30:0\d$/);
  });
});
