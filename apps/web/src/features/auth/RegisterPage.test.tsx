import { type CountryView, captchaConfig, countriesAnswer, dataAnswer, messageAnswer } from '@presente/shared';
import { screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { mockAnswer, mockGatewayFailure, mockRefusal, mockServerError } from '../../test/answers';
import { type MockRoutes, mockApi, renderApp, UNAUTHENTICATED } from '../../test/renderApp';
import { loadAuthValidation } from './lazyValidation';

const COUNTRIES: CountryView[] = [
  { code: 'PE', name: 'Perú', timezone: 'America/Lima', locale: 'es-PE', timezones: [{ timezone: 'America/Lima', name: 'Lima', offset: '-05:00' }] },
  {
    code: 'CL',
    name: 'Chile',
    timezone: 'America/Santiago',
    locale: 'es-CL',
    timezones: [
      { timezone: 'America/Santiago', name: 'Santiago', offset: '-03:00' },
      { timezone: 'Pacific/Easter', name: 'Isla de Pascua', offset: '-05:00' },
    ],
  },
];

/** POST /auth/register: 201 with the same sentence whether or not the email had an account (decision 0031). */
const REGISTERED = mockAnswer(messageAnswer, { message: 'Empresa registrada exitosamente, inicia sesión' }, 201);

function baseRoutes(extra: MockRoutes = {}): MockRoutes {
  return {
    'GET /api/auth/verify': UNAUTHENTICATED,
    'GET /api/auth/captcha': mockAnswer(dataAnswer(captchaConfig), { data: { provider: 'off' } }),
    'GET /api/countries': mockAnswer(countriesAnswer, { data: COUNTRIES }),
    ...extra,
  };
}

const submitButton = (name = 'Registrar empresa') => screen.getByRole('button', { name });

async function fillValidForm(user: ReturnType<typeof renderApp>['user']) {
  await user.type(await screen.findByLabelText(/^Nombre de la empresa/), 'Acme S.A.C.');
  await user.type(screen.getByLabelText(/^RUC/), '20100070970');
  await user.type(screen.getByLabelText(/^Email de la empresa/), 'contacto@acme.pe');
  await user.type(screen.getByLabelText(/^Nombre del administrador/), 'Ana Torres');
  await user.type(screen.getByLabelText(/^Email del administrador/), 'ana@acme.pe');
  await user.type(screen.getByLabelText(/^Contraseña/), 'secreto123');
  await user.type(screen.getByLabelText(/^Confirmar contraseña/), 'secreto123');
}

describe('RegisterPage', () => {
  // The page fetches its checks as it mounts (a chunk of their own, decision 0050): transformed once here, before
  // the first test, so no test pays for it inside its timeout.
  beforeAll(() => loadAuthValidation());

  it('shows every required-field message of the spec in Spanish, then in English after switching', async () => {
    mockApi(baseRoutes());
    const { user } = renderApp('/register');
    await user.click(await screen.findByRole('button', { name: 'Registrar empresa' }));

    expect(await screen.findByText('El nombre de la empresa es requerido')).toBeInTheDocument();
    expect(screen.getByText('El email de la empresa es requerido')).toBeInTheDocument();
    expect(screen.getByText('El nombre del administrador es requerido')).toBeInTheDocument();
    expect(screen.getByText('El email del administrador es requerido')).toBeInTheDocument();
    // Password and its confirmation are both required.
    expect(screen.getAllByText('La contraseña es requerida')).toHaveLength(2);

    await user.click(screen.getByText('EN'));

    expect(await screen.findByText('Company name is required')).toBeInTheDocument();
    expect(screen.getByText('Company email is required')).toBeInTheDocument();
    expect(screen.getByText('Administrator name is required')).toBeInTheDocument();
    expect(screen.getByText('Administrator email is required')).toBeInTheDocument();
    expect(screen.getAllByText('Password is required')).toHaveLength(2);
    expect(screen.queryByText('El nombre de la empresa es requerido')).not.toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');
    expect(localStorage.getItem('language')).toBe('en');
  });

  it('asks a Peruvian company for its RUC and refuses one whose SUNAT check digit does not match (decision 0037)', async () => {
    mockApi(baseRoutes());
    const { user } = renderApp('/register');
    await user.click(await screen.findByRole('button', { name: 'Registrar empresa' }));
    expect(await screen.findByText('El RUC es obligatorio para empresas de Perú')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^RUC/), '20100070971');
    await user.click(submitButton());
    expect(await screen.findByText('El RUC no es válido: su dígito verificador no coincide')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Razón social/)).toBeInTheDocument();
  });

  it('shows the minimum-length and mismatch messages in Spanish and English', async () => {
    mockApi(baseRoutes());
    const { user } = renderApp('/register');
    await user.type(await screen.findByLabelText(/^Contraseña/), '1234567');
    await user.type(screen.getByLabelText(/^Confirmar contraseña/), '7654321');
    await user.click(submitButton());

    expect(await screen.findByText('La contraseña debe tener al menos 8 caracteres')).toBeInTheDocument();
    expect(screen.getByText('Las contraseñas no coinciden')).toBeInTheDocument();

    await user.click(screen.getByText('EN'));
    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(screen.getByText("Passwords don't match")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Register company' })).toBeInTheDocument();
  });

  it('registers with the Peru defaults, toasts and goes to /login', async () => {
    const fetchMock = mockApi(baseRoutes({ 'POST /api/auth/register': REGISTERED }));
    const { user, router } = renderApp('/register');
    await fillValidForm(user);
    await user.click(submitButton());

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByText('Empresa registrada exitosamente, inicia sesión')).toBeInTheDocument();
    // The login form opens with the e-mail just registered.
    expect(await screen.findByLabelText(/^Correo electrónico/)).toHaveValue('ana@acme.pe');
    const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/auth/register'));
    expect(JSON.parse(String(call?.[1]?.body))).toMatchObject({
      name: 'Acme S.A.C.',
      ruc: '20100070970',
      email: 'contacto@acme.pe',
      country: 'PE',
      timezone: 'America/Lima',
      locale: 'es-PE',
      adminName: 'Ana Torres',
      adminEmail: 'ana@acme.pe',
      password: 'secreto123',
      confirmPassword: 'secreto123',
    });
    // No timezone choice for a single-timezone country.
    expect(screen.queryAllByText(/^Zona horaria/)).toHaveLength(0);
  });

  it('offers a timezone only for countries with several and sends the chosen country defaults', async () => {
    const fetchMock = mockApi(baseRoutes({ 'POST /api/auth/register': REGISTERED }));
    const { user } = renderApp('/register');
    await screen.findByDisplayValue('Perú');
    expect(screen.queryAllByText(/^Zona horaria/)).toHaveLength(0);

    await user.click(screen.getByDisplayValue('Perú'));
    await user.click(await screen.findByRole('option', { name: 'Chile' }));
    expect(await screen.findByDisplayValue('Santiago (UTC-03:00)')).toBeInTheDocument();
    expect(screen.getAllByText(/^Zona horaria/).length).toBeGreaterThan(0);

    await fillValidForm(user);
    await user.click(submitButton());
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/auth/register'))).toBe(true));
    const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/auth/register'));
    expect(JSON.parse(String(call?.[1]?.body))).toMatchObject({ country: 'CL', timezone: 'America/Santiago', locale: 'es-CL' });
  });

  it('shows the server message of a refusal (too many attempts), and the fallback otherwise', async () => {
    let attempt = 0;
    mockApi(
      baseRoutes({
        'POST /api/auth/register': () =>
          ++attempt === 1 ? mockRefusal(429, 'rate_limited', 'Demasiados intentos. Intenta de nuevo en unos minutos.') : mockGatewayFailure(),
      }),
    );
    const { user, router } = renderApp('/register');
    await fillValidForm(user);
    await user.click(submitButton());
    expect(await screen.findByText('Demasiados intentos. Intenta de nuevo en unos minutos.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/register');

    await user.click(submitButton());
    expect(await screen.findByText('Error al registrar la empresa')).toBeInTheDocument();
  });

  it('the country search ignores accents: "peru" finds Perú', async () => {
    mockApi(baseRoutes());
    const { user } = renderApp('/register');
    const country = await screen.findByDisplayValue('Perú');
    await user.clear(country);
    await user.type(country, 'peru');
    expect(await screen.findByRole('option', { name: 'Perú' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Chile' })).not.toBeInTheDocument();
  });

  it("says 'Error cargando países' when the country list cannot be loaded", async () => {
    mockApi(baseRoutes({ 'GET /api/countries': mockServerError() }));
    renderApp('/register');
    expect(await screen.findByText('Error cargando países')).toBeInTheDocument();
  });
});
