import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './db-errors.js';
import { fallbackLimiter, type Limiter, memoryLimiter } from './limiter.js';
import { createOutage } from './outage.js';

/** Decision 0021: an outage is logged once; what counts as the database being away; the limiter's fallback. */
describe('outage log', () => {
  it('logs the first failure and the end once, counting the failures between', () => {
    const lines: string[] = [];
    let now = 0;
    const outage = createOutage('redis', { warn: (_o: unknown, m: string) => void lines.push(m), info: (m: string) => void lines.push(m) }, 10_000, () => now);
    outage.ok();
    for (let i = 0; i < 500; i++) outage.failed(new Error('ECONNREFUSED'));
    expect(lines).toHaveLength(1);
    expect(outage.active).toBe(true);
    now = 2_500;
    outage.ok();
    expect(lines).toEqual(['redis unavailable (further failures are counted until it is back)', 'redis back after 2.5 s (500 failures during the outage)']);
    // Quiet past quietMs: a later failure is a new outage, logged again.
    outage.failed(new Error('x'));
    now = 20_000;
    expect(outage.active).toBe(false);
    outage.failed(new Error('y'));
    expect(lines.filter((l) => l.includes('unavailable'))).toHaveLength(3);
  });
});

describe('isDatabaseUnavailable', () => {
  const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: select 1'), { cause });
  it.each([
    ['ECONNREFUSED', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    ['ECONNRESET wrapped by drizzle', wrapped(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }))],
    ['AggregateError of both addresses', Object.assign(new AggregateError([Object.assign(new Error('x'), { code: 'ECONNREFUSED' })], ''), {})],
    ['57P01 admin_shutdown', wrapped({ code: '57P01', message: 'terminating connection due to administrator command' })],
    ['57P03 cannot_connect_now', { code: '57P03', message: 'the database system is starting up' }],
    ['08006 connection_failure', { code: '08006', message: 'connection failure' }],
    ['57014 statement timeout', wrapped({ code: '57014', message: 'canceling statement due to statement timeout' })],
    ['55P03 lock timeout', wrapped({ code: '55P03', message: 'canceling statement due to lock timeout' })],
    ['pool acquire timeout', new Error('timeout exceeded when trying to connect')],
    ['a silent network (query_timeout)', wrapped(new Error('Query read timeout'))],
    ['connection terminated', wrapped(new Error('Connection terminated unexpectedly'))],
    ["PGlite's gate", { code: 'DB_ACQUIRE_TIMEOUT', message: 'timeout exceeded when waiting 5000 ms for the database connection' }],
  ])('%s → 503', (_name, err) => expect(isDatabaseUnavailable(err)).toBe(true));
  it.each([
    ['unique violation', wrapped({ code: '23505', message: 'duplicate key' })],
    ['a bug', new TypeError("Cannot read properties of undefined (reading 'x')")],
    ['nothing', undefined],
  ])('%s is not', (_name, err) => expect(isDatabaseUnavailable(err)).toBe(false));
});

describe('fallbackLimiter', () => {
  it('counts in memory, at once, while Redis is unhealthy or failing, and reports the failures', async () => {
    let healthy = true;
    const failures: unknown[] = [];
    const broken: Limiter = {
      hit: () => Promise.reject(new Error('Command timed out')),
      count: () => Promise.reject(new Error('Command timed out')),
      reset: () => Promise.reject(new Error('Command timed out')),
    };
    const limiter = fallbackLimiter(
      broken,
      memoryLimiter(),
      () => healthy,
      (e) => failures.push(e),
    );
    expect(await limiter.hit('k', 60_000)).toBe(1);
    expect(failures).toHaveLength(1);
    healthy = false;
    expect(await limiter.hit('k', 60_000)).toBe(2);
    expect(await limiter.count('k')).toBe(2);
    expect(failures).toHaveLength(1); // not asked while unhealthy
    await limiter.reset('k');
    expect(await limiter.count('k')).toBe(0);
  });
});
