import { notifications } from '@mantine/notifications';
import { type QrPunchResult, qrPunchAnswer } from '@presente/shared';
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockAnswer, mockRefusal } from '../../test/answers';
import { mockApi, renderApp } from '../../test/renderApp';
import { answers, employeeRoutes } from '../employee-area/test/fixtures';
import { stubCamera } from '../face/test/camera';

configure({ asyncUtilTimeout: 10_000 });

const qrCalls = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls.filter(([url, init]) => String(url).endsWith('/api/employee/attendance/qr') && init?.method === 'POST');

const RESULT: QrPunchResult = {
  action: 'check_in',
  repeated: false,
  status: 'present',
  location: { id: '00000000-0000-4000-8000-000000000001', name: 'Sede Central' },
  record: { id: '00000000-0000-4000-8000-000000000002', date: '2026-05-04', checkIn: '2026-05-04T13:02:00.000Z', checkOut: null, method: 'qr_code' },
};

describe('Marcar con QR (decision 0044)', { timeout: 30_000 }, () => {
  afterEach(() => {
    act(() => notifications.clean());
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('the QR’s URL opened by the phone’s camera app punches once, shows where, and leaves the address clean', async () => {
    const fetchMock = mockApi(
      employeeRoutes({
        'GET /api/employee/attendance/today': answers.today({ qrAllowed: true }),
        'POST /api/employee/attendance/qr': mockAnswer(qrPunchAnswer, { data: RESULT, message: 'Entrada registrada exitosamente' }, 201),
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
        'GET /api/employee/attendance/today': answers.today({ qrAllowed: true }),
        'POST /api/employee/attendance/qr': mockRefusal(
          409,
          'qr_code_used',
          'Ya usaste este código QR. Espera el siguiente código de la pantalla para marcar de nuevo.',
        ),
      }),
    );
    renderApp('/employee/attendance?qr=Q1.abc');
    const outcome = await screen.findByTestId('qr-punch-outcome');
    expect(within(outcome).getByText('Marcación con QR rechazada')).toBeInTheDocument();
    expect(within(outcome).getByText('Ya usaste este código QR. Espera el siguiente código de la pantalla para marcar de nuevo.')).toBeInTheDocument();
  });

  it('no QR button when the schedule does not allow it', async () => {
    mockApi(employeeRoutes({ 'GET /api/employee/attendance/today': answers.today({ qrAllowed: false }) }));
    renderApp('/employee/attendance');
    expect(await screen.findByRole('button', { name: 'Registrar Entrada' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Marcar con QR' })).not.toBeInTheDocument();
  });

  it('"Marcar con QR" reads the screen with the camera (the browser’s own reader here), sends it and closes the scanner', async () => {
    const getUserMedia = stubCamera();
    const detect = vi.fn(async () => [{ rawValue: 'https://presente.example/employee/attendance?qr=Q1.cam' }]);
    vi.stubGlobal(
      'BarcodeDetector',
      Object.assign(
        class {
          detect = detect;
        },
        { getSupportedFormats: async () => ['qr_code'] },
      ),
    );
    const fetchMock = mockApi(
      employeeRoutes({
        'GET /api/employee/attendance/today': answers.today({ qrAllowed: true }),
        'POST /api/employee/attendance/qr': mockAnswer(qrPunchAnswer, { data: RESULT, message: 'Entrada registrada exitosamente' }, 201),
      }),
    );
    const { user } = renderApp('/employee/attendance');
    await user.click(await screen.findByRole('button', { name: 'Marcar con QR' }));
    const outcome = await screen.findByTestId('qr-punch-outcome');
    expect(within(outcome).getByText('Entrada registrada exitosamente')).toBeInTheDocument();
    expect(getUserMedia).toHaveBeenCalledWith({ video: { facingMode: { ideal: 'environment' } }, audio: false });
    expect(JSON.parse(String(qrCalls(fetchMock)[0][1]?.body))).toEqual({ code: 'https://presente.example/employee/attendance?qr=Q1.cam', location: null });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('a camera the browser refuses says how to mark anyway', async () => {
    stubCamera(new DOMException('denied', 'NotAllowedError'));
    mockApi(employeeRoutes({ 'GET /api/employee/attendance/today': answers.today({ qrAllowed: true }) }));
    const { user } = renderApp('/employee/attendance');
    await user.click(await screen.findByRole('button', { name: 'Marcar con QR' }));
    expect(await screen.findByText('No pudimos abrir la cámara')).toBeInTheDocument();
    expect(screen.getByText(/escanea el código con la aplicación de cámara de tu teléfono/)).toBeInTheDocument();
  });
});
