import { messageAnswer, resetTokenCheckAnswer } from '@presente/shared';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockAnswer, mockRefusal } from '../../test/answers';
import { type MockRoutes, mockApi, renderApp, UNAUTHENTICATED } from '../../test/renderApp';

const routes = (extra: MockRoutes = {}): MockRoutes => ({
  'GET /api/auth/verify': UNAUTHENTICATED,
  'POST /api/auth/reset-password/check': mockAnswer(resetTokenCheckAnswer, { data: { valid: true } }),
  ...extra,
});

describe('ResetPasswordPage', () => {
  it('shows the invalid-link screen when the token is missing', async () => {
    mockApi(routes());
    const { user, router } = renderApp('/reset-password');
    expect(await screen.findByRole('heading', { name: 'Enlace inválido o expirado' })).toBeInTheDocument();
    expect(screen.getByText(/válidos durante 1 hora/)).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Nueva contraseña/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Solicitar un nuevo enlace' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/forgot-password'));
  });

  it('a used or expired link shows the invalid-link screen as the page opens, before anyone types a password', async () => {
    const fetchMock = mockApi(
      routes({
        'POST /api/auth/reset-password/check': mockRefusal(400, 'invalid_token', 'Token de restablecimiento inválido o expirado'),
      }),
    );
    renderApp('/reset-password?token=bogus');
    expect(await screen.findByRole('heading', { name: 'Enlace inválido o expirado' })).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Nueva contraseña/)).not.toBeInTheDocument();
    const check = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/auth/reset-password/check'));
    expect(JSON.parse(String(check?.[1]?.body))).toEqual({ token: 'bogus' });
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/auth/reset-password'))).toBe(false);
  });

  it('validates the new password: required, at least 6 characters, matching confirmation', async () => {
    const fetchMock = mockApi(routes());
    const { user } = renderApp('/reset-password?token=tok-1');
    const submit = await screen.findByRole('button', { name: 'Restablecer contraseña' });

    await user.click(submit);
    expect(await screen.findByText('Por favor ingresa una nueva contraseña')).toBeInTheDocument();

    await user.type(screen.getByLabelText(/^Nueva contraseña/), '12345');
    await user.type(screen.getByLabelText(/^Confirmar contraseña/), '12345');
    await user.click(submit);
    expect(await screen.findByText('La contraseña debe tener al menos 6 caracteres')).toBeInTheDocument();

    await user.type(screen.getByLabelText(/^Nueva contraseña/), '6');
    await user.click(submit);
    expect(await screen.findByText('Las contraseñas no coinciden')).toBeInTheDocument();
    expect(screen.queryByText('La contraseña debe tener al menos 6 caracteres')).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/auth/reset-password'))).toBe(false);
  });

  it('resets the password and offers to log in', async () => {
    const fetchMock = mockApi(routes({ 'POST /api/auth/reset-password': mockAnswer(messageAnswer, { message: 'Contraseña restablecida exitosamente' }) }));
    const { user } = renderApp('/reset-password?token=tok-2');
    await user.type(await screen.findByLabelText(/^Nueva contraseña/), 'nueva123');
    await user.type(screen.getByLabelText(/^Confirmar contraseña/), 'nueva123');
    await user.click(screen.getByRole('button', { name: 'Restablecer contraseña' }));

    expect(await screen.findByRole('heading', { name: 'Contraseña restablecida' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir a iniciar sesión' })).toHaveAttribute('href', '/login');
    const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/auth/reset-password'));
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ token: 'tok-2', newPassword: 'nueva123' });
  });

  it("shows an 'inválido' token error and sends the user to /forgot-password after 2 s", async () => {
    mockApi(routes({ 'POST /api/auth/reset-password': mockRefusal(400, 'invalid_token', 'Token de restablecimiento inválido o expirado') }));
    const { user, router } = renderApp('/reset-password?token=old');
    await user.type(await screen.findByLabelText(/^Nueva contraseña/), 'nueva123');
    await user.type(screen.getByLabelText(/^Confirmar contraseña/), 'nueva123');
    await user.click(screen.getByRole('button', { name: 'Restablecer contraseña' }));

    expect(await screen.findByText('Token de restablecimiento inválido o expirado')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/reset-password');
    await waitFor(() => expect(router.state.location.pathname).toBe('/forgot-password'), { timeout: 3500 });
  });

  it("falls back to 'Error al restablecer la contraseña' without a server message", async () => {
    mockApi(routes({ 'POST /api/auth/reset-password': { status: 503 } }));
    const { user, router } = renderApp('/reset-password?token=tok-3');
    await user.type(await screen.findByLabelText(/^Nueva contraseña/), 'nueva123');
    await user.type(screen.getByLabelText(/^Confirmar contraseña/), 'nueva123');
    await user.click(screen.getByRole('button', { name: 'Restablecer contraseña' }));
    expect(await screen.findByText('Error al restablecer la contraseña')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/reset-password');
  });
});
