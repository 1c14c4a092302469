import { type CaptchaConfig, captchaConfig, dataAnswer, type SessionUser, signedInAnswer } from '@presente/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockAnswer, mockRefusal } from '../../test/answers';
import { type MockResponse, mockApi, renderApp, UNAUTHENTICATED } from '../../test/renderApp';

const captcha = (data: CaptchaConfig) => mockAnswer(dataAnswer(captchaConfig), { data });
const ALTCHA = captcha({ provider: 'altcha', challengeUrl: '/api/auth/captcha/challenge' });
const ADMIN: SessionUser = {
  id: 'u1',
  userId: 'u1',
  name: 'Ana Torres',
  email: 'ana@acme.pe',
  role: 'COMPANY_ADMIN',
  userType: 'COMPANY_ADMIN',
  companyId: 'c1',
};

/** POST /auth/login as the server answers it: the user and the company's locale. */
const signedIn = (user: SessionUser) =>
  mockAnswer(dataAnswer(signedInAnswer), { data: { user, companyConfig: { locale: 'es-PE', timezone: 'America/Lima' } } });

function solveAltcha(payload: string) {
  fireEvent(screen.getByTestId('altcha-widget'), new CustomEvent('statechange', { detail: { state: 'verified', payload } }));
}

async function fillCredentials(user: ReturnType<typeof renderApp>['user']) {
  await user.type(await screen.findByLabelText(/^Correo electrónico/), 'ana@acme.pe');
  await user.type(screen.getByLabelText(/^Contraseña/), 'secreto123');
}

