import { Drawer, Modal } from '@mantine/core';
import { QueryClient } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TimeField } from '../features/schedules/components/TimeField';
import i18n from '../lib/i18n';
import { AppProviders } from './AppProviders';

function renderInApp(ui: React.ReactNode) {
  return render(
    <AppProviders queryClient={new QueryClient()} env="test">
      {ui}
    </AppProviders>,
  );
}

describe('icon buttons Mantine draws get a name in the reader’s language', () => {
  afterEach(async () => {
    await act(() => i18n.changeLanguage('es'));
  });

  it('names a modal’s close button and keeps its header out of the banner landmark', async () => {
    await act(() => i18n.changeLanguage('es'));
    renderInApp(
      <Modal opened onClose={() => {}} title="Nuevo empleado">
        cuerpo
      </Modal>,
    );
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('button', { name: 'Cerrar diálogo' })).toBeInTheDocument();
    expect(dialog.querySelector('header')).toBeNull();
    expect(screen.queryByRole('banner')).toBeNull();

    await act(() => i18n.changeLanguage('en'));
    expect(within(dialog).getByRole('button', { name: 'Close dialog' })).toBeInTheDocument();
  });

  it('names a drawer’s close button', async () => {
    renderInApp(
      <Drawer opened onClose={() => {}} title="Menú">
        enlaces
      </Drawer>,
    );
    expect(await screen.findByRole('button', { name: 'Cerrar diálogo' })).toBeInTheDocument();
  });

  it('names the time picker’s clear button', async () => {
    renderInApp(<TimeField label="Entrada" value="08:00" clearable onChange={() => {}} />);
    expect(await screen.findByRole('button', { name: 'Borrar' })).toBeInTheDocument();
  });
});
