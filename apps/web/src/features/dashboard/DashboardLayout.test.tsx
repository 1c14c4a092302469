import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderApp } from '../../test/renderApp';

const ADMIN = { id: 'u9', name: 'Rosa Mamani', email: 'rosa@andes.pe', role: 'COMPANY_ADMIN', userType: 'COMPANY_ADMIN', companyId: 'c9' };

function routes() {
  return {
    'GET /api/auth/verify': { body: { data: { user: ADMIN } } },
    'GET /api/auth/company-config': { body: { data: { locale: 'es-PE', timezone: 'America/Lima' } } },
  };
}

describe('DashboardLayout', () => {
  it('shows the tab title, the version label and the company timezone on the overview', async () => {
    mockApi(routes());
    renderApp('/company-admin');
    const header = await screen.findByRole('banner');
    expect(within(header).getByRole('heading', { name: 'Resumen' })).toBeInTheDocument();
    expect(screen.getAllByText('v2.1.0').length).toBeGreaterThan(0);
    expect(await screen.findByText('America/Lima')).toBeInTheDocument();
    expect(screen.getByText('rosa@andes.pe')).toBeInTheDocument();
    expect(screen.getByText(/Rosa$/)).toBeInTheDocument();
  });

  it('moves between tabs through the URL and the user menu', async () => {
    mockApi(routes());
    const { user, router } = renderApp('/company-admin');
    await user.click(await screen.findByRole('button', { name: 'Menú de usuario' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Configuración' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/company-admin/settings'));
    expect(await screen.findByDisplayValue('rosa@andes.pe')).toBeInTheDocument();
    expect(screen.getByDisplayValue('Administrador de empresa')).toBeInTheDocument();
  });

  it('switches the whole dashboard to English from the header', async () => {
    mockApi(routes());
    const { user } = renderApp('/company-admin/settings');
    const header = await screen.findByRole('banner');
    expect(within(header).getByRole('heading', { name: 'Configuración' })).toBeInTheDocument();

    await user.click(within(header).getByText('EN'));

    expect(await within(header).findByRole('heading', { name: 'Settings' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Account information' })).toBeInTheDocument();
    expect(screen.getByDisplayValue('Company administrator')).toBeInTheDocument();
    expect(localStorage.getItem('language')).toBe('en');
  });

  it('redirects an unknown tab to the overview', async () => {
    mockApi(routes());
    const { router } = renderApp('/company-admin/nope');
    await waitFor(() => expect(router.state.location.pathname).toBe('/company-admin'));
  });
});
