import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderApp, UNAUTHENTICATED } from '../../test/renderApp';

describe('NotFoundPage', () => {
  it('answers unknown routes with a 404 page and a way home', async () => {
    mockApi({ 'GET /api/auth/verify': UNAUTHENTICATED });
    renderApp('/does-not-exist');
    expect(await screen.findByRole('heading', { name: 'Página no encontrada' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver al inicio' })).toHaveAttribute('href', '/');
  });
});
