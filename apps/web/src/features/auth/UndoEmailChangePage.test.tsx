import { ownEmailAnswer } from '@presente/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockAnswer, mockRefusal } from '../../test/answers';
import { mockApi, renderApp, UNAUTHENTICATED } from '../../test/renderApp';

const UNDO = 'POST /api/auth/email-change/undo';

describe('UndoEmailChangePage (the old address undoes an email change)', () => {
  it('does nothing until the person presses the button (a mail scanner opening the link changes nothing), then restores', async () => {
    const fetchMock = mockApi({
      'GET /api/auth/verify': UNAUTHENTICATED,
      [UNDO]: mockAnswer(ownEmailAnswer, {
        data: { email: 'ana@acme.pe' },
        message: 'Tu correo de acceso fue restaurado y se cerraron todas las sesiones. Crea una nueva contraseña.',
      }),
    });
    const { user } = renderApp('/undo-email-change?token=tok-1');
    const button = await screen.findByRole('button', { name: 'Revertir el cambio' });
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/auth/email-change/undo'))).toBe(false);
    await user.click(button);
    expect(await screen.findByRole('heading', { name: 'Correo restaurado' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Crear una nueva contraseña' })).toHaveAttribute('href', '/forgot-password');
    const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/auth/email-change/undo'));
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ token: 'tok-1' });
  });

  it('a used or forged link says so', async () => {
    mockApi({
      'GET /api/auth/verify': UNAUTHENTICATED,
      [UNDO]: mockRefusal(400, 'invalid_token', 'El enlace para revertir el cambio de correo no es válido o ya se usó'),
    });
    const { user } = renderApp('/undo-email-change?token=used');
    await user.click(await screen.findByRole('button', { name: 'Revertir el cambio' }));
    expect(await screen.findByRole('heading', { name: 'Enlace inválido o ya usado' })).toBeInTheDocument();
  });
});
