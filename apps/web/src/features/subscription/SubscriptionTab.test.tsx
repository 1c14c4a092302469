import {
  type BillingHistoryEntry,
  billingHistoryEntry,
  cancelSubscriptionAnswer,
  confirmSubscriptionAnswer,
  dataAnswer,
  pageAnswer,
  planCatalogue,
  planCatalogueAnswer,
  type SubscriptionDetails,
  subscriptionDetailsAnswer,
} from '@presente/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { mockAnswer, sessionRoutes } from '../../test/answers';
import { ADMIN as ROSA, tourAnswer, usage } from '../../test/companyAdmin';
import { type MockRoutes, mockApi, renderApp } from '../../test/renderApp';

const COMPANY_ID = '7d0f1c9e-2a4b-4c1d-9e8f-0a1b2c3d4e5f';
const ADMIN = { ...ROSA, companyId: COMPANY_ID };
const company = { id: COMPANY_ID, name: 'Andes Textiles S.A.C.' };
/** GET /company/settings of a FREE company with 3 of its 5 employees, and of a PREMIUM one with 12 of 20. */
const SETTINGS = usage([3, 5], [1, 1], 'FREE', { used: 0, limit: 1 }, company);
const PREMIUM_SETTINGS = usage([12, 20], [1, 1], 'PREMIUM', { used: 0, limit: 1 }, company);

/** GET /paypal/subscription-details through its declared answer. */
const details = (data: SubscriptionDetails) => mockAnswer(dataAnswer(subscriptionDetailsAnswer), { data });
const SUBSCRIPTION: NonNullable<SubscriptionDetails['subscription']> = {
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
};
const DETAILS: SubscriptionDetails = {
  subscription: SUBSCRIPTION,
  company: {
    plan: 'PREMIUM',
    status: 'ACTIVE',
    maxEmployees: 20,
    nextBillingDate: '2026-12-22T12:00:00.000Z',
    accessUntil: null,
    graceEndsAt: null,
    downgradedAt: null,
    deletionAt: null,
    timezone: 'America/Lima',
  },
  mode: 'simulator',
};
const ENTRIES: BillingHistoryEntry[] = [
  {
    id: 'h2',
    timestamp: '2026-11-22T12:00:00.000Z',
    event: 'payment_completed',
    title: 'Pago de suscripción recibido',
    employeeCount: 20,
    amount: '50.00',
    currency: 'USD',
  },
  {
    id: 'h1',
    timestamp: '2026-11-01T02:00:00.000Z',
    event: 'activated',
    title: 'Suscripción Premium activada',
    employeeCount: 20,
    amount: null,
    currency: null,
  },
];
/** GET /paypal/history: the first page of 12 entries. */
const HISTORY = mockAnswer(pageAnswer(billingHistoryEntry), { data: ENTRIES, pagination: { page: 1, limit: 10, total: 12, pages: 2, totalPages: 2 } });

