import { dataAnswer, type KioskInfo, kioskInfo } from '@presente/shared';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockAnswer, mockRefusal } from '../../test/answers';
import { mockApi, renderApp, UNAUTHENTICATED } from '../../test/renderApp';
import { rememberInfo } from './kiosk/offline/lastInfo';
import { stubCamera } from './test/camera';
import { fakeGuide, resetFakeGuide } from './test/fakeGuide';

/** Issue 25 item 2 (decision 0045): the installable kiosk opens offline from its last answer and says it is offline. */
vi.mock('./camera/faceGuide', async () => (await import('./test/fakeGuide')).fakeFaceGuideModule);
vi.mock('./kiosk/pairing', () => {
  const pairing = { kioskId: 'k-1', name: 'Recepción', companyName: 'Andes SAC', keys: {} };
  return { loadPairing: async () => pairing, pairThisBrowser: async () => pairing, markHeaders: async () => ({}) };
});

const API = '/api/public/attendance/tok-1';
const INFO: KioskInfo = {
  companyName: 'Andes SAC',
  linkName: 'Entrada principal',
  timezone: 'America/Lima',
  serverTime: '2026-03-02T13:02:00.000Z',
  kiosk: 'paired',
};
const VERIFY = { 'GET /api/auth/verify': UNAUTHENTICATED };
const info = (data: KioskInfo) => mockAnswer(dataAnswer(kioskInfo), { data });
const unreachable = () => {
  throw new TypeError('Failed to fetch');
};

function setBrowserOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

beforeEach(() => {
  resetFakeGuide();
  fakeGuide.mode = 'ready';
  stubCamera();
});
afterEach(() => {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => true });
  for (const link of document.head.querySelectorAll('link[rel="manifest"], link[rel="apple-touch-icon"]')) link.remove();
});

describe('installable kiosk', () => {
  it("names the link's own web manifest and Apple's icon, remembers the link's answer, and shows it is online", async () => {
    mockApi({ ...VERIFY, [`GET ${API}`]: info(INFO) });
    renderApp('/attendance/tok-1');
    expect(await screen.findByRole('heading', { name: 'Andes SAC' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(document.head.querySelector('link[rel="manifest"]')?.getAttribute('href')).toBe(`${API}/manifest.webmanifest`);
    expect(document.head.querySelector('link[rel="apple-touch-icon"]')?.getAttribute('href')).toBe('/kiosk-icons/apple-touch-icon.png');
    expect(screen.getByTestId('kiosk-connection')).toHaveTextContent('En línea');
    expect(screen.queryByTestId('kiosk-offline')).not.toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('presente-kiosk-info:tok-1') ?? '{}')).toMatchObject({ companyName: 'Andes SAC', linkName: 'Entrada principal' });
  });

  it('reloaded without network, opens with the last answer and says it is offline; back online, asks the server again', async () => {
    let calls = 0;
    let up = false;
    mockApi({
      ...VERIFY,
      [`GET ${API}`]: () => {
        calls++;
        if (!up) unreachable();
        return info({ ...INFO, companyName: 'Andes SAC (renombrada)' });
      },
    });
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    renderApp('/attendance/tok-1');
    rememberInfo('tok-1', INFO as never);
    expect(await screen.findByRole('heading', { name: 'Andes SAC' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText('Entrada principal')).toBeInTheDocument();
    expect(screen.getByTestId('kiosk-connection')).toHaveTextContent('Sin conexión');
    expect(screen.getByTestId('kiosk-offline')).toHaveTextContent('Sin conexión con el servidor');
    // The kiosk itself is there: the camera and its button.
    expect(screen.getByRole('button', { name: 'Marcar asistencia' })).toBeInTheDocument();
    expect(calls).toBe(1);

    up = true;
    setBrowserOnline(true);
    expect(await screen.findByRole('heading', { name: 'Andes SAC (renombrada)' })).toBeInTheDocument();
    expect(screen.getByTestId('kiosk-connection')).toHaveTextContent('En línea');
    expect(screen.queryByTestId('kiosk-offline')).not.toBeInTheDocument();
    expect(calls).toBe(2);
  });

  it('the server away with the browser online (a cut beyond the LAN) is offline too', async () => {
    mockApi({ ...VERIFY, [`GET ${API}`]: unreachable });
    renderApp('/attendance/tok-1');
    rememberInfo('tok-1', INFO as never);
    expect(await screen.findByRole('heading', { name: 'Andes SAC' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByTestId('kiosk-connection')).toHaveTextContent('Sin conexión');
  });

  it('without a remembered answer, an offline load says it could not load (nothing invented)', async () => {
    mockApi({ ...VERIFY, [`GET ${API}`]: unreachable });
    renderApp('/attendance/tok-1');
    expect(await screen.findByText('No se pudo cargar la página de asistencia', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Andes SAC' })).not.toBeInTheDocument();
  });

  it('a link the server says is gone forgets its remembered answer', async () => {
    mockApi({ ...VERIFY, [`GET ${API}`]: mockRefusal(410, 'link_inactive', 'Este enlace de asistencia está desactivado.') });
    renderApp('/attendance/tok-1');
    rememberInfo('tok-1', INFO as never);
    expect(await screen.findByText('Este enlace de asistencia está desactivado.', {}, { timeout: 10_000 })).toBeInTheDocument();
    await waitFor(() => expect(localStorage.getItem('presente-kiosk-info:tok-1')).toBeNull());
  });
});
