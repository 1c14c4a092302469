import { punchAnswer } from '@presente/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../../lib/notify';
import { getRealtimeSocket, onRealtime } from '../../../lib/socket';
import { mockAnswer, mockRefusal, responseOf } from '../../../test/answers';
import { CHECKED_IN, CHECKED_OUT } from '../test/fixtures';
import { type PunchTransport, usePunch } from './usePunch';

vi.mock('../../../lib/notify', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));
vi.mock('../../../lib/socket', () => ({ getRealtimeSocket: vi.fn(() => null), onRealtime: vi.fn(() => () => {}) }));

/** POST /employee/attendance/check-in|out as the server answers it (the record and the message in the reader's language). */
const punched = (action: 'check_in' | 'check_out', message: string) =>
  responseOf(
    mockAnswer(
      punchAnswer,
      { data: { action, repeated: false, status: 'present', record: action === 'check_in' ? CHECKED_IN : CHECKED_OUT }, message },
      action === 'check_in' ? 201 : 200,
    ),
  );

function setup(transport: PunchTransport = 'auto', requiresLocation = false) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  return renderHook(() => usePunch({ transport, requiresLocation }), { wrapper });
}

/** fetch that answers only when aborted (the API client's timeout). */
function hangingFetch() {
  const fetchMock = vi.fn(
    (_url: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function fakeSocket() {
  const handlers = new Map<string, (payload: unknown) => void>();
  vi.mocked(onRealtime).mockImplementation((event, handler) => {
    handlers.set(event, (payload) => handler(payload, event));
    return () => handlers.delete(event);
  });
  const socket = { emit: vi.fn() };
  vi.mocked(getRealtimeSocket).mockReturnValue(socket as never);
  return { socket, handlers };
}

describe('usePunch', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    vi.mocked(getRealtimeSocket).mockReturnValue(null);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('refuses a second request while one is in flight', async () => {
    hangingFetch();
    vi.useFakeTimers();
    const { result } = setup();
    let first: Promise<boolean> = Promise.resolve(false);
    let second = true;
    await act(async () => {
      first = result.current.punch('check_in');
      second = await result.current.punch('check_in');
    });
    expect(second).toBe(false);
    expect(notify.info).toHaveBeenCalledWith('Check-in ya en proceso');
    await act(async () => {
      result.current.punch('check_out');
    });
    // The one in flight names itself, whatever was asked next.
    expect(notify.info).toHaveBeenLastCalledWith('Check-in ya en proceso');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(6000);
      await first;
    });
  });

  it('times out an HTTP check-in after 6 s', async () => {
    hangingFetch();
    vi.useFakeTimers();
    const { result } = setup();
    let outcome: Promise<boolean> = Promise.resolve(true);
    await act(async () => {
      outcome = result.current.punch('check_in');
      await vi.advanceTimersByTimeAsync(5900);
    });
    expect(notify.error).not.toHaveBeenCalled();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(200);
    });
    expect(await outcome).toBe(false);
    expect(notify.error).toHaveBeenCalledWith('Timeout: Check-in tomó demasiado tiempo');
    expect(result.current.error).toBe('Timeout: Check-in tomó demasiado tiempo');
    expect(result.current.pending).toBeNull();
  });

  it('uses the socket when connected and times out a check-out after 8 s', async () => {
    const fetchMock = hangingFetch();
    const { socket } = fakeSocket();
    vi.useFakeTimers();
    const { result } = setup();
    await act(async () => {
      result.current.punch('check_out');
      await vi.advanceTimersByTimeAsync(7900);
    });
    expect(socket.emit).toHaveBeenCalledWith('employee_checkout', {});
    expect(notify.error).not.toHaveBeenCalled();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(200);
    });
    expect(notify.error).toHaveBeenCalledWith('Timeout: Check-out tomó demasiado tiempo');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('reads the socket result: success message, or the server message on failure', async () => {
    const { socket, handlers } = fakeSocket();
    socket.emit.mockImplementation((event: string) => {
      const answer =
        event === 'employee_checkin'
          ? { success: true, message: 'Entrada registrada exitosamente', data: {} }
          : { success: false, message: 'Primero debes registrar tu entrada', code: 'not_checked_in' };
      queueMicrotask(() => handlers.get(`${event}_result`)?.(answer));
    });
    const { result } = setup();
    await act(async () => {
      expect(await result.current.punch('check_in')).toBe(true);
    });
    expect(notify.success).toHaveBeenCalledWith('Entrada registrada exitosamente');
    await act(async () => {
      expect(await result.current.punch('check_out')).toBe(false);
    });
    expect(notify.error).toHaveBeenCalledWith('Primero debes registrar tu entrada');
  });

  it("says 'WebSocket no conectado' only when the socket path is forced", async () => {
    const { result } = setup('socket');
    await act(async () => {
      await result.current.punch('check_in');
    });
    expect(notify.error).toHaveBeenCalledWith('WebSocket no conectado');
  });

  it("sends the location when the browser gives it, and says the server's words", async () => {
    vi.stubGlobal('navigator', {
      geolocation: {
        getCurrentPosition: (ok: PositionCallback, _err: PositionErrorCallback, options: PositionOptions) => {
          expect(options).toEqual({ enableHighAccuracy: true, timeout: 5000, maximumAge: 300000 });
          ok({ coords: { latitude: -12.0464, longitude: -77.0428, accuracy: 12.5 } } as GeolocationPosition);
        },
      },
    });
    const fetchMock = vi.fn(async () => punched('check_out', 'Salida registrada exitosamente'));
    vi.stubGlobal('fetch', fetchMock);
    const { result } = setup();
    await act(async () => {
      await result.current.punch('check_out');
    });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/employee/attendance/check-out');
    expect(JSON.parse(String(init.body))).toEqual({ location: { latitude: -12.0464, longitude: -77.0428, accuracy: 12.5 } });
    expect(notify.success).toHaveBeenCalledWith('Salida registrada exitosamente');
  });

  it('a denied location still sends the request without one', async () => {
    vi.stubGlobal('navigator', {
      geolocation: { getCurrentPosition: (_ok: PositionCallback, err: PositionErrorCallback) => err({ code: 1 } as GeolocationPositionError) },
    });
    const fetchMock = vi.fn(async () => punched('check_in', 'Entrada registrada exitosamente'));
    vi.stubGlobal('fetch', fetchMock);
    const { result } = setup('http', true);
    await act(async () => {
      await result.current.punch('check_in');
    });
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({});
  });

  it('in a morning rush, waits the Retry-After of a 503, says so on the button, and sends the punch again', async () => {
    vi.useFakeTimers();
    const busy = () => responseOf(mockRefusal(503, 'service_unavailable', 'Muchas personas están marcando a la vez.'), { 'Retry-After': '3' });
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(busy())
      .mockResolvedValueOnce(busy())
      .mockResolvedValueOnce(punched('check_in', 'Entrada registrada exitosamente'));
    vi.stubGlobal('fetch', fetchMock);
    const { result } = setup('http');
    let outcome: Promise<boolean> = Promise.resolve(false);
    await act(async () => {
      outcome = result.current.punch('check_in');
      await vi.advanceTimersByTimeAsync(10);
    });
    expect(result.current.pending).toEqual({ kind: 'check_in', stage: 'queued', seconds: 3 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2900);
    });
    expect(fetchMock).toHaveBeenCalledTimes(1); // not before the server's 3 s
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3200);
      expect(await outcome).toBe(true);
    });
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(notify.success).toHaveBeenCalledWith('Entrada registrada exitosamente');
    expect(notify.error).not.toHaveBeenCalled();
  });
});
