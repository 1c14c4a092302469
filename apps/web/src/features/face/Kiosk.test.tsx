import { dataAnswer, type KioskChallenge, type KioskInfo, type KioskMarkResult, kioskChallenge, kioskInfo, kioskMarkResult } from '@presente/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockAnswer, mockRefusal } from '../../test/answers';
import { type MockRoutes, mockApi, renderApp, UNAUTHENTICATED } from '../../test/renderApp';
import type { SeenFace } from './camera/faceGuide';
import { formOf, stubCamera } from './test/camera';
import { fakeGuide, followKioskSteps, resetFakeGuide, seenFace } from './test/fakeGuide';

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

// The real recorder, with what the page tells it about the turns kept (decision 0085: a turn's window ends when the
// guidance sees it; the head coming back is a turn too).
const turningCalls = vi.hoisted(() => [] as number[]);
vi.mock('./camera/burst', async (importOriginal) => {
  const real = await importOriginal<typeof import('./camera/burst')>();
  return {
    ...real,
    recordBurst: (...args: Parameters<typeof real.recordBurst>) => {
      const recorder = real.recordBurst(...args);
      return {
        ...recorder,
        turning: (ms: number) => {
          turningCalls.push(ms);
          recorder.turning(ms);
        },
      };
    },
  };
});

const API = '/api/public/attendance/tok-1';
const INFO: KioskInfo = {
  companyName: 'Andes SAC',
  linkName: 'Entrada principal',
  timezone: 'America/Lima',
  serverTime: '2026-03-02T13:02:00.000Z',
  kiosk: 'paired',
};
const CHALLENGE: KioskChallenge = {
  challengeId: '0b9f7c1e-1d1e-4c58-9d1c-3f1f2c0a9b11',
  // Opposite turns (the page asks for the front between them) and a step a photo cannot do.
  steps: ['left', 'right', 'smile'],
  expiresAt: '2026-03-02T13:03:30.000Z',
  linkId: 'l-1',
  burst: { minFrames: 10, maxFrames: 16, fps: 6, minFps: 5, maxFps: 8 },
};
/** What the screen asks, in order: the front first, each step, the front between the opposite turns. */
const PROMPTS = ['Mira al frente', 'Gira la cabeza a tu izquierda', 'Mira al frente', 'Gira la cabeza a tu derecha', 'Sonríe'];
const NO_TURNS: KioskChallenge = { ...CHALLENGE, steps: ['mouth', 'up', 'down'] };
/**
 * The fewest frames the server takes: the ~3.5 s recording (~20 frames at 6 a second) is thinned even when a loaded
 * machine delays the recorder's ticks (with 16, a test that needed more than 16 taken failed 2 of 12 runs under load).
 */
const THINNED: KioskChallenge = { ...CHALLENGE, burst: { ...CHALLENGE.burst, maxFrames: 10 } };
const RESULT: KioskMarkResult = {
  employee: { id: 'e1', name: 'Ana Flores' },
  action: 'check_in',
  time: '2026-03-02T13:02:05.000Z',
  localTime: '08:02',
  status: 'late',
  repeated: false,
};
const LOCATION_REQUIRED = mockRefusal(400, 'location_required', 'Se requiere la ubicación para marcar asistencia.');
/** The kiosk link's answers through their declared schemas. */
const info = (data: KioskInfo) => mockAnswer(dataAnswer(kioskInfo), { data });
const challenge = (data: KioskChallenge) => mockAnswer(dataAnswer(kioskChallenge), { data });
const MARKED = mockAnswer(dataAnswer(kioskMarkResult), { data: RESULT });

