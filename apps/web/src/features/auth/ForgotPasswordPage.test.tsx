import { messageAnswer } from '@presente/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockAnswer, mockGatewayFailure } from '../../test/answers';
import { mockApi, renderApp, UNAUTHENTICATED } from '../../test/renderApp';

describe('ForgotPasswordPage', () => {
  it('validates the email, then shows the success screen', async () => {
    const fetchMock = mockApi({
      'GET /api/auth/verify': UNAUTHENTICATED,
      'POST /api/auth/forgot-password': mockAnswer(messageAnswer, {
        message: 'Si el email existe en nuestro sistema, recibirás un enlace de recuperación',
      }),
    });
    const { user } = renderApp('/forgot-password');
    const submit = await screen.findByRole('button', { name: 'Enviar enlace de recuperación' });

    await user.click(submit);
    expect(await screen.findByText('Por favor ingresa tu correo electrónico')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Correo electrónico/), 'ana@');
    await user.click(submit);
    expect(await screen.findByText('Por favor ingresa un correo electrónico válido')).toBeInTheDocument();

    await user.type(screen.getByLabelText(/^Correo electrónico/), 'acme.pe');
    await user.click(submit);
    expect(await screen.findByText('Si el email existe en nuestro sistema, recibirás un enlace de recuperación')).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/auth/forgot-password'));
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ email: 'ana@acme.pe' });
  });

  it("shows 'Error al enviar el correo de recuperación' when the request fails without a message", async () => {
    mockApi({ 'GET /api/auth/verify': UNAUTHENTICATED, 'POST /api/auth/forgot-password': mockGatewayFailure(500) });
    const { user } = renderApp('/forgot-password');
    await user.type(await screen.findByLabelText(/^Correo electrónico/), 'ana@acme.pe');
    await user.click(screen.getByRole('button', { name: 'Enviar enlace de recuperación' }));
    expect(await screen.findByText('Error al enviar el correo de recuperación')).toBeInTheDocument();
  });
});
