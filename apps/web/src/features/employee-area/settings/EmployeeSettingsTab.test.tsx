import { messageAnswer } from '@presente/shared';
import { configure, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockAnswer, mockGatewayFailure, mockRefusal } from '../../../test/answers';
import { fill } from '../../../test/companyAdmin';
import { type MockResponse, mockApi, renderApp } from '../../../test/renderApp';
import { employeeRoutes } from '../test/fixtures';

configure({ asyncUtilTimeout: 10_000 });

async function openPasswordModal() {
  const utils = renderApp('/employee/settings');
  await utils.user.click(await screen.findByRole('button', { name: 'Cambiar contraseña' }));
  const dialog = await screen.findByRole('dialog', { name: 'Cambiar contraseña' });
  const field = (label: string) => within(dialog).getByLabelText(new RegExp(`^${label}`));
  return { ...utils, dialog, field };
}

const passwordCalls = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls.filter(([url, init]) => String(url).endsWith('/employee/profile/password') && init?.method === 'PUT');

describe('Employee settings', { timeout: 40_000 }, () => {
  it('shows the read-only account information', async () => {
    mockApi(employeeRoutes());
    renderApp('/employee/settings');
    expect(await screen.findByDisplayValue('Luis Quispe')).toHaveAttribute('readonly');
    expect(screen.getByDisplayValue('EMP-001')).toHaveAttribute('readonly');
    expect(screen.getByDisplayValue('Operario')).toBeInTheDocument();
    expect(screen.getByDisplayValue('Producción')).toBeInTheDocument();
    expect(screen.getByDisplayValue('Andes SAC')).toBeInTheDocument();
  });

  it('password modal: submit disabled until all filled, min 6, must match', async () => {
    const fetchMock = mockApi(employeeRoutes());
    const { user, dialog, field } = await openPasswordModal();
    const submit = within(dialog).getByRole('button', { name: 'Cambiar contraseña' });
    expect(submit).toBeDisabled();
    await fill(user, field('Contraseña actual'), 'vieja123');
    await fill(user, field('Nueva contraseña'), 'abc');
    expect(submit).toBeDisabled();
    await fill(user, field('Confirmar nueva contraseña'), 'abd');
    expect(submit).toBeEnabled();
    await user.click(submit);
    expect(await within(dialog).findByText('La contraseña debe tener al menos 6 caracteres')).toBeInTheDocument();
    expect(within(dialog).getByText('Las contraseñas no coinciden')).toBeInTheDocument();
    expect(passwordCalls(fetchMock)).toHaveLength(0);
  });

  it('password modal: server message, then the spec fallback, then success', async () => {
    // What the server answers a wrong current password (own-account.service: validation_failed on currentPassword).
    const wrong = 'Error al cambiar la contraseña. Verifique su contraseña actual.';
    let answer: MockResponse = mockRefusal(400, 'validation_failed', wrong, { errors: [{ path: 'currentPassword', message: wrong }] });
    const fetchMock = mockApi(employeeRoutes({ 'PUT /api/employee/profile/password': () => answer }));
    const { user, dialog, field } = await openPasswordModal();
    await fill(user, field('Contraseña actual'), 'vieja123');
    await fill(user, field('Nueva contraseña'), 'nueva123');
    await fill(user, field('Confirmar nueva contraseña'), 'nueva123');
    const submit = within(dialog).getByRole('button', { name: 'Cambiar contraseña' });
    await user.click(submit);
    expect((await within(dialog).findAllByText(wrong)).length).toBeGreaterThan(0);
    expect(JSON.parse(String(passwordCalls(fetchMock)[0][1]?.body))).toEqual({
      currentPassword: 'vieja123',
      newPassword: 'nueva123',
      confirmPassword: 'nueva123',
    });

    answer = mockGatewayFailure(500);
    await user.click(submit);
    expect(await within(dialog).findByText('Error al cambiar contraseña')).toBeInTheDocument();

    answer = mockAnswer(messageAnswer, { message: 'Contraseña cambiada exitosamente' });
    await user.click(submit);
    expect(await screen.findByText('Contraseña cambiada exitosamente')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Cambiar contraseña' })).not.toBeInTheDocument();
  });

  it('email modal: current email read-only, a valid address required, server message on failure', async () => {
    mockApi(
      employeeRoutes({
        'PUT /api/employee/profile/email': mockRefusal(409, 'email_taken', 'Ese email ya está registrado'),
      }),
    );
    const { user } = renderApp('/employee/settings');
    await user.click(await screen.findByRole('button', { name: 'Cambiar email' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cambiar email' });
    expect(within(dialog).getByDisplayValue('luis@andes.pe')).toHaveAttribute('readonly');
    const input = within(dialog).getByLabelText(/^Nuevo email/);
    await user.click(within(dialog).getByRole('button', { name: 'Cambiar email' }));
    expect(await within(dialog).findByText('Por favor ingresa un email válido')).toBeInTheDocument();
    await fill(user, input, 'luis.quispe');
    await user.click(within(dialog).getByRole('button', { name: 'Cambiar email' }));
    expect(await within(dialog).findByText('Por favor ingresa un email válido')).toBeInTheDocument();
    await user.clear(input);
    await fill(user, input, 'ana@andes.pe');
    await user.click(within(dialog).getByRole('button', { name: 'Cambiar email' }));
    expect(await within(dialog).findByText('Ese email ya está registrado')).toBeInTheDocument();
  });
});