function routes(mode: 'paypal' | 'simulator' | 'off', extra: MockRoutes = {}): MockRoutes {
  return {
    ...sessionRoutes(ADMIN),
    'GET /api/company-admin-simple/tour/status': tourAnswer(),
    'GET /api/company-admin-simple/company/settings': SETTINGS,
    'GET /api/paypal/plans': mockAnswer(dataAnswer(planCatalogueAnswer), {
      data: planCatalogue({ pricePerEmployee: 2.5, mode, salesContactUrl: 'https://presente.pe/ventas' }),
    }),
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
    // The customer gets a neutral note; setting up PayPal is the operator's job (the super admin's system card says it).
    expect(screen.getByText('Este entorno está en modo de prueba: los pagos son simulados y no se cobra nada.')).toBeInTheDocument();
    expect(screen.queryByText(/Configura PayPal/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continuar (modo de prueba)' })).toBeInTheDocument();
    expect(screen.getByText('2.50 USD por empleado al mes')).toBeInTheDocument();
    expect(screen.getByTestId('price-preview')).toHaveTextContent('5 empleados × 2.50 USD = 12.50 USD al mes');
  });

  it('a Free company without a subscription: the details answer subscription null (200) and the tab shows the plans', async () => {
    const none: SubscriptionDetails = { subscription: null, company: { ...DETAILS.company, plan: 'FREE', nextBillingDate: null }, mode: 'simulator' };
    const fetchMock = mockApi(routes('simulator', { 'GET /api/paypal/subscription-details': details(none) }));
    renderApp('/company-admin/subscription');
    expect(await screen.findByRole('button', { name: 'Continuar (modo de prueba)' })).toBeInTheDocument();
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/subscription-details'))).toBe(true));
    expect(screen.queryByText(/deuda|Pago pendiente/i)).not.toBeInTheDocument();
    expect(screen.getByText('Modo de prueba')).toBeInTheDocument();
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
      routes('simulator', {
        'POST /api/paypal/confirm-subscription': mockAnswer(dataAnswer(confirmSubscriptionAnswer), {
          data: { success: true, plan: 'PREMIUM', maxEmployees: 10, subscriptionId: 'SIM-SUB-1' },
          message: '¡Suscripción activada exitosamente!',
        }),
      }),
    );
    const { router } = renderApp('/company-admin/subscription?paypal=approved&subscription_id=SIM-SUB-1');
    expect(await screen.findByText('¡Suscripción activada exitosamente!')).toBeInTheDocument();
    const [call] = calls(fetchMock, '/api/paypal/confirm-subscription');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ subscriptionId: 'SIM-SUB-1', companyId: ADMIN.companyId });
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('asks before cancelling: No, mantener keeps it, Sí, cancelar cancels', async () => {
    const fetchMock = mockApi(
      routes('simulator', {
        'GET /api/company-admin-simple/company/settings': PREMIUM_SETTINGS,
        'GET /api/paypal/subscription-details': details(DETAILS),
        'POST /api/paypal/cancel-subscription': mockAnswer(dataAnswer(cancelSubscriptionAnswer), {
          data: { success: true, status: 'CANCELLED', accessUntil: '2026-12-22T12:00:00.000Z' },
          message: 'Suscripción cancelada.',
        }),
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

  it('while the payment is retried (SUSPENDED) says until when Premium lasts, in the company timezone', async () => {
    const suspended: SubscriptionDetails = {
      ...DETAILS,
      subscription: { ...SUBSCRIPTION, status: 'SUSPENDED', billing_info: { ...SUBSCRIPTION.billing_info, failed_payments_count: 1 } },
      // 03:00 UTC is still the 30th in Lima: the browser's timezone would say the 1st.
      company: { ...DETAILS.company, status: 'SUSPENDED', graceEndsAt: '2026-12-01T03:00:00.000Z', deletionAt: '2026-12-24T03:00:00.000Z' },
    };
    mockApi(
      routes('paypal', {
        'GET /api/company-admin-simple/company/settings': PREMIUM_SETTINGS,
        'GET /api/paypal/subscription-details': details(suspended),
      }),
    );
    renderApp('/company-admin/subscription');
    expect(await screen.findByText('Premium hasta el 30/11/2026 mientras se reintenta el pago')).toBeInTheDocument();
    expect(screen.getByText(/sus datos se eliminarán el 23\/12\/2026/)).toBeInTheDocument();
    expect(screen.getByText('Suspendida, pago pendiente')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancelar suscripción' })).not.toBeInTheDocument();
  });

  it('an approved increase says from when its seats are usable (the next billing date, when PayPal charges them), before and after asking', async () => {
    const approved: SubscriptionDetails = {
      ...DETAILS,
      // 03:00 UTC on the 23rd is still the 22nd in Lima.
      subscription: { ...SUBSCRIPTION, pending_revision: { employee_count: 25, effective_from: '2026-12-23T03:00:00.000Z' } },
    };
    mockApi(
      routes('paypal', {
        'GET /api/company-admin-simple/company/settings': PREMIUM_SETTINGS,
        'GET /api/paypal/subscription-details': details(approved),
        'GET /api/paypal/history': HISTORY,
      }),
    );
    renderApp('/company-admin/subscription');
    expect(
      await screen.findByText(
        'La ampliación a 25 empleados está aprobada: PayPal la cobra el 22/12/2026 (próximo cobro) y desde ese pago podrás tener 25 empleados activos.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Empleados contratados').nextSibling).toHaveTextContent('20');
    screen.getByRole('button', { name: 'Gestionar suscripción' }).click();
    const dialog = await screen.findByRole('dialog', { name: 'Gestionar suscripción' });
    expect(
      within(dialog).getByText(
        'Los empleados adicionales se cobran y quedan disponibles desde el próximo cobro (22/12/2026): PayPal no cobra la diferencia del periodo en curso, así que hasta entonces sigues con 20.',
      ),
    ).toBeInTheDocument();
  });

  it('after the downgrade to FREE the arrears stay on screen: failed payments and the deletion day, with the way back to Premium', async () => {
    const downgraded: SubscriptionDetails = {
      ...DETAILS,
      subscription: { ...SUBSCRIPTION, status: 'SUSPENDED', billing_info: { ...SUBSCRIPTION.billing_info, failed_payments_count: 3 } },
      company: {
        ...DETAILS.company,
        plan: 'FREE',
        status: 'SUSPENDED',
        maxEmployees: 5,
        graceEndsAt: '2026-12-01T15:00:00.000Z',
        downgradedAt: '2026-12-01T15:10:00.000Z',
        deletionAt: '2026-12-24T15:00:00.000Z',
      },
    };
    mockApi(routes('simulator', { 'GET /api/paypal/subscription-details': details(downgraded) }));
    renderApp('/company-admin/subscription');
    const card = await screen.findByTestId('arrears-card');
    expect(within(card).getByText('Pago pendiente')).toBeInTheDocument();
    expect(within(card).getByText('Pagos fallidos: 3')).toBeInTheDocument();
    expect(within(card).getByText('Tus datos se eliminarán el 24/12/2026 si no regularizas el pago.')).toBeInTheDocument();
    expect(within(card).getByText(/desde el 01\/12\/2026 la empresa tiene los límites del plan Gratis/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continuar (modo de prueba)' })).toBeInTheDocument();
  });

  it('after a cancellation says until when access lasts and when the data is deleted', async () => {
    const cancelled: SubscriptionDetails = {
      ...DETAILS,
      subscription: { ...SUBSCRIPTION, status: 'CANCELLED', cancelled_at: '2026-12-02T12:00:00.000Z' },
      company: { ...DETAILS.company, nextBillingDate: null, accessUntil: '2026-12-22T12:00:00.000Z', deletionAt: '2027-01-21T12:00:00.000Z' },
    };
    mockApi(
      routes('simulator', {
        'GET /api/company-admin-simple/company/settings': PREMIUM_SETTINGS,
        'GET /api/paypal/subscription-details': details(cancelled),
      }),
    );
    renderApp('/company-admin/subscription');
    expect(
      await screen.findByText('Mantienes Premium hasta el 22/12/2026. Luego la cuenta se desactiva y los datos se conservan 30 días.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Tus datos se eliminarán el 21/01/2027.')).toBeInTheDocument();
    expect(screen.getByText('Para reactivar la suscripción contacta a soporte.')).toBeInTheDocument();
  });

  it('shows the billing history (date in the company timezone, event, amount) and pages it', async () => {
    const fetchMock = mockApi(
      routes('simulator', {
        'GET /api/company-admin-simple/company/settings': PREMIUM_SETTINGS,
        'GET /api/paypal/subscription-details': details(DETAILS),
        'GET /api/paypal/history': HISTORY,
      }),
    );
    const { user } = renderApp('/company-admin/subscription');
    const table = await screen.findByRole('table', { name: 'Historial de facturación' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('22/11/2026Pago de suscripción recibido50.00 USD');
    // 02:00 UTC on the 1st is the 31st of October in Lima.
    expect(rows[2]).toHaveTextContent('31/10/2026Suscripción Premium activada—');
    await user.click(screen.getByRole('button', { name: /página 2|page 2/i }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/api/paypal/history?page=2&limit=10'))).toBe(true));
  });

  it("says 'Pago cancelado' when the buyer cancels a revision on PayPal's page", async () => {
    const fetchMock = mockApi(
      routes('paypal', {
        'GET /api/company-admin-simple/company/settings': PREMIUM_SETTINGS,
        'GET /api/paypal/subscription-details': details(DETAILS),
      }),
    );
    const { router } = renderApp('/company-admin/subscription?paypal=revision-cancelled&revisionId=8a3c1d2e-0000-4000-8000-000000000001&token=EC-1');
    expect(await screen.findByText('Pago cancelado')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(calls(fetchMock, '/api/paypal/confirm-revision')).toHaveLength(0);
  });

  it('with payments off (BILLING_MODE=off) hides the upgrade and points to sales', async () => {
    mockApi(routes('off'));
    renderApp('/company-admin/subscription');
    expect(await screen.findByText('Pagos en línea no disponibles')).toBeInTheDocument();
    expect(screen.queryByLabelText('Número de empleados')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Pagar con PayPal|modo de prueba/ })).not.toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Contactar a ventas' }).length).toBeGreaterThan(0);
  });
});
