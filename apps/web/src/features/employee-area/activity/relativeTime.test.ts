import { beforeEach, describe, expect, it } from 'vitest';
import i18n from '../../../lib/i18n';
import { relativeTime } from './relativeTime';

const NOW = new Date('2026-05-14T15:00:00.000Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString();
const rel = (iso: string) => relativeTime(i18n.t, iso, NOW, 'America/Lima');

describe('relative time (spec §9)', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('es');
  });

  it('under 60 s in seconds, then minutes, hours, days up to 7, then the exact date', () => {
    expect(rel(ago(0))).toBe('hace 0 segundos');
    expect(rel(ago(1_000))).toBe('hace 1 segundo');
    expect(rel(ago(59_999))).toBe('hace 59 segundos');
    expect(rel(ago(60_000))).toBe('hace 1 minuto');
    expect(rel(ago(59 * 60_000))).toBe('hace 59 minutos');
    expect(rel(ago(3_600_000))).toBe('hace 1 hora');
    expect(rel(ago(23 * 3_600_000))).toBe('hace 23 horas');
    expect(rel(ago(24 * 3_600_000))).toBe('hace 1 día');
    expect(rel(ago(7 * 86_400_000))).toBe('hace 7 días');
    // 8 days before 10:00 in Lima is 6 May there.
    expect(rel(ago(8 * 86_400_000))).toBe('06/05/2026');
  });

  it('the exact date is the day in the company timezone', () => {
    expect(rel('2026-04-01T03:00:00.000Z')).toBe('31/03/2026');
  });

  it('a time slightly ahead (clock skew) is 0 s; an unreadable one is Fecha inválida', () => {
    expect(rel(new Date(NOW.getTime() + 5_000).toISOString())).toBe('hace 0 segundos');
    expect(rel('not-a-date')).toBe('Fecha inválida');
  });

  it('speaks English too', async () => {
    await i18n.changeLanguage('en');
    expect(rel(ago(5 * 60_000))).toBe('5 minutes ago');
    expect(rel(ago(86_400_000))).toBe('1 day ago');
  });
});
