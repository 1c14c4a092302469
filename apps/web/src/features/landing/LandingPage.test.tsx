import { type PublicConfig, publicConfigAnswer } from '@presente/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockAnswer, sessionRoutes } from '../../test/answers';
import { mockApi, renderApp, UNAUTHENTICATED } from '../../test/renderApp';

const config = (support: PublicConfig['support']) => mockAnswer(publicConfigAnswer, { data: { map: { tileUrl: null, attribution: null }, support } });

describe('LandingPage', () => {
  it('presents the plans and opens the Terms with the spec conditions', async () => {
    mockApi({ 'GET /api/auth/verify': UNAUTHENTICATED });
    const { user } = renderApp('/');

    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Iniciar sesión' })[0]).toHaveAttribute('href', '/login');
    expect(screen.getAllByRole('link', { name: 'Registrarse' })[0]).toHaveAttribute('href', '/register');
    expect(screen.getByText('2.50')).toBeInTheDocument();
    expect(screen.getByText('Hasta 5 empleados')).toBeInTheDocument();
    // The Free card says exports are Premium, as the export menu does (PLAN_FEATURES).
    const card = (name: string) => screen.getByRole('heading', { level: 3, name }).parentElement as HTMLElement;
    expect(within(card('Gratis')).getByText('Sin exportación a Excel ni PDF (solo Premium)')).toBeInTheDocument();
    expect(within(card('Premium')).queryByText(/Sin exportación/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Contactar a ventas' }).getAttribute('href')).toMatch(/^mailto:ventas@/);

    await user.click(screen.getByRole('button', { name: 'Términos' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/período de gracia de 7 días/)).toBeInTheDocument();
    expect(within(dialog).getByText(/99.9%/)).toBeInTheDocument();
    expect(within(dialog).getByText(/superiores a 48 horas o en casos de fraude comprobado/)).toBeInTheDocument();
    expect(within(dialog).getByText(/últimos 12 meses o 100 USD/)).toBeInTheDocument();
  });

  it('offers WhatsApp support only when the server has a support line, and its support e-mail', async () => {
    mockApi({
      'GET /api/auth/verify': UNAUTHENTICATED,
      'GET /api/config': config({ email: 'ayuda@presente.pe', whatsapp: '51987654321' }),
    });
    renderApp('/');
    const chat = await screen.findByRole('link', { name: 'Abrir chat' });
    expect(chat).toHaveAttribute('href', `https://wa.me/51987654321?text=${encodeURIComponent('Hola, necesito ayuda con Presente.')}`);
    expect(screen.getByRole('link', { name: 'ayuda@presente.pe' }).getAttribute('href')).toMatch(/^mailto:ayuda@presente\.pe\?subject=/);
    expect(screen.getByText('Nuestro equipo atiende de lunes a viernes, de 11:00 a 17:00.')).toBeInTheDocument();
  });

  it('shows no WhatsApp button without a support line', async () => {
    mockApi({
      'GET /api/auth/verify': UNAUTHENTICATED,
      'GET /api/config': config({ email: 'soporte@presente.app', whatsapp: null }),
    });
    renderApp('/');
    expect(await screen.findByRole('link', { name: 'soporte@presente.app' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Abrir chat' })).not.toBeInTheDocument();
  });

  it('sends a logged-in visitor to their area', async () => {
    mockApi(
      sessionRoutes(
        { id: 's1', userId: 's1', name: 'Root', email: 'root@presente.app', role: 'SUPER_ADMIN', userType: 'SUPER_ADMIN', companyId: null },
        { locale: 'en-US', timezone: 'UTC' },
      ),
    );
    const { router } = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/super-admin'));
  });
});
