import { describe, expect, it } from 'vitest';
import { customErrors, customLimits, periodRange } from './period';

const TODAY = '2026-05-14';

describe('activity period filter', () => {
  it('today, last 7 days, from the 1st of the month, or everything', () => {
    const none = { from: null, to: null };
    expect(periodRange('all', TODAY, none)).toEqual({});
    expect(periodRange('today', TODAY, none)).toEqual({ startDate: TODAY, endDate: TODAY });
    expect(periodRange('week', TODAY, none)).toEqual({ startDate: '2026-05-08', endDate: TODAY });
    expect(periodRange('month', TODAY, none)).toEqual({ startDate: '2026-05-01', endDate: TODAY });
    expect(periodRange('week', '2026-03-03', none)).toEqual({ startDate: '2026-02-25', endDate: '2026-03-03' });
  });

  it('custom needs both dates before asking anything', () => {
    expect(periodRange('custom', TODAY, { from: null, to: null })).toBeNull();
    expect(periodRange('custom', TODAY, { from: '2026-05-01', to: null })).toBeNull();
    expect(periodRange('custom', TODAY, { from: null, to: '2026-05-10' })).toBeNull();
    expect(periodRange('custom', TODAY, { from: '2026-05-01', to: '2026-05-10' })).toEqual({ startDate: '2026-05-01', endDate: '2026-05-10' });
    expect(customErrors({ from: null, to: null }, TODAY)).toEqual({ from: 'fromRequired', to: 'toRequired' });
  });

  it('Desde max is Hasta or today; Hasta min is Desde, max today', () => {
    expect(customLimits({ from: null, to: null }, TODAY)).toEqual({ fromMax: TODAY, toMin: undefined, toMax: TODAY });
    expect(customLimits({ from: '2026-04-02', to: '2026-04-20' }, TODAY)).toEqual({ fromMax: '2026-04-20', toMin: '2026-04-02', toMax: TODAY });
    // A Hasta typed past today does not lift Desde's limit beyond today.
    expect(customLimits({ from: null, to: '2026-06-01' }, TODAY).fromMax).toBe(TODAY);
  });

  it('refuses an inverted or future range', () => {
    expect(customErrors({ from: '2026-05-10', to: '2026-05-02' }, TODAY)).toEqual({ to: 'toBeforeFrom' });
    expect(customErrors({ from: '2026-05-15', to: '2026-05-16' }, TODAY)).toEqual({ from: 'future', to: 'future' });
    expect(periodRange('custom', TODAY, { from: '2026-05-10', to: '2026-05-02' })).toBeNull();
    expect(customErrors({ from: TODAY, to: TODAY }, TODAY)).toBeNull();
  });
});
