import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockRefusal, responseOf } from '../test/answers';
import { ApiError, apiRequest, setUnauthorizedHandler } from './api';
import i18n, { i18nReady } from './i18n';

describe('apiRequest', () => {
  afterEach(() => setUnauthorizedHandler(() => {})());

  it('sends cookies, JSON and the UI language, and returns the envelope', async () => {
    // The client passes any envelope through: no route's schema is in play.
    const fetchMock = vi.fn(async () => responseOf({ status: 200, body: { data: { ok: 1 }, message: 'hecho' } })); // raw-answer-allowed: the client itself, any envelope
    vi.stubGlobal('fetch', fetchMock);
    // The detector's own start (loading Spanish) must end first, or it lands after 'en' on a loaded machine
    // and the request goes out in Spanish (stop 31's CI).
    await i18nReady;
    await i18n.changeLanguage('en');

    // raw-answer-allowed: a request body, not an answer
    const res = await apiRequest<{ ok: number }>('/things', { method: 'POST', body: { a: 1 } });

    expect(res).toEqual({ data: { ok: 1 }, message: 'hecho' });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/things');
    expect(init.credentials).toBe('include');
    expect(init.body).toBe('{"a":1}');
    expect(init.headers).toMatchObject({ 'Accept-Language': 'en', 'Content-Type': 'application/json' });
  });

  it('throws an ApiError with status, code, message and field errors', async () => {
    vi.stubGlobal('fetch', async () =>
      responseOf(mockRefusal(400, 'validation_failed', 'Datos inválidos', { errors: [{ path: 'email', message: 'Email inválido' }] })),
    );
    const error = await apiRequest('/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'validation_failed', message: 'Datos inválidos', errors: [{ path: 'email', message: 'Email inválido' }] });
  });

  it('reports a lost session on 401, except for login and verify', async () => {
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    vi.stubGlobal('fetch', async () => responseOf(mockRefusal(401, 'unauthorized', 'No autenticado')));

    // raw-answer-allowed: a request body, not an answer
    await expect(apiRequest('/auth/login', { method: 'POST', body: {} })).rejects.toMatchObject({ status: 401 });
    await expect(apiRequest('/auth/verify')).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).not.toHaveBeenCalled();

    await expect(apiRequest('/employee/dashboard')).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('gives up after the timeout with a status-0 timeout error', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      (_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
    );
    await i18n.changeLanguage('es');
    const pending = apiRequest('/slow').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(8000);
    expect(await pending).toMatchObject({ status: 0, code: 'timeout', message: 'El servidor tardó demasiado en responder. Intenta de nuevo.' });
  });
});
