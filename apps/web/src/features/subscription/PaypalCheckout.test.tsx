import { confirmSubscriptionAnswer, createPlanAnswer, dataAnswer, planCatalogue, planCatalogueAnswer } from '@presente/shared';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mockAnswer, mockRefusal, sessionRoutes } from '../../test/answers';
import { ADMIN as ROSA, tourAnswer, usage } from '../../test/companyAdmin';
import { type MockRoutes, mockApi, renderApp } from '../../test/renderApp';
import { type PaypalButtonsOptions, paypalSdkUrl } from './paypal-sdk';

const COMPANY_ID = '7d0f1c9e-2a4b-4c1d-9e8f-0a1b2c3d4e5f';
const ADMIN = { ...ROSA, companyId: COMPANY_ID };
/** A FREE company at its 5 employees. */
const SETTINGS = usage([5, 5], [1, 1], 'FREE', { used: 0, limit: 1 }, { id: COMPANY_ID, name: 'Andes Textiles S.A.C.' });
const CLIENT_ID = 'AbC-sandbox-client';

function routes(extra: MockRoutes = {}): MockRoutes {
  return {
    ...sessionRoutes(ADMIN),
    'GET /api/company-admin-simple/tour/status': tourAnswer(),
    'GET /api/company-admin-simple/company/settings': SETTINGS,
    'GET /api/paypal/plans': mockAnswer(dataAnswer(planCatalogueAnswer), {
      data: planCatalogue({ pricePerEmployee: 2.5, mode: 'paypal', salesContactUrl: null, paypalClientId: CLIENT_ID }),
    }),
    ...extra,
  };
}

/**
 * The browser side of a <script> tag: the test decides whether each PayPal SDK script the page
 * inserts loads (defining window.paypal, as the real SDK does) or fails like a network error.
 */
function browserScripts(outcome: (n: number) => 'error' | 'load' | 'load-empty') {
  const seen: HTMLScriptElement[] = [];
  const observer = new MutationObserver((records) => {
    for (const record of records)
      for (const node of record.addedNodes) {
        if (!(node instanceof HTMLScriptElement) || !node.src.includes('paypal.com/sdk/js')) continue;
        seen.push(node);
        const result = outcome(seen.length);
        if (result === 'load') window.paypal = fakePaypal;
        queueMicrotask(() => node.dispatchEvent(new Event(result === 'error' ? 'error' : 'load')));
      }
  });
  observer.observe(document.head, { childList: true });
  return { seen, stop: () => observer.disconnect() };
}

/**
 * A stand-in for PayPal's window.paypal: Buttons draws one button per funding source (as PayPal's
 * standalone buttons do); every method is eligible unless the test says otherwise. The test plays the buyer.
 */
let rendered: PaypalButtonsOptions[] = [];
let ineligible: string[] = [];
const LABELS: Record<string, string> = { paypal: 'PayPal Suscribirse', card: 'Tarjeta de débito o crédito', paylater: 'Paga después', venmo: 'Venmo' };
const fakePaypal = {
  FUNDING: { PAYPAL: 'paypal', CARD: 'card', PAYLATER: 'paylater', VENMO: 'venmo', CREDIT: 'credit' },
  Buttons(options: PaypalButtonsOptions) {
    return {
      isEligible: () => !ineligible.includes(options.fundingSource ?? ''),
      render: async (container: HTMLElement) => {
        rendered.push(options);
        const button = document.createElement('button');
        button.textContent = LABELS[options.fundingSource ?? 'paypal'];
        container.appendChild(button);
      },
      close: () => undefined,
    };
  },
};

const posts = (fetchMock: ReturnType<typeof mockApi>, path: string) =>
  fetchMock.mock.calls.filter(([url, init]) => String(url).includes(path) && init?.method === 'POST').map(([, init]) => JSON.parse(String(init?.body)));

beforeAll(() => import('../dashboard/components/DashboardLayout'), 60_000);
let scripts: ReturnType<typeof browserScripts> | undefined;
beforeEach(() => {
  rendered = [];
  ineligible = [];
  delete window.paypal;
});
afterEach(() => {
  scripts?.stop();
  for (const s of document.querySelectorAll('script[data-paypal-sdk]')) s.remove();
  delete window.paypal;
});

