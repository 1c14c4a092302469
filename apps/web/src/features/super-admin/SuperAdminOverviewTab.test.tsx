import { dataAnswer, type SuperAdminDashboard, superAdminDashboard } from '@presente/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockAnswer, mockServerError } from '../../test/answers';
import { mockApi, renderApp } from '../../test/renderApp';
import { DASHBOARD, superAdminRoutes } from './test/fixtures';

const dashboard = (data: SuperAdminDashboard) => mockAnswer(dataAnswer(superAdminDashboard), { data });

describe('SuperAdminOverviewTab', { timeout: 30_000 }, () => {
  it('shows the four platform totals and the system status as the API reports it', async () => {
    mockApi(superAdminRoutes({ 'GET /api/super-admin/dashboard': dashboard(DASHBOARD) }));
    renderApp('/super-admin');
    expect(await screen.findByText('Total de empresas', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(await screen.findByText('12')).toBeInTheDocument();
    expect(screen.getByText('40')).toBeInTheDocument();
    expect(screen.getByText('30')).toBeInTheDocument();
    expect(screen.getByText('75% de los empleados')).toBeInTheDocument();
    expect(screen.getByTestId('system-database')).toHaveTextContent('Conectada');
    expect(screen.getByTestId('system-api')).toHaveTextContent('Funcionando');
    expect(screen.getByTestId('system-storage')).toHaveTextContent('Configurado');
    expect(screen.getByTestId('system-face')).toHaveTextContent('No cargado');
    // The simulator lets anyone activate Premium without paying: the operator must see it.
    expect(screen.getByTestId('system-payments')).toHaveTextContent('Modo de prueba');
    expect(screen.getByText(/cualquier administrador puede activar Premium sin pagar/)).toBeInTheDocument();
    // "Actualizado a las" in 24-hour time with its zone, never "p. m." (walk-through finding 18).
    const updated = screen.getByText(/Actualizado a las/);
    expect(updated.textContent).toMatch(/Actualizado a las ([01]\d|2[0-3]):[0-5]\d (GMT|UTC|[A-Z]{3})/);
    expect(updated.textContent).not.toMatch(/[ap]\. ?m\./i);
  });

  it('names the PayPal environment that takes the payments', async () => {
    for (const [payments, label] of [
      ['paypal_sandbox', 'PayPal sandbox'],
      ['paypal_live', 'PayPal en vivo'],
      ['off', 'Desactivados'],
    ] as const) {
      mockApi(superAdminRoutes({ 'GET /api/super-admin/dashboard': dashboard({ ...DASHBOARD, system: { ...DASHBOARD.system, payments } }) }));
      const { unmount } = renderApp('/super-admin');
      expect(await screen.findByTestId('system-payments', {}, { timeout: 5000 })).toHaveTextContent(label);
      unmount();
    }
  });

  it("shows 'Error al cargar las estadísticas del dashboard' and retries", async () => {
    let calls = 0;
    mockApi(
      superAdminRoutes({
        'GET /api/super-admin/dashboard': () => {
          calls += 1;
          return calls === 1 ? mockServerError() : dashboard(DASHBOARD);
        },
      }),
    );
    const { user } = renderApp('/super-admin');
    expect(await screen.findByText('Error al cargar las estadísticas del dashboard', {}, { timeout: 5000 })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByTestId('system-face')).toHaveTextContent('No cargado');
  });
});
