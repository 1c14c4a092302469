import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type MockRoutes, mockApi, renderApp } from '../../test/renderApp';
import type { SeenFace } from './camera/faceGuide';
import { formOf, stubCamera } from './test/camera';
import { fakeGuide, followKioskSteps, resetFakeGuide, STEP_YAW, seenFace } from './test/fakeGuide';

// Human cannot run in jsdom: the camera "sees" what each test scripts (test/fakeGuide.ts).
vi.mock('./camera/faceGuide', async () => (await import('./test/fakeGuide')).fakeFaceGuideModule);
// WebCrypto keys and IndexedDB are the browser's: a scripted pairing stands in (pairing.ts is exercised by e2e).
const pairingState = vi.hoisted(() => ({ paired: true as boolean, codes: [] as string[] }));
vi.mock('./kiosk/pairing', () => {
  const pairing = { kioskId: 'k-1', name: 'Recepción', companyName: 'Andes SAC', keys: {} };
  return {
    loadPairing: async () => (pairingState.paired ? pairing : null),
    pairThisBrowser: async (code: string) => {
      pairingState.codes.push(code);
      pairingState.paired = true;
      return pairing;
    },
    markHeaders: async () => ({ 'X-Kiosk-Id': 'k-1', 'X-Kiosk-Signature': 'sig' }),
  };
});

const API = '/api/public/attendance/tok-1';
const INFO = {
  companyName: 'Andes SAC',
  linkName: 'Entrada principal',
  timezone: 'America/Lima',
  serverTime: '2026-03-02T13:02:00.000Z',
  kiosk: 'paired',
};
const CHALLENGE = {
  challengeId: '0b9f7c1e-1d1e-4c58-9d1c-3f1f2c0a9b11',
  steps: ['straight', 'left', 'right'],
  expiresAt: '2026-03-02T13:03:30.000Z',
  linkId: 'l-1',
};
// Without live guidance each step waits 2.5 s then captures once: one step keeps that test short.
const ONE_STEP = { ...CHALLENGE, steps: ['straight'] };
const RESULT = {
  employee: { id: 'e1', name: 'Ana Flores' },
  action: 'check_in',
  time: '2026-03-02T13:02:05.000Z',
  localTime: '08:02',
  status: 'late',
  repeated: false,
};
const LOCATION_REQUIRED = { status: 400, body: { message: 'Se requiere la ubicación para marcar asistencia.', code: 'location_required' } };

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

const marks = (fetchMock: ReturnType<typeof mockApi>) => fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/tok-1/mark'));

/** A browser geolocation that fails (denied) or answers Lima, in the order given; returns the mock. */
function stubGeolocation(...answers: ('denied' | 'lima')[]) {
  const getCurrentPosition = vi.fn((ok: PositionCallback, fail?: PositionErrorCallback | null) => {
    const answer = answers.shift() ?? 'lima';
    if (answer === 'denied') fail?.({ code: 1, message: 'denied', PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3 } as GeolocationPositionError);
    else ok({ coords: { latitude: -12.0464, longitude: -77.0428, accuracy: 15 } } as GeolocationPosition);
  });
  Object.defineProperty(navigator, 'geolocation', { configurable: true, value: { getCurrentPosition } });
  return getCurrentPosition;
}

beforeEach(() => {
  resetFakeGuide();
  pairingState.paired = true;
  pairingState.codes = [];
});
afterEach(() => {
  Object.defineProperty(navigator, 'geolocation', { configurable: true, value: undefined });
  Object.defineProperty(navigator, 'permissions', { configurable: true, value: undefined });
});

