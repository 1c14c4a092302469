import { ownEmailAnswer } from '@presente/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockAnswer, mockRefusal, sessionRoutes } from '../../test/answers';
import { mockApi, renderApp } from '../../test/renderApp';
import { bodyOf, ROOT, superAdminRoutes } from './test/fixtures';

describe('SuperAdminSettingsTab', { timeout: 30_000 }, () => {
  it("says 'Las contraseñas no coinciden' and sends nothing", async () => {
    const fetchMock = mockApi(superAdminRoutes());
    const { user } = renderApp('/super-admin/settings');
    await user.click(await screen.findByRole('button', { name: 'Cambiar contraseña' }, { timeout: 5000 }));
    const d = within(await screen.findByRole('dialog', { name: 'Cambiar contraseña' }));
    await user.type(d.getByLabelText(/^Contraseña actual/), 'SuperClave-2026');
    await user.type(d.getByLabelText(/^Nueva contraseña/), 'OtraClave-2026');
    await user.type(d.getByLabelText(/^Confirmar nueva contraseña/), 'OtraClave-2027');
    await user.click(d.getByRole('button', { name: 'Actualizar contraseña' }));
    expect(await d.findByText('Las contraseñas no coinciden')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(false);
  });

  it("shows the server's message inside the modal when the current password is wrong", async () => {
    mockApi(
      superAdminRoutes({
        'PATCH /api/super-admin/change-password': mockRefusal(400, 'validation_failed', 'Contraseña actual incorrecta', {
          errors: [{ path: 'currentPassword', message: 'Contraseña actual incorrecta' }],
        }),
      }),
    );
    const { user } = renderApp('/super-admin/settings');
    await user.click(await screen.findByRole('button', { name: 'Cambiar contraseña' }, { timeout: 5000 }));
    const d = within(await screen.findByRole('dialog', { name: 'Cambiar contraseña' }));
    await user.type(d.getByLabelText(/^Contraseña actual/), 'equivocada1');
    await user.type(d.getByLabelText(/^Nueva contraseña/), 'OtraClave-2026');
    await user.type(d.getByLabelText(/^Confirmar nueva contraseña/), 'OtraClave-2026');
    await user.click(d.getByRole('button', { name: 'Actualizar contraseña' }));
    expect(await d.findByRole('alert')).toHaveTextContent('Contraseña actual incorrecta');
  });

  it('refuses the same email, then changes it and shows the new one', async () => {
    let sent: Record<string, unknown> = {};
    let verified = ROOT;
    mockApi(
      superAdminRoutes({
        'GET /api/auth/verify': () => sessionRoutes(verified)['GET /api/auth/verify'],
        'PATCH /api/super-admin/change-email': (init) => {
          sent = bodyOf(init);
          verified = { ...ROOT, email: 'ops@presente.test' };
          return mockAnswer(ownEmailAnswer, { data: { email: 'ops@presente.test' }, message: 'Email actualizado exitosamente' });
        },
      }),
    );
    const { user } = renderApp('/super-admin/settings');
    expect(await screen.findByTestId('current-email', {}, { timeout: 5000 })).toHaveValue('root@presente.test');
    await user.click(screen.getByRole('button', { name: 'Cambiar email' }));
    const d = within(await screen.findByRole('dialog', { name: 'Cambiar email' }));

    await user.type(d.getByLabelText(/^Nuevo email/), 'sin-arroba');
    await user.click(d.getByRole('button', { name: 'Actualizar email' }));
    expect(await d.findByText('Por favor ingrese un email válido')).toBeInTheDocument();

    await user.clear(d.getByLabelText(/^Nuevo email/));
    await user.type(d.getByLabelText(/^Nuevo email/), 'ROOT@presente.test');
    await user.click(d.getByRole('button', { name: 'Actualizar email' }));
    expect(await d.findByText('El nuevo email debe ser diferente al actual')).toBeInTheDocument();

    await user.clear(d.getByLabelText(/^Nuevo email/));
    await user.type(d.getByLabelText(/^Nuevo email/), 'ops@presente.test');
    await user.click(d.getByRole('button', { name: 'Actualizar email' }));
    expect(await screen.findByText('Email actualizado exitosamente')).toBeInTheDocument();
    expect(sent).toEqual({ newEmail: 'ops@presente.test' });
    await waitFor(() => expect(screen.getByTestId('current-email')).toHaveValue('ops@presente.test'));
  });
});