describe('LoginPage', () => {
  it('shows the required-field messages and the captcha message when sent empty', async () => {
    const fetchMock = mockApi({ 'GET /api/auth/verify': UNAUTHENTICATED, 'GET /api/auth/captcha': ALTCHA });
    const { user } = renderApp('/login');
    await screen.findByTestId('altcha-widget');

    await user.click(screen.getByRole('button', { name: 'Iniciar sesión' }));

    expect(await screen.findByText('El email es requerido')).toBeInTheDocument();
    expect(screen.getByText('La contraseña es requerida')).toBeInTheDocument();
    expect(screen.getByText('Por favor, completa la verificación de seguridad')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/auth/login'))).toBe(false);
  });

  it('a form sent before the server said which verification it wants waits for the answer: ALTCHA asks for it, nothing is sent', async () => {
    // Stop 33's CI: on a loaded machine the click came before GET /auth/captcha answered; the field messages showed but
    // not this one, and a filled form would have gone out without a token.
    let answerCaptcha: (answer: MockResponse) => void = () => {};
    const fetchMock = mockApi({
      'GET /api/auth/verify': UNAUTHENTICATED,
      'GET /api/auth/captcha': () => new Promise<MockResponse>((resolve) => (answerCaptcha = resolve)),
    });
    const { user } = renderApp('/login');
    await fillCredentials(user);
    await user.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    answerCaptcha(ALTCHA);

    expect(await screen.findByText('Por favor, completa la verificación de seguridad')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/auth/login'))).toBe(false);
  });

  it('a form sent before the server said it wants no verification is sent once it says so (the click is not lost)', async () => {
    let answerCaptcha: (answer: MockResponse) => void = () => {};
    mockApi({
      'GET /api/auth/verify': UNAUTHENTICATED,
      'GET /api/auth/captcha': () => new Promise<MockResponse>((resolve) => (answerCaptcha = resolve)),
      'POST /api/auth/login': signedIn({ ...ADMIN, role: 'EMPLOYEE', userType: 'EMPLOYEE' }),
    });
    const { user, router } = renderApp('/login');
    await fillCredentials(user);
    await user.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    answerCaptcha(captcha({ provider: 'off' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/employee'));
    expect(screen.queryByText('Por favor, completa la verificación de seguridad')).not.toBeInTheDocument();
  });

  it('rejects an invalid email and does not log in until the verification is solved', async () => {
    const fetchMock = mockApi({ 'GET /api/auth/verify': UNAUTHENTICATED, 'GET /api/auth/captcha': ALTCHA });
    const { user } = renderApp('/login');
    await screen.findByTestId('altcha-widget');

    await user.type(screen.getByLabelText(/^Correo electrónico/), 'ana@');
    await user.type(screen.getByLabelText(/^Contraseña/), 'secreto123');
    await user.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    expect(await screen.findByText('Por favor ingresa un correo electrónico válido')).toBeInTheDocument();

    await user.clear(screen.getByLabelText(/^Correo electrónico/));
    await user.type(screen.getByLabelText(/^Correo electrónico/), 'ana@acme.pe');
    await user.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    expect(await screen.findByText('Por favor, completa la verificación de seguridad')).toBeInTheDocument();
    expect(screen.queryByText('Por favor ingresa un correo electrónico válido')).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/auth/login'))).toBe(false);
  });

  it('sends the ALTCHA payload as turnstileToken, welcomes and redirects by role', async () => {
    const fetchMock = mockApi({
      'GET /api/auth/verify': UNAUTHENTICATED,
      'GET /api/auth/captcha': ALTCHA,
      'POST /api/auth/login': signedIn(ADMIN),
    });
    const { user, router, queryClient } = renderApp('/login');
    await screen.findByTestId('altcha-widget');
    await fillCredentials(user);
    solveAltcha('altcha-payload-1');
    await user.click(screen.getByRole('button', { name: 'Iniciar sesión' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/company-admin'));
    expect(await screen.findByText('¡Bienvenido al sistema!')).toBeInTheDocument();
    const loginCall = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/auth/login'));
    expect(JSON.parse(String(loginCall?.[1]?.body))).toEqual({ email: 'ana@acme.pe', password: 'secreto123', turnstileToken: 'altcha-payload-1' });
    expect(queryClient.getQueryData(['auth', 'company-config'])).toEqual({ locale: 'es-PE', timezone: 'America/Lima' });
  });

  it('shows the server message on failure, stays on /login and asks to verify again', async () => {
    mockApi({
      'GET /api/auth/verify': UNAUTHENTICATED,
      'GET /api/auth/captcha': ALTCHA,
      'POST /api/auth/login': mockRefusal(401, 'invalid_credentials', 'Credenciales inválidas'),
    });
    const { user, router } = renderApp('/login');
    await screen.findByTestId('altcha-widget');
    await fillCredentials(user);
    solveAltcha('altcha-payload-2');
    await user.click(screen.getByRole('button', { name: 'Iniciar sesión' }));

    expect(await screen.findByText('Credenciales inválidas')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    // The used solution was discarded: sending again needs a new verification.
    await user.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    expect(await screen.findByText('Por favor, completa la verificación de seguridad')).toBeInTheDocument();
  });

  it("falls back to 'Login failed' when the server gives no message, and shows the expiry message", async () => {
    mockApi({
      'GET /api/auth/verify': UNAUTHENTICATED,
      'GET /api/auth/captcha': ALTCHA,
      'POST /api/auth/login': { status: 500 },
    });
    const { user } = renderApp('/login');
    await screen.findByTestId('altcha-widget');
    await fillCredentials(user);
    solveAltcha('altcha-payload-3');
    await user.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    expect(await screen.findByText('Login failed')).toBeInTheDocument();

    fireEvent(screen.getByTestId('altcha-widget'), new CustomEvent('statechange', { detail: { state: 'expired' } }));
    expect(await screen.findByText('La verificación ha expirado, por favor intenta de nuevo')).toBeInTheDocument();
  });

  it('logs in without a widget when the server turns verification off', async () => {
    mockApi({
      'GET /api/auth/verify': UNAUTHENTICATED,
      'GET /api/auth/captcha': captcha({ provider: 'off' }),
      'POST /api/auth/login': signedIn({ ...ADMIN, role: 'EMPLOYEE', userType: 'EMPLOYEE' }),
    });
    const { user, router } = renderApp('/login');
    await fillCredentials(user);
    await user.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/employee'));
    expect(screen.queryByTestId('altcha-widget')).not.toBeInTheDocument();
  });
});
