import { API_TIMEOUT_MS, type ApiSuccess, type ErrorAnswer, type PaginationAnswer } from '@presente/shared';
import i18n, { currentLanguage } from './i18n';

export const API_BASE = '/api';

/** Paths whose 401 is an expected answer (wrong password, no session yet), not a lost session. */
const SESSION_PROBES = ['/auth/login', '/auth/verify', '/auth/session'];

/** One field's refusal in the error envelope (`errors[]`, packages/shared errors-answer.ts). */
export type FieldError = NonNullable<ErrorAnswer['errors']>[number];

/** A failed API call. status 0 means the server was never reached (network error or timeout). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly errors?: FieldError[];
  /** Seconds the server asked to wait before trying again (its Retry-After on a 429 or 503). */
  readonly retryAfter?: number;

  constructor(status: number, code: string, message: string, errors?: FieldError[], retryAfter?: number) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.errors = errors;
    this.retryAfter = retryAfter;
  }
}

let unauthorizedHandler: (() => void) | null = null;
/** A 401 that came before any handler was registered (the route tree mounts after its lazy chunks load). */
let unauthorizedPending = false;

function sessionLost(): void {
  if (unauthorizedHandler) unauthorizedHandler();
  else unauthorizedPending = true;
}

/** Registers what to do when the session is lost (401 outside login/verify). Returns an unregister function. */
export function setUnauthorizedHandler(handler: () => void): () => void {
  unauthorizedHandler = handler;
  if (unauthorizedPending) {
    unauthorizedPending = false;
    handler();
  }
  return () => {
    if (unauthorizedHandler === handler) unauthorizedHandler = null;
  };
}

/** Paging block of list answers (`pagination` next to `data`). */
export type PageInfo = PaginationAnswer;

/** A success answer: data, message, and the extras some endpoints add next to them (list paging, a non-fatal warning). */
export interface ApiEnvelope<T> extends ApiSuccess<T> {
  pagination?: PageInfo;
  warning?: string;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Extra request headers (the paired kiosk's id and signature). */
  headers?: Record<string, string>;
}

async function readJson(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function toApiError(status: number, body: unknown, retryAfterHeader?: string | null): ApiError {
  const b = (body ?? {}) as { message?: unknown; code?: unknown; errors?: unknown };
  const message = typeof b.message === 'string' ? b.message : '';
  const code = typeof b.code === 'string' ? b.code : status >= 500 ? 'internal' : 'unknown';
  const errors = Array.isArray(b.errors) ? (b.errors as FieldError[]) : undefined;
  const retryAfter = Number(retryAfterHeader);
  return new ApiError(status, code, message, errors, Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined);
}

/** Calls the API under /api with cookies, JSON and the UI language; resolves to the `{ data, message, pagination?, warning? }` envelope. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<ApiEnvelope<T>> {
  const { method = 'GET', body, timeoutMs = API_TIMEOUT_MS, signal, headers: extra } = options;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const onOuterAbort = () => controller.abort();
  signal?.addEventListener('abort', onOuterAbort);

  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': currentLanguage(), ...extra };
  // A FormData body (multipart uploads) sets its own Content-Type with the boundary.
  const multipart = typeof FormData !== 'undefined' && body instanceof FormData;
  if (body !== undefined && !multipart) headers['Content-Type'] = 'application/json';

  let res: Response;
  try {
    res = await fetch(`${API_BASE}${path}`, {
      method,
      headers,
      credentials: 'include',
      body: body === undefined ? undefined : multipart ? (body as FormData) : JSON.stringify(body),
      signal: controller.signal,
    });
  } catch {
    const timedOut = controller.signal.aborted && !signal?.aborted;
    throw timedOut ? new ApiError(0, 'timeout', i18n.t('common:errors.timeout')) : new ApiError(0, 'network_error', i18n.t('common:errors.network'));
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onOuterAbort);
  }

  const json = await readJson(res);
  if (!res.ok) {
    const error = toApiError(res.status, json, res.headers?.get?.('Retry-After'));
    if (res.status === 401 && !SESSION_PROBES.includes(path)) sessionLost();
    throw error;
  }
  const envelope = (json ?? {}) as Partial<ApiEnvelope<T>>;
  return {
    data: envelope.data as T,
    message: envelope.message,
    ...(envelope.pagination ? { pagination: envelope.pagination } : {}),
    ...(typeof envelope.warning === 'string' ? { warning: envelope.warning } : {}),
  };
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) => apiRequest<T>(path, options),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) => apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) => apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) => apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) => apiRequest<T>(path, { ...options, method: 'DELETE' }),
};

/**
 * Downloads a file the API writes (the attendance register): the body as a Blob, or the API's error
 * (code, message in the UI language, `errors` list) as an ApiError, as apiRequest does for JSON.
 */
export async function apiFile(path: string, timeoutMs = API_TIMEOUT_MS * 4): Promise<Blob> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  let res: Response;
  try {
    res = await fetch(`${API_BASE}${path}`, { credentials: 'include', headers: { 'Accept-Language': currentLanguage() }, signal: controller.signal });
  } catch {
    throw controller.signal.aborted
      ? new ApiError(0, 'timeout', i18n.t('common:errors.timeout'))
      : new ApiError(0, 'network_error', i18n.t('common:errors.network'));
  } finally {
    clearTimeout(timer);
  }
  if (!res.ok) {
    if (res.status === 401) sessionLost();
    throw toApiError(res.status, await readJson(res));
  }
  return res.blob();
}
