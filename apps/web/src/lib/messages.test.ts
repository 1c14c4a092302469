import { describe, expect, it } from 'vitest';
import { ApiError } from './api';
import i18n from './i18n';
import { errorMessage, translateMessage } from './messages';

describe('message helpers', () => {
  it('translates catalogue keys in the current language and leaves words untouched', async () => {
    expect(translateMessage(i18n.t, 'validation.passwordsMismatch')).toBe('Las contraseñas no coinciden');
    expect(translateMessage(i18n.t, 'Ya existe una cuenta con ese email')).toBe('Ya existe una cuenta con ese email');
    await i18n.changeLanguage('en');
    expect(translateMessage(i18n.t, 'validation.passwordsMismatch')).toBe("Passwords don't match");
  });

  it('fills {name} values of the shared catalogue', () => {
    expect(translateMessage(i18n.t, 'Quedan {count} de {max}', { count: 2, max: 5 })).toBe('Quedan 2 de 5');
  });

  it('prefers the server message and otherwise uses the fallback', () => {
    const fallback = 'Error al registrar la empresa';
    expect(errorMessage(i18n.t, new ApiError(409, 'email_taken', 'Ya existe una cuenta con ese email'), fallback)).toBe('Ya existe una cuenta con ese email');
    expect(errorMessage(i18n.t, new ApiError(500, 'internal', ''), fallback)).toBe(fallback);
    expect(errorMessage(i18n.t, new ApiError(0, 'network_error', 'Error de conexión'), fallback)).toBe(fallback);
    expect(errorMessage(i18n.t, new Error('boom'), fallback)).toBe(fallback);
  });
});
