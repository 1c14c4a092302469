import { describe, expect, it } from 'vitest';
import i18n from '../../lib/i18n';
import type { CalendarAttendance } from './api';
import { initialDayValues } from './components/dayForm';

const record = (notes: string | null): CalendarAttendance => ({
  id: 'a1',
  checkIn: '2026-01-06T13:00:00.000Z',
  checkOut: '2026-01-06T22:00:00.000Z',
  status: 'permission',
  notes,
  isPermission: true,
  method: 'manual',
  isManual: true,
  incomplete: false,
});

describe("system-made notes follow the reader's language (walk-through finding 13)", () => {
  it("opens a Spanish admin's 'Permiso justificado' as 'Justified permission' in English, and back", async () => {
    await i18n.changeLanguage('en'); // the test setup brings Spanish back before the next test
    expect(initialDayValues('e1', '2026-01-06', record('Permiso justificado'), 'America/Lima').notes).toBe('Justified permission');
    // A person's own note is never translated.
    expect(initialDayValues('e1', '2026-01-06', record('Cita médica'), 'America/Lima').notes).toBe('Cita médica');
    await i18n.changeLanguage('es');
    expect(initialDayValues('e1', '2026-01-06', record('Justified permission'), 'America/Lima').notes).toBe('Permiso justificado');
  });
});
