import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AuthLayout } from './AuthLayout';

describe('AuthLayout', () => {
  it('puts the form in the main landmark, the logo and language switch in the banner', () => {
    render(
      <MantineProvider env="test">
        <MemoryRouter>
          <AuthLayout pageTitle="Iniciar sesión">
            <form aria-label="Iniciar sesión" />
          </AuthLayout>
        </MemoryRouter>
      </MantineProvider>,
    );
    expect(within(screen.getByRole('main')).getByRole('form', { name: 'Iniciar sesión' })).toBeInTheDocument();
    expect(screen.getAllByRole('banner')).toHaveLength(1);
  });
});