describe('public attendance page (kiosk)', () => {
  it('an unpaired browser sees the pairing screen (with the code from the QR), pairs, then the kiosk; marks are signed', async () => {
    stubCamera();
    fakeGuide.mode = 'ready';
    fakeGuide.faces = followKioskSteps;
    pairingState.paired = false;
    window.location.hash = '#pair=ABCD-EFGH';
    let infoCalls = 0;
    const fetchMock = mockApi(
      routes({
        [`GET ${API}`]: () => ({ body: { data: { ...INFO, kiosk: infoCalls++ === 0 ? 'unpaired' : 'paired' } } }),
        [`POST ${API}/mark`]: { body: { data: RESULT } },
      }),
    );
    const { user } = renderApp('/attendance/tok-1');
    expect(await screen.findByTestId('kiosk-pairing', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByTestId('kiosk-pairing-reason')).toHaveTextContent('Solo los kioscos que el administrador vinculó pueden marcar asistencia');
    expect(screen.getByTestId('kiosk-pairing-code')).toHaveValue('ABCD-EFGH');
    await user.click(screen.getByRole('button', { name: 'Vincular kiosco' }));
    expect(pairingState.codes).toEqual(['ABCD-EFGH']);
    await start(user);
    await screen.findByTestId('kiosk-result', {}, { timeout: 15_000 });
    const [, init] = marks(fetchMock)[0];
    expect((init as RequestInit).headers).toMatchObject({ 'X-Kiosk-Id': 'k-1', 'X-Kiosk-Signature': 'sig' });
  }, 30_000);

  it('follows the challenge with live guidance: two frames per step, six in all, then who was marked, when and how', async () => {
    stubCamera();
    fakeGuide.mode = 'ready';
    fakeGuide.faces = followKioskSteps;
    const fetchMock = mockApi(routes({ [`POST ${API}/mark`]: { body: { data: RESULT } } }));
    const { user } = renderApp('/attendance/tok-1');
    await start(user);
    expect(await screen.findByText('Mira al frente')).toBeInTheDocument();

    const result = await screen.findByTestId('kiosk-result', {}, { timeout: 8000 });
    expect(within(result).getByText('Entrada registrada')).toBeInTheDocument();
    expect(within(result).getByText('Ana Flores')).toBeInTheDocument();
    expect(within(result).getByText('08:02')).toBeInTheDocument();
    expect(within(result).getByText('Tardanza')).toBeInTheDocument();
    expect(marks(fetchMock)).toHaveLength(1);
    const sent = formOf(marks(fetchMock)[0][1]);
    expect(sent.get('challengeId')).toBe(CHALLENGE.challengeId);
    expect(sent.getAll('frames')).toHaveLength(6);

    // Ready for the next person.
    await user.click(within(result).getByRole('button', { name: 'Siguiente persona' }));
    expect(screen.getByRole('button', { name: 'Marcar asistencia' })).toBeInTheDocument();
  });

  it('sends the frames its guidance judged, not the camera frames that came after them', async () => {
    stubCamera();
    fakeGuide.mode = 'ready';
    fakeGuide.faces = followKioskSteps;
    // Every JPEG drawn (captureJpeg draws its source letterboxed: 5 arguments), with the step shown at that moment
    // and what the guidance had judged its source to show.
    const ctx = document.createElement('canvas').getContext('2d') as CanvasRenderingContext2D;
    const jpegs: { source: unknown; step: string | null; judged: SeenFace[] | undefined }[] = [];
    vi.spyOn(ctx, 'drawImage').mockImplementation((...args: unknown[]) => {
      if (args.length !== 5) return;
      // A pose already held when a step starts is captured before its instruction renders: that is the first step.
      const step = document.querySelector('[data-testid="kiosk-step"]')?.getAttribute('data-step') ?? (jpegs.length === 0 ? CHALLENGE.steps[0] : null);
      jpegs.push({ source: args[0], step, judged: fakeGuide.judged.get(args[0] as HTMLCanvasElement)?.slice() });
    });
    const fetchMock = mockApi(routes({ [`POST ${API}/mark`]: { body: { data: RESULT } } }));
    const { user } = renderApp('/attendance/tok-1');
    await start(user);
    await screen.findByTestId('kiosk-result', {}, { timeout: 8000 });
    expect(formOf(marks(fetchMock)[0][1]).getAll('frames')).toHaveLength(6);
    expect(jpegs).toHaveLength(6);
    for (const { source, step, judged } of jpegs) {
      expect(source).toBeInstanceOf(HTMLCanvasElement); // a look's snapshot, not the live video
      expect(judged?.[0].yaw).toBe(STEP_YAW[step as keyof typeof STEP_YAW]);
    }
    expect(new Set(jpegs.map((j) => j.step))).toEqual(new Set(CHALLENGE.steps));
  });

  it('a click while the guidance still loads waits for it, then follows the steps with it (not blind captures)', async () => {
    stubCamera();
    fakeGuide.mode = 'ready';
    fakeGuide.faces = followKioskSteps;
    let finishLoading = () => {};
    fakeGuide.loaded = new Promise((resolve) => {
      finishLoading = resolve;
    });
    const fetchMock = mockApi(routes({ [`POST ${API}/mark`]: { body: { data: RESULT } } }));
    const { user } = renderApp('/attendance/tok-1');
    await start(user);
    // The challenge is there, the steps wait for the guidance.
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/challenge'))).toBe(true));
    // The challenge's answer has been read (the event): blind steps would start now; guided ones wait for the guidance.
    await waitFor(async () =>
      expect((await fetchMock.mock.results.find((_, i) => String(fetchMock.mock.calls[i][0]).endsWith('/challenge'))!.value).bodyUsed).toBe(true),
    );
    await act(async () => {});
    expect(screen.queryByTestId('kiosk-step')).not.toBeInTheDocument();
    finishLoading();
    expect(await screen.findByText('Mira al frente')).toBeInTheDocument();
    await screen.findByTestId('kiosk-result', {}, { timeout: 8000 });
    expect(formOf(marks(fetchMock)[0][1]).getAll('frames')).toHaveLength(6);
  });

  it('without live guidance sends exactly one frame per step, after the time to follow it', async () => {
    stubCamera();
    const fetchMock = mockApi(routes({ [`POST ${API}/challenge`]: { body: { data: ONE_STEP } }, [`POST ${API}/mark`]: { body: { data: RESULT } } }));
    const { user } = renderApp('/attendance/tok-1');
    expect(await screen.findByText(/La guía en vivo no está disponible/, {}, { timeout: 10_000 })).toBeInTheDocument();
    await start(user);
    await screen.findByTestId('kiosk-result', {}, { timeout: 8000 });
    expect(formOf(marks(fetchMock)[0][1]).getAll('frames')).toHaveLength(1);
  });

  it('puts the kiosk in a main landmark, with the logo and language switch in the banner', async () => {
    stubCamera();
    fakeGuide.mode = 'ready';
    fakeGuide.faces = () => [seenFace()];
    mockApi(routes());
    renderApp('/attendance/tok-1');
    const main = await screen.findByRole('main', {}, { timeout: 10_000 });
    expect(within(main).getByRole('button', { name: 'Marcar asistencia' })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
  });

  it('asks for light, or to centre the face in the oval, before and during the steps', async () => {
    stubCamera();
    fakeGuide.mode = 'ready';
    fakeGuide.faces = () => [seenFace({ brightness: 35 })];
    mockApi(routes());
    renderApp('/attendance/tok-1');
    expect(await screen.findByText('Más luz, por favor: tu rostro se ve oscuro', {}, { timeout: 10_000 })).toBeInTheDocument();
    fakeGuide.faces = () => [seenFace({ box: [20, 40, 200, 200] })];
    expect(await screen.findByText('Centra tu rostro en el óvalo')).toBeInTheDocument();
    fakeGuide.faces = () => [seenFace()];
    expect(await screen.findByText('Colócate frente a la cámara y pulsa «Marcar asistencia»')).toBeInTheDocument();
  });

  it("shows the server's refusal with a retry that asks for a new challenge", async () => {
    stubCamera();
    fakeGuide.mode = 'ready';
    fakeGuide.faces = followKioskSteps;
    const fetchMock = mockApi(
      routes({ [`POST ${API}/mark`]: { status: 422, body: { message: 'Rostro no reconocido. Inténtalo de nuevo.', code: 'face_not_recognized' } } }),
    );
    const { user } = renderApp('/attendance/tok-1');
    await start(user);
    const refusal = await screen.findByTestId('kiosk-refusal', {}, { timeout: 8000 });
    expect(within(refusal).getByText('Rostro no reconocido. Inténtalo de nuevo.')).toBeInTheDocument();
    expect(within(refusal).queryByTestId('kiosk-refusal-hint')).not.toBeInTheDocument();
    expect(screen.queryByTestId('kiosk-result')).not.toBeInTheDocument();
    await user.click(within(refusal).getByRole('button', { name: 'Reintentar' }));
    await waitFor(() => expect(fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/tok-1/challenge'))).toHaveLength(2));
  });

  it('asks for the location again on the next attempt after it failed, with a hint when the schedule needs it', async () => {
    stubCamera();
    fakeGuide.mode = 'ready';
    fakeGuide.faces = followKioskSteps;
    const getCurrentPosition = stubGeolocation('denied', 'lima');
    const fetchMock = mockApi(
      routes({ [`POST ${API}/mark`]: (init) => (formOf(init ?? undefined).get('latitude') ? { body: { data: RESULT } } : LOCATION_REQUIRED) }),
    );
    const { user } = renderApp('/attendance/tok-1');
    await start(user);
    const refusal = await screen.findByTestId('kiosk-refusal', {}, { timeout: 8000 });
    expect(within(refusal).getByText('Se requiere la ubicación para marcar asistencia.')).toBeInTheDocument();
    expect(within(refusal).getByTestId('kiosk-refusal-hint')).toHaveTextContent(
      'Esta marcación necesita tu ubicación. Permite el acceso a la ubicación en el navegador y vuelve a intentarlo.',
    );
    expect(formOf(marks(fetchMock)[0][1]).get('latitude')).toBeNull();

    await user.click(within(refusal).getByRole('button', { name: 'Reintentar' }));
    await screen.findByTestId('kiosk-result', {}, { timeout: 8000 });
    expect(getCurrentPosition).toHaveBeenCalledTimes(2);
    const second = formOf(marks(fetchMock)[1][1]);
    expect([second.get('latitude'), second.get('longitude'), second.get('accuracy')]).toEqual(['-12.0464', '-77.0428', '15']);
  });

  it('says how to unblock the location when the browser denies it', async () => {
    stubCamera();
    fakeGuide.mode = 'ready';
    fakeGuide.faces = followKioskSteps;
    stubGeolocation('denied');
    const status = { state: 'denied', addEventListener: () => {}, removeEventListener: () => {} };
    Object.defineProperty(navigator, 'permissions', { configurable: true, value: { query: async () => status } });
    mockApi(routes({ [`POST ${API}/mark`]: LOCATION_REQUIRED }));
    const { user } = renderApp('/attendance/tok-1');
    await start(user);
    const refusal = await screen.findByTestId('kiosk-refusal', {}, { timeout: 8000 });
    expect(within(refusal).getByTestId('kiosk-refusal-hint')).toHaveTextContent(
      'El acceso a la ubicación está bloqueado en este navegador. Actívalo en la configuración del sitio para marcar desde aquí.',
    );
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
