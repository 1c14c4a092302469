import { notifications } from '@mantine/notifications';
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { mockApi, renderApp } from '../../test/renderApp';
import { employeeRoutes, today } from '../employee-area/test/fixtures';

configure({ asyncUtilTimeout: 10_000 });

const qrCalls = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls.filter(([url, init]) => String(url).endsWith('/api/employee/attendance/qr') && init?.method === 'POST');

const RESULT = {
  action: 'check_in',
  repeated: false,
  status: 'present',
  location: { id: '00000000-0000-4000-8000-000000000001', name: 'Sede Central' },
  record: { id: '00000000-0000-4000-8000-000000000002', date: '2026-05-04', checkIn: '2026-05-04T13:02:00.000Z', checkOut: null, method: 'qr_code' },
};

describe('Marcar con QR (decision 0044)', { timeout: 30_000 }, () => {
  afterEach(() => act(() => notifications.clean()));

  it('the QR’s URL opened by the phone’s camera app punches once, shows where, and leaves the address clean', async () => {
    const fetchMock = mockApi(
      employeeRoutes({
        'GET /api/employee/attendance/today': { body: { data: today({ qrAllowed: true }) } },
        'POST /api/employee/attendance/qr': { status: 201, body: { data: RESULT, message: 'Entrada registrada exitosamente' } },
      }),
    );
    renderApp('/employee/attendance?qr=Q1.abc');
    const outcome = await screen.findByTestId('qr-punch-outcome');
    expect(within(outcome).getByText('Entrada registrada exitosamente')).toBeInTheDocument();
    expect(within(outcome).getByText('Sede: Sede Central')).toBeInTheDocument();
    expect(qrCalls(fetchMock)).toHaveLength(1);
    expect(JSON.parse(String(qrCalls(fetchMock)[0][1]?.body))).toEqual({ code: 'Q1.abc', location: null });
    await waitFor(() => expect(window.location.search).toBe(''));
    expect(screen.getByRole('button', { name: 'Marcar con QR' })).toBeInTheDocument();
  });

  it('a refusal shows the server’s words', async () => {
    mockApi(
      employeeRoutes({
        'GET /api/employee/attendance/today': { body: { data: today({ qrAllowed: true }) } },
        'POST /api/employee/attendance/qr': {
          status: 409,
          body: { code: 'qr_code_used', message: 'Ya usaste este código QR. Espera el siguiente código de la pantalla para marcar de nuevo.' },
        },
      }),
    );
    renderApp('/employee/attendance?qr=Q1.abc');
    const outcome = await screen.findByTestId('qr-punch-outcome');
    expect(within(outcome).getByText('Marcación con QR rechazada')).toBeInTheDocument();
    expect(within(outcome).getByText('Ya usaste este código QR. Espera el siguiente código de la pantalla para marcar de nuevo.')).toBeInTheDocument();
  });

  it('no QR button when the schedule does not allow it', async () => {
    mockApi(employeeRoutes({ 'GET /api/employee/attendance/today': { body: { data: today({ qrAllowed: false }) } } }));
    renderApp('/employee/attendance');
    expect(await screen.findByRole('button', { name: 'Registrar Entrada' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Marcar con QR' })).not.toBeInTheDocument();
  });
});