describe('PayPal buttons (real PayPal configured)', () => {
  it('loads the SDK for subscriptions with only PayPal balance and card (spec §4): the other methods are disabled', () => {
    const url = new URL(paypalSdkUrl(CLIENT_ID));
    expect(url.origin + url.pathname).toBe('https://www.paypal.com/sdk/js');
    expect(url.searchParams.get('client-id')).toBe(CLIENT_ID);
    expect(url.searchParams.get('intent')).toBe('subscription');
    expect(url.searchParams.get('vault')).toBe('true');
    expect(url.searchParams.get('enable-funding')).toBe('card');
    expect(url.searchParams.get('disable-funding')?.split(',')).toEqual(expect.arrayContaining(['paylater', 'credit', 'venmo', 'sepa']));
    expect(url.searchParams.get('disable-funding')).not.toMatch(/card|paypal/);
  });

  it('draws one PayPal button and one card button, nothing else; a method PayPal does not offer this buyer is left out', async () => {
    scripts = browserScripts(() => 'load');
    mockApi(routes());
    renderApp('/company-admin/subscription');
    expect(await screen.findByText('PayPal Suscribirse')).toBeInTheDocument();
    expect(await screen.findByText('Tarjeta de débito o crédito')).toBeInTheDocument();
    expect(rendered.map((o) => o.fundingSource)).toEqual(['paypal', 'card']);
    expect(screen.queryByText('Paga después')).not.toBeInTheDocument();
    expect(screen.queryByText('Venmo')).not.toBeInTheDocument();
  });

  it('without card eligibility only the PayPal button is drawn', async () => {
    ineligible = ['card'];
    scripts = browserScripts(() => 'load');
    mockApi(routes());
    renderApp('/company-admin/subscription');
    expect(await screen.findByText('PayPal Suscribirse')).toBeInTheDocument();
    expect(rendered.map((o) => o.fundingSource)).toEqual(['paypal']);
    expect(screen.queryByText('Tarjeta de débito o crédito')).not.toBeInTheDocument();
  });

  it('retries the SDK 3 times every 2 s, then shows the error with a reload button that starts again', async () => {
    let failing = true;
    scripts = browserScripts(() => (failing ? 'error' : 'load'));
    mockApi(routes());
    const { user } = renderApp('/company-admin/subscription');
    expect(await screen.findByText('Cargando PayPal…')).toBeInTheDocument();
    const started = Date.now();
    expect(await screen.findByText('Error al cargar PayPal', {}, { timeout: 10_000 })).toBeInTheDocument();
    // One attempt and 3 retries, 2 s apart.
    expect(scripts.seen).toHaveLength(4);
    expect(Date.now() - started).toBeGreaterThanOrEqual(3 * 2000 - 100);
    expect(new URL(scripts.seen[0].src).searchParams.get('client-id')).toBe(CLIENT_ID);
    expect(scripts.seen[0].src).toContain('vault=true');
    expect(scripts.seen[0].src).toContain('intent=subscription');
    // Only the last script stays in the page.
    expect(document.querySelectorAll('script[data-paypal-sdk]')).toHaveLength(1);
    expect(screen.queryByText('PayPal Suscribirse')).not.toBeInTheDocument();

    failing = false;
    await user.click(screen.getByRole('button', { name: 'Recargar' }));
    expect(await screen.findByText('PayPal Suscribirse')).toBeInTheDocument();
    expect(scripts.seen).toHaveLength(5);
    expect(screen.queryByText('Error al cargar PayPal')).not.toBeInTheDocument();
  }, 20_000);

  it('says the SDK is unavailable when the script loads without window.paypal', async () => {
    // The script loads but defines nothing (e.g. blocked by an extension).
    scripts = browserScripts(() => 'load-empty');
    mockApi(routes());
    renderApp('/company-admin/subscription');
    expect(await screen.findByText('SDK de PayPal no disponible', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Recargar' })).toBeInTheDocument();
    expect(scripts.seen).toHaveLength(4);
  }, 20_000);

  it('creates the subscription on our server with the chosen count and confirms it on approval', async () => {
    scripts = browserScripts(() => 'load');
    const fetchMock = mockApi(
      routes({
        'POST /api/paypal/create-plan': mockAnswer(dataAnswer(createPlanAnswer), {
          data: {
            success: true,
            planId: 'P-5UX',
            subscriptionId: 'I-SUB123',
            approvalUrl: 'https://www.sandbox.paypal.com/webapps/billing',
            pricing: {
              employeeCount: 10,
              pricePerEmployee: 2.5,
              billingCycle: 'monthly',
              pricePerEmployeePerPeriod: '2.50',
              subtotal: '25.00',
              total: '25.00',
              currency: 'USD',
            },
            mode: 'paypal',
          },
          message: 'Plan creado exitosamente',
        }),
        'POST /api/paypal/confirm-subscription': mockAnswer(dataAnswer(confirmSubscriptionAnswer), {
          data: { success: true, plan: 'PREMIUM', maxEmployees: 10, subscriptionId: 'I-SUB123' },
          message: '¡Suscripción activada exitosamente!',
        }),
      }),
    );
    const { user } = renderApp('/company-admin/subscription');
    expect(await screen.findByText('PayPal Suscribirse')).toBeInTheDocument();
    expect(screen.queryByText('Modo de prueba')).not.toBeInTheDocument();
    const input = screen.getByLabelText('Número de empleados');
    await user.clear(input);
    await user.type(input, '10');
    expect(screen.getByTestId('price-preview')).toHaveTextContent('10 empleados × 2.50 USD = 25.00 USD al mes');

    // The buyer clicks PayPal's button: PayPal asks for the subscription id, then reports the approval.
    const [options] = rendered;
    await expect(options.createSubscription({}, {})).resolves.toBe('I-SUB123');
    expect(posts(fetchMock, '/api/paypal/create-plan')).toEqual([
      { companyId: COMPANY_ID, companyName: 'Andes Textiles S.A.C.', employeeCount: 10, billingCycle: 'monthly' },
    ]);
    await options.onApprove({ subscriptionID: 'I-SUB123' });
    expect(posts(fetchMock, '/api/paypal/confirm-subscription')).toEqual([{ subscriptionId: 'I-SUB123', companyId: COMPANY_ID, employeeCount: 10 }]);
    expect(await screen.findByText('¡Suscripción activada exitosamente!')).toBeInTheDocument();
  });

  it("shows 'Pago cancelado' on cancel and the spec's message on a PayPal error; hides the buttons for a bad count", async () => {
    scripts = browserScripts(() => 'load');
    mockApi(routes({ 'POST /api/paypal/create-plan': mockRefusal(502, 'bad_gateway', 'Error al crear el plan') }));
    const { user } = renderApp('/company-admin/subscription');
    expect(await screen.findByText('PayPal Suscribirse')).toBeInTheDocument();
    const [options] = rendered;
    options.onCancel?.();
    expect(await screen.findByText('Pago cancelado')).toBeInTheDocument();
    options.onError?.(new Error('popup closed unexpectedly'));
    expect(await screen.findByText('Error en el procesamiento de PayPal')).toBeInTheDocument();

    // Our server refusing the plan is told once (its message), not followed by PayPal's generic error.
    await expect(options.createSubscription({}, {})).rejects.toBeDefined();
    options.onError?.(new Error('createSubscription failed'));
    expect(await screen.findByText('Error al crear el plan')).toBeInTheDocument();
    expect(screen.getAllByText('Error en el procesamiento de PayPal')).toHaveLength(1);

    const input = screen.getByLabelText('Número de empleados');
    await user.clear(input);
    await user.type(input, '3');
    expect(await screen.findByText('Número de empleados debe estar entre 5 y 1000')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('paypal-buttons')).not.toBeVisible());
    await expect(options.createSubscription({}, {})).rejects.toBeDefined();
  });
});
