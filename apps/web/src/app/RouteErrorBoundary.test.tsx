import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, renderApp, UNAUTHENTICATED } from '../test/renderApp';

// The not-found page's chunk is gone (a deploy replaced it, or the connection dropped while it loaded).
vi.mock('../features/errors/NotFoundPage', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

describe('a page whose chunk cannot load', () => {
  it('says so and offers a reload instead of an empty window', async () => {
    mockApi({ 'GET /api/auth/session': UNAUTHENTICATED });
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = renderApp('/no-such-page');
    expect(await screen.findByRole('heading', { name: 'No se pudo cargar esta página' })).toBeInTheDocument();
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    await user.click(screen.getByRole('button', { name: 'Recargar página' }));
    expect(reload).toHaveBeenCalledOnce();
    errors.mockRestore();
  });
});
