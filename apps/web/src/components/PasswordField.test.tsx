import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PasswordField } from './PasswordField';

describe('PasswordField', () => {
  it('lets the keyboard reach the show/hide toggle with Tab', async () => {
    const user = userEvent.setup();
    render(
      <MantineProvider env="test">
        <PasswordField label="Contraseña" />
        <button type="button">Iniciar sesión</button>
      </MantineProvider>,
    );
    await user.click(screen.getByLabelText('Contraseña'));
    await user.tab();
    const toggle = screen.getByRole('button', { name: 'Mostrar contraseña' });
    expect(toggle).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Ocultar contraseña' })).toBeInTheDocument();
  });
});
