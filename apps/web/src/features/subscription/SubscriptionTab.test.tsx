import { planCatalogue } from '@presente/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { type MockRoutes, mockApi, renderApp } from '../../test/renderApp';

const ADMIN = {
  id: 'u1',
  name: 'Rosa Mamani',
  email: 'rosa@andes.pe',
  role: 'COMPANY_ADMIN',
  userType: 'COMPANY_ADMIN',
  companyId: '7d0f1c9e-2a4b-4c1d-9e8f-0a1b2c3d4e5f',
};
const usage = (employees: number, limit: number) => ({
  employees: { used: employees, limit },
  schedules: { used: 1, limit: 1 },
  locations: { used: 0, limit: 1 },
  links: { used: 0, limit: 1 },
});
const SETTINGS = {
  id: ADMIN.companyId,
  name: 'Andes Textiles S.A.C.',
  plan: 'FREE',
  status: 'ACTIVE',
  currentEmployees: 3,
  maxEmployees: 5,
  timezone: 'America/Lima',
  locale: 'es-PE',
  usage: usage(3, 5),
};
const DETAILS = {
  subscription: {
    id: 'SIM-SUB-1',
    status: 'ACTIVE',
    plan_id: 'P-1',
    quantity: 20,
    billing_cycle: 'monthly',
    price_per_employee: 2.5,
    cancelled_at: null,
    billing_info: {
      next_billing_time: '2026-12-22T12:00:00.000Z',
      last_payment: { amount: { value: '50.00', currency_code: 'USD' }, time: '2026-11-22T12:00:00.000Z' },
      failed_payments_count: 0,
    },
  },
  company: { plan: 'PREMIUM', status: 'ACTIVE', maxEmployees: 20, nextBillingDate: '2026-12-22T12:00:00.000Z', accessUntil: null },
  mode: 'simulator',
};

function routes(mode: 'paypal' | 'simulator', extra: MockRoutes = {}): MockRoutes {
  return {
    'GET /api/auth/verify': { body: { data: { user: ADMIN } } },
    'GET /api/auth/company-config': { body: { data: { locale: 'es-PE', timezone: 'America/Lima' } } },
    'GET /api/company-admin-simple/tour/status': { body: { data: { hasCompletedTour: true, tourCompletedAt: null, shouldShowTour: false } } },
    'GET /api/company-admin-simple/company/settings': { body: { data: SETTINGS } },
    'GET /api/paypal/plans': { body: { data: planCatalogue({ pricePerEmployee: 2.5, mode, salesContactUrl: 'https://presente.pe/ventas' }) } },
    ...extra,
  };
}

const calls = (fetchMock: ReturnType<typeof mockApi>, path: string) =>
  fetchMock.mock.calls.filter(([url, init]) => String(url).includes(path) && init?.method === 'POST');

beforeAll(() => import('../dashboard/components/DashboardLayout'), 60_000);

describe('SubscriptionTab', () => {
  it("shows the test mode badge and the simulator's pay label, with the server price", async () => {
    mockApi(routes('simulator'));
    renderApp('/company-admin/subscription');
    expect(await screen.findByText('Modo de prueba')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continuar (modo de prueba)' })).toBeInTheDocument();
    expect(screen.getByText('2.50 USD por empleado al mes')).toBeInTheDocument();
    expect(screen.getByTestId('price-preview')).toHaveTextContent('5 empleados × 2.50 USD = 12.50 USD al mes');
  });

  it('checks the employee counter with the spec message (5..1000)', async () => {
    mockApi(routes('paypal'));
    const { user } = renderApp('/company-admin/subscription');
    const input = await screen.findByLabelText('Número de empleados');
    expect(screen.queryByText('Modo de prueba')).not.toBeInTheDocument();
    await user.clear(input);
    await user.click(input);
    await user.paste('2000');
    expect(await screen.findByText('Número de empleados debe estar entre 5 y 1000')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pagar con PayPal' })).toBeDisabled();
  });

  it('confirms the subscription when coming back with ?paypal=approved', async () => {
    const fetchMock = mockApi(
      routes('simulator', { 'POST /api/paypal/confirm-subscription': { body: { data: { success: true }, message: '¡Suscripción activada exitosamente!' } } }),
    );
    const { router } = renderApp('/company-admin/subscription?paypal=approved&subscription_id=SIM-SUB-1');
    expect(await screen.findByText('¡Suscripción activada exitosamente!')).toBeInTheDocument();
    const [call] = calls(fetchMock, '/api/paypal/confirm-subscription');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ subscriptionId: 'SIM-SUB-1', companyId: ADMIN.companyId });
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('asks before cancelling: No, mantener keeps it, Sí, cancelar cancels', async () => {
    const premium = { ...SETTINGS, plan: 'PREMIUM', currentEmployees: 12, maxEmployees: 20, usage: usage(12, 20) };
    const fetchMock = mockApi(
      routes('simulator', {
        'GET /api/company-admin-simple/company/settings': { body: { data: premium } },
        'GET /api/paypal/subscription-details': { body: { data: DETAILS } },
        'POST /api/paypal/cancel-subscription': {
          body: { data: { success: true, status: 'CANCELLED', accessUntil: '2026-12-22T12:00:00.000Z' }, message: 'Suscripción cancelada.' },
        },
      }),
    );
    const { user } = renderApp('/company-admin/subscription');
    expect(await screen.findByText('Activa')).toBeInTheDocument();
    expect(screen.getByText('22/12/2026')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Cancelar suscripción' }));
    let dialog = await screen.findByRole('dialog', { name: 'Cancelar suscripción' });
    expect(within(dialog).getByText(/Andes Textiles S.A.C./)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'No, mantener' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls(fetchMock, '/api/paypal/cancel-subscription')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Cancelar suscripción' }));
    dialog = await screen.findByRole('dialog', { name: 'Cancelar suscripción' });
    await user.click(within(dialog).getByRole('button', { name: 'Sí, cancelar' }));
    expect(await screen.findByText('Suscripción cancelada. Acceso hasta el 22/12/2026.')).toBeInTheDocument();
    expect(calls(fetchMock, '/api/paypal/cancel-subscription')).toHaveLength(1);
  });
});
