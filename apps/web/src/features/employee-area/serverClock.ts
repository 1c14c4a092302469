import { useEffect, useState } from 'react';

/**
 * The server's clock as seen from this device: the difference between the server's `serverTime`
 * (GET /employee/attendance/today) and the device clock, measured at the middle of the round trip.
 * A device set to the wrong time still shows the company's real time and right relative times.
 */
let offsetMs = 0;

export function setServerTime(serverTimeIso: string, sentAt: number, receivedAt: number): void {
  const server = Date.parse(serverTimeIso);
  if (Number.isNaN(server)) return;
  offsetMs = server - (sentAt + receivedAt) / 2;
}

export function serverNow(): Date {
  return new Date(Date.now() + offsetMs);
}

/** Resets the offset (tests). */
export function resetServerClock(): void {
  offsetMs = 0;
}

/** The server's current time, re-rendered every `intervalMs` (1 s for the live clock). */
export function useServerNow(intervalMs = 1000): Date {
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    setNow(serverNow());
    const id = setInterval(() => setNow(serverNow()), intervalMs);
    return () => clearInterval(id);
  }, [intervalMs]);
  return now;
}
