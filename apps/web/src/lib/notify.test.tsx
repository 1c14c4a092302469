import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderApp, UNAUTHENTICATED } from '../test/renderApp';
import { notify } from './notify';

const matchMedia = window.matchMedia;
afterEach(() => {
  window.matchMedia = matchMedia;
});

function phoneScreen() {
  window.matchMedia = vi.fn((query: string) => ({ ...matchMedia(query), matches: query.includes('max-width: 47.99em') }));
}

describe('toasts', () => {
  it('appear at the bottom right on a desktop, away from the header buttons', async () => {
    mockApi({ 'GET /api/auth/verify': UNAUTHENTICATED });
    renderApp('/');
    notify.success('Empleado creado exitosamente');
    const toast = await screen.findByText('Empleado creado exitosamente');
    expect(toast.closest('[data-position]')).toHaveAttribute('data-position', 'bottom-right');
  });

  it('appear at the bottom centre on a phone', async () => {
    phoneScreen();
    mockApi({ 'GET /api/auth/verify': UNAUTHENTICATED });
    renderApp('/');
    notify.success('Reporte exportado');
    const toast = await screen.findByText('Reporte exportado');
    expect(toast.closest('[data-position]')).toHaveAttribute('data-position', 'bottom-center');
  });
});