function routes(extra: MockRoutes = {}): MockRoutes {
  return {
    'GET /api/auth/verify': UNAUTHENTICATED,
    [`GET ${API}`]: info(INFO),
    [`POST ${API}/challenge`]: challenge(CHALLENGE),
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

/** The burst a mark sent: its frames and their capture times (ms after the first). */
function burstOf(fetchMock: ReturnType<typeof mockApi>, n = 0) {
  const sent = formOf(marks(fetchMock)[n][1]);
  return { frames: sent.getAll('frames'), times: String(sent.get('frameTimes')).split(',').map(Number) };
}

/** A burst the server takes: 10-16 frames, one time each, from 0, increasing, and spanning `minMs` (the steps). */
function expectBurst({ frames, times }: { frames: unknown[]; times: number[] }, minMs: number) {
  expect(frames.length).toBeGreaterThanOrEqual(10);
  expect(frames.length).toBeLessThanOrEqual(16);
  expect(times).toHaveLength(frames.length);
  expect(times[0]).toBe(0);
  for (let i = 1; i < times.length; i++) expect(times[i]).toBeGreaterThan(times[i - 1] + 40);
  expect(times[times.length - 1]).toBeGreaterThanOrEqual(minMs);
}

/** When each prompt of the last `watchPrompts` appeared, and when the last one went (ms, Date.now). */
let promptTimes: { shown: number[]; gone: number | null } = { shown: [], gone: null };

/**
 * Every prompt the screen showed, in order (repeats collapsed), read at each change of the page (the guidance does
 * not look during every prompt: it is paused while no step waits on it).
 */
function watchPrompts(faces: () => SeenFace[] = followKioskSteps) {
  const seen: string[] = [];
  promptTimes = { shown: [], gone: null };
  fakeGuide.faces = faces;
  const observer = new MutationObserver(() => {
    const text = document.querySelector('[data-testid="kiosk-step"] [role="status"]')?.textContent;
    if (text && seen[seen.length - 1] !== text) {
      seen.push(text);
      promptTimes.shown.push(Date.now());
    }
    if (!text && seen.length && promptTimes.gone === null) promptTimes.gone = Date.now();
  });
  observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  return seen;
}

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
  turningCalls.length = 0;
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
        [`GET ${API}`]: () => info({ ...INFO, kiosk: infoCalls++ === 0 ? 'unpaired' : 'paired' }),
        [`POST ${API}/mark`]: MARKED,
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

  it('records one burst over the whole challenge: the front, each prompt in order, 10-16 frames with their times; then who was marked', async () => {
    stubCamera();
    fakeGuide.mode = 'ready';
    const prompts = watchPrompts();
    const fetchMock = mockApi(routes({ [`POST ${API}/mark`]: MARKED }));
    const { user } = renderApp('/attendance/tok-1');
    await start(user);
    expect(await screen.findByText('Paso 1 de 3')).toBeInTheDocument();

    const result = await screen.findByTestId('kiosk-result', {}, { timeout: 12_000 });
    expect(within(result).getByText('Entrada registrada')).toBeInTheDocument();
    expect(within(result).getByText('Ana Flores')).toBeInTheDocument();
    expect(within(result).getByText('08:02')).toBeInTheDocument();
    expect(within(result).getByText('Tardanza')).toBeInTheDocument();
    expect(prompts).toEqual(PROMPTS);
    expect(marks(fetchMock)).toHaveLength(1);
    expect(formOf(marks(fetchMock)[0][1]).get('challengeId')).toBe(CHALLENGE.challengeId);
    // The front (0.7 s), two turns held, the front between them, the smile (1.1 s): at least 2.5 s of recording.
    expectBurst(burstOf(fetchMock), 2500);
    // Recorded densely: the left turn until the guidance saw it; the head coming back to the front and the right turn
    // until it was seen; the head coming back for 0.9 s after it (the smile). A turn held is a still head.
    expect(turningCalls).toEqual([Number.POSITIVE_INFINITY, 0, Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY, 0, 900]);
    // The smile right after the right turn stays 1.7 s, then the 0.6 s tail: the person comes back to the front first
    // (decision 0091; it was 1.1 s, and a person who moves one thing after the other held the smile one frame or none).
    expect(promptTimes.gone! - promptTimes.shown[4]).toBeGreaterThanOrEqual(2250);

    // Ready for the next person.
    await user.click(within(result).getByRole('button', { name: 'Siguiente persona' }));
    expect(screen.getByRole('button', { name: 'Marcar asistencia' })).toBeInTheDocument();
  }, 20_000);

  it('pauses the live guidance while it records, except while a step waits on a look; says what it recorded and sent', async () => {
    stubCamera();
    fakeGuide.mode = 'ready';
    const fetchMock = mockApi(routes({ [`POST ${API}/challenge`]: challenge(THINNED), [`POST ${API}/mark`]: MARKED }));
    // The prompt on screen at each look the guidance takes while the burst records (before the mark is sent: once the
    // answer is in, the guidance is back for the next person, and a loaded machine may not have redrawn the last
    // prompt away yet; that look failed 1 CI run in 2 as "a look during the smile").
    const looked: string[] = [];
    fakeGuide.faces = () => {
      if (marks(fetchMock).length === 0) looked.push(document.querySelector('[data-testid="kiosk-step"]')?.getAttribute('data-step') ?? 'idle');
      return followKioskSteps();
    };
    const { user } = renderApp('/attendance/tok-1');
    await start(user);
    await screen.findByTestId('kiosk-result', {}, { timeout: 12_000 });
    // Human runs on the page's main thread and delayed the frame callbacks (issue 17): it looks for the turns (and
    // the front between them), never during the smile, which no look decides.
    expect(looked).toContain('left');
    expect(looked).toContain('right');
    expect(looked).not.toContain('smile');
    // What was recorded and sent, for a person debugging a kiosk and the e2e journey's timing lines.
    const info = JSON.parse(document.querySelector('[data-kiosk-burst]')?.getAttribute('data-kiosk-burst') ?? '{}');
    const { times } = burstOf(fetchMock);
    expect(info).toMatchObject({ times, gaps: times.slice(1).map((t, i) => t - times[i]), skipped: 0, failed: 0 });
    expect(info.taken).toBeGreaterThan(THINNED.burst.maxFrames);
    expect(info.callbacks).toBeGreaterThanOrEqual(info.taken);
    expect(info.recordMs).toBeGreaterThan(2500);
    expect(info.sendMs).toBeGreaterThanOrEqual(0);
  }, 20_000);

  it('records the live camera (unmirrored JPEGs of the video) more often than it sends, and thins the burst', async () => {
    stubCamera();
    fakeGuide.mode = 'ready';
    fakeGuide.faces = followKioskSteps;
    // Every JPEG drawn (captureJpeg draws its source letterboxed: 5 arguments).
    const ctx = document.createElement('canvas').getContext('2d') as CanvasRenderingContext2D;
    const sources: unknown[] = [];
    vi.spyOn(ctx, 'drawImage').mockImplementation((...args: unknown[]) => {
      if (args.length === 5) sources.push(args[0]);
    });
    const fetchMock = mockApi(routes({ [`POST ${API}/challenge`]: challenge(THINNED), [`POST ${API}/mark`]: MARKED }));
    const { user } = renderApp('/attendance/tok-1');
    await start(user);
    await screen.findByTestId('kiosk-result', {}, { timeout: 12_000 });
    const { frames } = burstOf(fetchMock);
    expect(frames).toHaveLength(THINNED.burst.maxFrames);
    expect(sources.length).toBeGreaterThan(THINNED.burst.maxFrames);
    for (const source of sources) expect(source).toBeInstanceOf(HTMLVideoElement);
  }, 20_000);

  it('a click while the guidance still loads waits for it, then follows the steps with it', async () => {
    stubCamera();
    fakeGuide.mode = 'ready';
    const prompts = watchPrompts();
    let finishLoading = () => {};
    fakeGuide.loaded = new Promise((resolve) => {
      finishLoading = resolve;
    });
    const fetchMock = mockApi(routes({ [`POST ${API}/mark`]: MARKED }));
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
    await screen.findByTestId('kiosk-result', {}, { timeout: 12_000 });
    expect(prompts).toEqual(PROMPTS);
    expectBurst(burstOf(fetchMock), 2500);
  }, 20_000);

  it('without live guidance shows each step for a fixed time and still sends a burst (nods and the mouth, with icons)', async () => {
    stubCamera();
    const fetchMock = mockApi(routes({ [`POST ${API}/challenge`]: challenge(NO_TURNS), [`POST ${API}/mark`]: MARKED }));
    const { user } = renderApp('/attendance/tok-1');
    expect(await screen.findByText(/La guía en vivo no está disponible/, {}, { timeout: 10_000 })).toBeInTheDocument();
    await start(user);
    for (const [text, step] of [
      ['Abre la boca', 'mouth'],
      ['Mira hacia arriba', 'up'],
      ['Mira hacia abajo', 'down'],
    ]) {
      const prompt = await screen.findByText(text, {}, { timeout: 3000 });
      expect(prompt.closest('[data-testid="kiosk-step"]')).toHaveAttribute('data-step', step);
      expect(prompt.closest('[data-testid="kiosk-step"]')?.querySelector('svg')).not.toBeNull();
    }
    await screen.findByTestId('kiosk-result', {}, { timeout: 8000 });
    // The front (0.7 s) and three moves of 1.1 s.
    expectBurst(burstOf(fetchMock), 3000);
  }, 20_000);

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
    const fetchMock = mockApi(routes({ [`POST ${API}/mark`]: mockRefusal(422, 'face_not_recognized', 'Rostro no reconocido. Inténtalo de nuevo.') }));
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
    const fetchMock = mockApi(routes({ [`POST ${API}/mark`]: (init) => (formOf(init ?? undefined).get('latitude') ? MARKED : LOCATION_REQUIRED) }));
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
    mockApi(routes({ [`GET ${API}`]: mockRefusal(410, 'link_expired', 'Este enlace de asistencia expiró.') }));
    renderApp('/attendance/tok-1');
    const gone = await screen.findByTestId('kiosk-link-gone', {}, { timeout: 10_000 });
    expect(within(gone).getByText('Este enlace de asistencia expiró.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Marcar asistencia' })).not.toBeInTheDocument();
    expect(getUserMedia).not.toHaveBeenCalled();
  });
});
