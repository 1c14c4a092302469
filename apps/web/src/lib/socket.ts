import { io, type Socket } from 'socket.io-client';

/**
 * The realtime connection (spec §4, §7, §9): one Socket.IO client per logged-in tab, on the page's own
 * origin under /socket.io, authenticated with a short-lived token from GET /api/auth/socket-token that is
 * fetched again before every (re)connection. React reads it through lib/useRealtime.ts.
 */
export type RealtimeStatus = 'idle' | 'connecting' | 'connected' | 'disconnected' | 'reconnecting' | 'failed';

/** Spec §7, §9: 5 reconnection attempts, 500-2000 ms apart, 10 s connection timeout. */
export const SOCKET_RECONNECT = { attempts: 5, delayMs: 500, delayMaxMs: 2000, timeoutMs: 10_000 } as const;
export const SOCKET_PATH = '/socket.io';
/** Local event dispatched when the server closed the connection (its login session ended, its company closed). */
export const SERVER_DISCONNECT = 'server_disconnect';

/**
 * The manager's reconnection options. Socket.IO waits delay x 2^attempt, moved up or down by up to
 * randomizationFactor of itself, capped at reconnectionDelayMax. Its default factor (0.5) would make the
 * first wait 250-750 ms, below the spec's 500. A small jitter is kept so that after a server restart the
 * tabs do not all come back (and ask for a socket token) in the same instant: from 625 ms with ±20 %
 * the waits are 500-750, 1000-1500, then 2000 ms (docs/decisions/0014-attendance-polish.md).
 */
export const SOCKET_MANAGER_OPTIONS = {
  reconnectionAttempts: SOCKET_RECONNECT.attempts,
  reconnectionDelay: Math.round(SOCKET_RECONNECT.delayMs / 0.8),
  randomizationFactor: 0.2,
  reconnectionDelayMax: SOCKET_RECONNECT.delayMaxMs,
  timeout: SOCKET_RECONNECT.timeoutMs,
} as const;

export interface RealtimeStartOptions {
  /** A fresh socket token; called before each connection attempt. */
  fetchToken: () => Promise<string>;
  /** The UI language, sent so server answers (check-in results) come in it. */
  language: () => string;
}

type Handler = (payload: unknown, event: string) => void;

let socket: Socket | null = null;
let status: RealtimeStatus = 'idle';
/** Retries after the server refused the handshake (expired token): Socket.IO does not retry those itself. */
let refusedAttempts = 0;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
const statusListeners = new Set<() => void>();
const handlers = new Map<string, Set<Handler>>();

function setStatus(next: RealtimeStatus): void {
  if (status === next) return;
  status = next;
  for (const listener of statusListeners) listener();
}

function dispatch(event: string, payload: unknown): void {
  for (const handler of handlers.get(event) ?? []) {
    try {
      handler(payload, event);
    } catch (error) {
      console.error(`realtime handler for ${event} failed`, error);
    }
  }
}

function retryAfterRefusal(s: Socket): void {
  if (refusedAttempts >= SOCKET_RECONNECT.attempts) {
    setStatus('failed');
    return;
  }
  const delay = Math.min(SOCKET_RECONNECT.delayMs * 2 ** refusedAttempts, SOCKET_RECONNECT.delayMaxMs);
  refusedAttempts += 1;
  setStatus('reconnecting');
  clearTimeout(retryTimer);
  retryTimer = setTimeout(() => s.connect(), delay);
}

/** Opens the connection (no-op when one exists). Events reach the handlers registered with onRealtime. */
export function startRealtime(options: RealtimeStartOptions): void {
  if (socket) return;
  refusedAttempts = 0;
  const s = io({
    path: SOCKET_PATH,
    forceNew: true,
    ...SOCKET_MANAGER_OPTIONS,
    auth: (cb) => {
      options.fetchToken().then(
        (token) => cb({ token, lang: options.language() }),
        // Without a token the server refuses the handshake and the refusal path below retries.
        () => cb({ token: '', lang: options.language() }),
      );
    },
  });
  socket = s;
  setStatus('connecting');

  s.on('connect', () => {
    refusedAttempts = 0;
    setStatus('connected');
    dispatch('connect', undefined);
  });
  s.on('disconnect', (reason) => {
    if (reason === 'io client disconnect') return;
    // 'io server disconnect' (account deactivated...) is final; otherwise the manager retries.
    setStatus('disconnected');
    // The server drops a socket when its login session ends: listeners re-check the session (and leave if it is gone).
    if (reason === 'io server disconnect') dispatch(SERVER_DISCONNECT, undefined);
  });
  s.on('connect_error', () => {
    // Active: a transport failure the manager retries itself. Inactive: the server refused the token.
    if (s.active) setStatus('reconnecting');
    else retryAfterRefusal(s);
  });
  s.io.on('reconnect_attempt', () => setStatus('reconnecting'));
  s.io.on('reconnect_failed', () => setStatus('failed'));
  s.onAny((event: string, payload: unknown) => dispatch(event, payload));
  s.connect();
}

/** Closes the connection (logout, leaving the dashboard). */
export function stopRealtime(): void {
  clearTimeout(retryTimer);
  const s = socket;
  socket = null;
  if (s) {
    s.removeAllListeners();
    s.io.removeAllListeners();
    s.disconnect();
  }
  setStatus('idle');
}

/** Tries again after a failure or a server-side disconnect (reconnect button, the browser back online). */
export function reconnectRealtime(): void {
  if (!socket || socket.connected) return;
  refusedAttempts = 0;
  setStatus('connecting');
  socket.connect();
}

/** Reconnects quietly so the server gets the new UI language in the handshake. */
export function refreshRealtimeLanguage(): void {
  if (!socket?.connected) return;
  const s = socket;
  s.disconnect();
  s.connect();
}

export function getRealtimeStatus(): RealtimeStatus {
  return status;
}

export function subscribeRealtimeStatus(listener: () => void): () => void {
  statusListeners.add(listener);
  return () => statusListeners.delete(listener);
}

/** The live socket, for features that emit (employee check-in/out); null when not connected. */
export function getRealtimeSocket(): Socket | null {
  return socket?.connected ? socket : null;
}

/** Listens to a server event; 'connect' is also dispatched after every (re)connection. Returns the unsubscribe. */
export function onRealtime(event: string, handler: Handler): () => void {
  let set = handlers.get(event);
  if (!set) {
    set = new Set();
    handlers.set(event, set);
  }
  set.add(handler);
  return () => {
    set.delete(handler);
  };
}
