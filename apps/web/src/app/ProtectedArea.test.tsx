import { companyConfig, dataAnswer, messageAnswer, type SessionUser, signedInAnswer } from '@presente/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockAnswer } from '../test/answers';
import { type MockResponse, mockApi, renderApp, UNAUTHENTICATED } from '../test/renderApp';

const LIMA = { locale: 'es-PE', timezone: 'America/Lima' };
const CONFIG = mockAnswer(dataAnswer(companyConfig), { data: LIMA });

function userOf(role: SessionUser['role'], extra: Partial<SessionUser> = {}): SessionUser {
  return { id: 'u1', userId: 'u1', name: 'Luis Quispe', email: 'luis@acme.pe', role, userType: role, companyId: 'c1', ...extra };
}
const session = (role: SessionUser['role'], extra?: Partial<SessionUser>): MockResponse =>
  mockAnswer(dataAnswer(signedInAnswer), { data: { user: userOf(role, extra), companyConfig: LIMA } });

describe('ProtectedArea', () => {
  it("shows 'Verificando autenticación...' while verifying, then sends visitors to /login", async () => {
    let answer: (value: MockResponse) => void = () => {};
    mockApi({
      'GET /api/auth/verify': () =>
        new Promise<MockResponse>((resolve) => {
          answer = resolve;
        }),
    });
    const { router } = renderApp('/company-admin');

    expect(await screen.findByText('Verificando autenticación...')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/company-admin');

    answer(UNAUTHENTICATED);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByRole('heading', { name: 'Iniciar sesión' })).toBeInTheDocument();
    expect(screen.queryByText('Verificando autenticación...')).not.toBeInTheDocument();
  });

  it('sends a user of another role to their own area', async () => {
    mockApi({ 'GET /api/auth/verify': session('EMPLOYEE'), 'GET /api/auth/company-config': CONFIG });
    const { router } = renderApp('/company-admin/settings');

    await waitFor(() => expect(router.state.location.pathname).toBe('/employee'));
    const header = await screen.findByRole('banner');
    expect(within(header).getByRole('heading', { name: 'Resumen' })).toBeInTheDocument();
    expect(await screen.findByText('luis@acme.pe')).toBeInTheDocument();
    expect(screen.getAllByText('Empleado').length).toBeGreaterThan(0);
  });

  it('opens the tab named in the URL and keeps it on reload', async () => {
    mockApi({ 'GET /api/auth/verify': session('SUPER_ADMIN', { companyId: null }), 'GET /api/auth/company-config': CONFIG });
    const { router } = renderApp('/super-admin/settings');

    expect(await screen.findByRole('heading', { name: 'Información de la cuenta' })).toBeInTheDocument();
    expect(screen.getByDisplayValue('luis@acme.pe')).toBeInTheDocument();
    expect(screen.getByDisplayValue('Super administrador')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/super-admin/settings');
  });

  it('hides company settings from an admin without a company and redirects unknown tabs to the overview', async () => {
    mockApi({ 'GET /api/auth/verify': session('COMPANY_ADMIN', { companyId: null }), 'GET /api/auth/company-config': CONFIG });
    const { router } = renderApp('/company-admin/settings');

    await waitFor(() => expect(router.state.location.pathname).toBe('/company-admin'));
    expect(await screen.findByRole('link', { name: 'Resumen' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Configuración' })).not.toBeInTheDocument();
  });

  it('sends a logged-in user away from /login to their area', async () => {
    mockApi({ 'GET /api/auth/verify': session('COMPANY_ADMIN'), 'GET /api/auth/company-config': CONFIG });
    const { router } = renderApp('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/company-admin'));
  });

  it('clears the session and goes to /login when any other call answers 401', async () => {
    // The verify answer carries the company config, so the overview's own call is the one that finds the session gone.
    mockApi({ 'GET /api/auth/verify': session('COMPANY_ADMIN'), 'GET /api/company-admin-simple/dashboard': UNAUTHENTICATED });
    const { router, queryClient } = renderApp('/company-admin');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(queryClient.getQueryData(['auth', 'session'])).toBeNull();
  });

  it('logs out from the user menu', async () => {
    const fetchMock = mockApi({
      'GET /api/auth/verify': session('EMPLOYEE'),
      'GET /api/auth/company-config': CONFIG,
      'POST /api/auth/logout': mockAnswer(messageAnswer, { message: 'Sesión cerrada' }),
    });
    const { user, router } = renderApp('/employee');
    await user.click(await screen.findByRole('button', { name: /Menú de usuario/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Cerrar Sesión' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(fetchMock.mock.calls.some(([url, init]) => String(url).endsWith('/auth/logout') && init?.method === 'POST')).toBe(true);
  });
});
