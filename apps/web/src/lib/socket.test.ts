import type * as SocketIo from 'socket.io-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SOCKET_MANAGER_OPTIONS, SOCKET_RECONNECT } from './socket';

// The test setup replaces socket.io-client with an inert client; the real manager computes the waits here.
const { Manager } = await vi.importActual<typeof SocketIo>('socket.io-client');

/** The waits a Socket.IO manager built with our options takes between attempts, for a given Math.random. */
function waits(random: number): number[] {
  const manager = new Manager('http://127.0.0.1:9', { ...SOCKET_MANAGER_OPTIONS, autoConnect: false });
  const backoff = (manager as unknown as { backoff: { duration(): number } }).backoff;
  vi.spyOn(Math, 'random').mockReturnValue(random);
  return Array.from({ length: SOCKET_RECONNECT.attempts }, () => backoff.duration());
}

afterEach(() => vi.restoreAllMocks());

describe('socket reconnection (spec §7: 5 attempts, 500-2000 ms, 10 s timeout)', () => {
  it('gives the manager 5 attempts and a 10 s connection timeout', () => {
    const manager = new Manager('http://127.0.0.1:9', { ...SOCKET_MANAGER_OPTIONS, autoConnect: false });
    expect(manager.reconnectionAttempts()).toBe(5);
    expect(manager.timeout()).toBe(10_000);
    expect(manager.reconnectionDelayMax()).toBe(2000);
  });

  it('keeps every wait within 500-2000 ms whatever the jitter draws', () => {
    // Math.random decides both the size of the jitter and (by its first decimal) its sign.
    for (let i = 0; i < 1000; i++) {
      for (const ms of waits(i / 1000)) {
        expect(ms).toBeGreaterThanOrEqual(500);
        expect(ms).toBeLessThanOrEqual(2000);
      }
    }
    // An even first decimal subtracts, an odd one adds: the lowest and highest first waits, then growth to the cap.
    expect(waits(0.8999)).toEqual([513, 1026, 2000, 2000, 2000]);
    expect(waits(0.9999)).toEqual([749, 1499, 2000, 2000, 2000]);
    expect(waits(0)).toEqual([625, 1250, 2000, 2000, 2000]);
  });

  it("would go below 500 ms with a 500 ms delay and Socket.IO's default jitter (what this guards against)", () => {
    const manager = new Manager('http://127.0.0.1:9', {
      ...SOCKET_MANAGER_OPTIONS,
      reconnectionDelay: 500,
      randomizationFactor: undefined,
      autoConnect: false,
    });
    const backoff = (manager as unknown as { backoff: { duration(): number } }).backoff;
    vi.spyOn(Math, 'random').mockReturnValue(0.8999);
    expect(backoff.duration()).toBe(276);
  });
});
