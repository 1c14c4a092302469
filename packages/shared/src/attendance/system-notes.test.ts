import { describe, expect, it } from 'vitest';
import { presentNote } from './system-notes.js';

describe('presentNote', () => {
  it('shows a system-made note in the reader language, whichever language wrote it', () => {
    expect(presentNote('Permiso justificado', 'en')).toBe('Justified permission');
    expect(presentNote('Justified permission', 'es')).toBe('Permiso justificado');
    expect(presentNote(' permiso justificado ', 'es')).toBe('Permiso justificado');
  });

  it("keeps a person's own note as written", () => {
    expect(presentNote('Cita médica en EsSalud', 'en')).toBe('Cita médica en EsSalud');
    expect(presentNote('Permiso justificado por cita médica', 'en')).toBe('Permiso justificado por cita médica');
    expect(presentNote(null, 'en')).toBeNull();
  });
});
