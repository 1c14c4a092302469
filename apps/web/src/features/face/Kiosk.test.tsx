import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type MockRoutes, mockApi, renderApp } from '../../test/renderApp';
import { formOf, stubCamera } from './test/camera';

const API = '/api/public/attendance/tok-1';
const INFO = { companyName: 'Andes SAC', linkName: 'Entrada principal', timezone: 'America/Lima', serverTime: '2026-03-02T13:02:00.000Z' };
// One step keeps the test short (the server sends three); without Human in jsdom each step waits 2.5 s then captures.
const CHALLENGE = { challengeId: '0b9f7c1e-1d1e-4c58-9d1c-3f1f2c0a9b11', steps: ['straight'], expiresAt: '2026-03-02T13:03:30.000Z' };
const RESULT = {
  employee: { id: 'e1', name: 'Ana Flores' },
  action: 'check_in',
  time: '2026-03-02T13:02:05.000Z',
  localTime: '08:02',
  status: 'late',
  repeated: false,
};

function routes(extra: MockRoutes = {}): MockRoutes {
  return {
    'GET /api/auth/verify': { status: 401, body: { message: 'No autenticado', code: 'unauthorized' } },
    [`GET ${API}`]: { body: { data: INFO } },
    [`POST ${API}/challenge`]: { body: { data: CHALLENGE } },
    ...extra,
  };
}

async function start(user: ReturnType<typeof renderApp>['user']) {
  expect(await screen.findByRole('heading', { name: 'Andes SAC' }, { timeout: 10_000 })).toBeInTheDocument();
  expect(screen.getByText('Entrada principal')).toBeInTheDocument();
  const button = screen.getByRole('button', { name: 'Marcar asistencia' });
  await waitFor(() => expect(button).toBeEnabled(), { timeout: 5000 });
  await user.click(button);
}

describe('public attendance page (kiosk)', () => {
  it('follows the challenge, sends the frames and shows who was marked, when and how', async () => {
    stubCamera();
    const fetchMock = mockApi(routes({ [`POST ${API}/mark`]: { body: { data: RESULT } } }));
    const { user } = renderApp('/attendance/tok-1');
    await start(user);
    expect(await screen.findByText('Mira al frente')).toBeInTheDocument();

    const result = await screen.findByTestId('kiosk-result', {}, { timeout: 8000 });
    expect(within(result).getByText('Entrada registrada')).toBeInTheDocument();
    expect(within(result).getByText('Ana Flores')).toBeInTheDocument();
    expect(within(result).getByText('08:02')).toBeInTheDocument();
    expect(within(result).getByText('Tardanza')).toBeInTheDocument();
    const sent = formOf(fetchMock.mock.calls.find(([url]) => String(url).endsWith('/tok-1/mark'))?.[1]);
    expect(sent.get('challengeId')).toBe(CHALLENGE.challengeId);
    expect(sent.getAll('frames').length).toBeGreaterThanOrEqual(1);

    // Ready for the next person.
    await user.click(within(result).getByRole('button', { name: 'Siguiente persona' }));
    expect(screen.getByRole('button', { name: 'Marcar asistencia' })).toBeInTheDocument();
  });

  it("shows the server's refusal with a retry that asks for a new challenge", async () => {
    stubCamera();
    const fetchMock = mockApi(
      routes({ [`POST ${API}/mark`]: { status: 422, body: { message: 'Rostro no reconocido. Inténtalo de nuevo.', code: 'face_not_recognized' } } }),
    );
    const { user } = renderApp('/attendance/tok-1');
    await start(user);
    const refusal = await screen.findByTestId('kiosk-refusal', {}, { timeout: 8000 });
    expect(within(refusal).getByText('Rostro no reconocido. Inténtalo de nuevo.')).toBeInTheDocument();
    expect(screen.queryByTestId('kiosk-result')).not.toBeInTheDocument();
    await user.click(within(refusal).getByRole('button', { name: 'Reintentar' }));
    await waitFor(() => expect(fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/tok-1/challenge'))).toHaveLength(2));
  });

  it('replaces the kiosk with a clear page for an expired link, without opening the camera', async () => {
    const getUserMedia = stubCamera();
    mockApi(routes({ [`GET ${API}`]: { status: 410, body: { message: 'Este enlace de asistencia expiró.', code: 'link_expired' } } }));
    renderApp('/attendance/tok-1');
    const gone = await screen.findByTestId('kiosk-link-gone', {}, { timeout: 10_000 });
    expect(within(gone).getByText('Este enlace de asistencia expiró.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Marcar asistencia' })).not.toBeInTheDocument();
    expect(getUserMedia).not.toHaveBeenCalled();
  });
});
