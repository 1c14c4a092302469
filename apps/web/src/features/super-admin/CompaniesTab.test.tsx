import { dataAnswer, messageAnswer, superAdminAdminStatus, superAdminCompany } from '@presente/shared';
import { gate } from '@presente/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockAnswer, mockGatewayFailure, mockRefusal } from '../../test/answers';
import { mockApi, renderApp } from '../../test/renderApp';
import { bodyOf, company, listAnswer, rowAction, superAdminRoutes } from './test/fixtures';

const PREMIUM = company({
  id: 'c2',
  name: 'Pacífico Logística',
  ruc: '20600099988',
  email: 'admin@pacifico.pe',
  plan: 'PREMIUM',
  maxEmployees: -1,
  currentEmployees: 57,
  status: 'SUSPENDED',
  admin: { id: 'u2', name: 'Carlos Díaz', email: 'carlos@pacifico.pe', isActive: false },
});

describe('CompaniesTab', { timeout: 30_000 }, () => {
  it('renders a row per company with plan, usage over the limit that applies (FREE: 5 whatever maxEmployees; Ilimitado for -1), status and admin', async () => {
    mockApi(superAdminRoutes({ 'GET /api/super-admin/companies': listAnswer([company(), PREMIUM], 2, 12) }));
    renderApp('/super-admin/companies');

    const row = (await screen.findByText('Andes Textiles S.A.C.', {}, { timeout: 5000 })).closest('tr')!;
    expect(within(row).getByText('20512345678')).toBeInTheDocument();
    // maxEmployees 10 (the form default) on FREE: the plan's 5 apply (shared limitFor).
    expect(within(row).getByText('3 / 5')).toBeInTheDocument();
    expect(within(row).getByText('FREE')).toBeInTheDocument();
    expect(within(row).getByText('Activa')).toBeInTheDocument();
    expect(within(row).getByText('Rosa Mamani')).toBeInTheDocument();

    const premium = screen.getByText('Pacífico Logística').closest('tr')!;
    expect(within(premium).getByText('57 / Ilimitado')).toBeInTheDocument();
    expect(within(premium).getByText('Suspendida')).toBeInTheDocument();
    expect(within(premium).getByText('Inactivo')).toBeInTheDocument();

    expect(screen.getByText('Página 1 de 2')).toBeInTheDocument();
    expect(screen.getByText('12 empresas')).toBeInTheDocument();
  });

  it("marks a company whose PayPal money disagrees with Presente's price 'Revisar cobro', with the reason, and no other (decision 0041)", async () => {
    const flagged = { ...PREMIUM, billingFlag: { reason: 'payment 17.5 USD, expected 20.00 USD', at: '2026-11-26T10:00:00.000Z' } };
    mockApi(superAdminRoutes({ 'GET /api/super-admin/companies': listAnswer([company(), flagged], 1, 2) }));
    renderApp('/super-admin/companies');
    const row = (await screen.findByText('Pacífico Logística', {}, { timeout: 5000 })).closest('tr')!;
    expect(within(row).getByText('Revisar cobro').closest('[title]')).toHaveAttribute(
      'title',
      'Un cobro o una suscripción de PayPal no coincide con el precio de Presente (payment 17.5 USD, expected 20.00 USD). Revísalo en PayPal.',
    );
    expect(within(screen.getByText('Andes Textiles S.A.C.').closest('tr')!).queryByText('Revisar cobro')).not.toBeInTheDocument();
  });

  it("closes a 'Revisar cobro' review from the menu, after a confirmation naming the company and the reason; one request; only for a flagged company", async () => {
    const flagged = { ...PREMIUM, billingFlag: { reason: 'payment 17.5 USD, expected 20.00 USD', at: '2026-11-26T10:00:00.000Z' } };
    let cleared = 0;
    // The answer is held until both clicks of the double click are in: the second meets a request in flight.
    const answer = gate();
    mockApi(
      superAdminRoutes({
        'GET /api/super-admin/companies': () => listAnswer(cleared ? [company(), PREMIUM] : [company(), flagged], 1, 2),
        'DELETE /api/super-admin/companies/c2/billing-flag': async () => {
          cleared += 1;
          await answer.opened;
          return mockAnswer(dataAnswer(superAdminCompany), { data: { ...PREMIUM, billingFlag: null }, message: 'Revisión de cobro cerrada' });
        },
      }),
    );
    const { user } = renderApp('/super-admin/companies');
    await screen.findByText('Pacífico Logística', {}, { timeout: 5000 });
    // Not offered for a company without a flag.
    await user.click(screen.getByRole('button', { name: 'Acciones de Andes Textiles S.A.C.' }));
    expect(await screen.findByRole('menuitem', { name: 'Ver información' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Marcar cobro revisado' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');

    await rowAction(user, 'Pacífico Logística', 'Marcar cobro revisado');
    const dialog = await screen.findByRole('dialog', { name: 'Cerrar revisión de cobro' });
    expect(within(dialog).getByText('¿Marcar como revisado el cobro de «Pacífico Logística»?')).toBeInTheDocument();
    expect(within(dialog).getByText('Motivo: payment 17.5 USD, expected 20.00 USD')).toBeInTheDocument();
    expect(within(dialog).getByText(/después de comprobarlo en PayPal/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Cerrar revisión de cobro' })).not.toBeInTheDocument());
    expect(cleared).toBe(0);

    await rowAction(user, 'Pacífico Logística', 'Marcar cobro revisado');
    const again = await screen.findByRole('dialog', { name: 'Cerrar revisión de cobro' });
    await user.dblClick(within(again).getByRole('button', { name: 'Marcar como revisado' }));
    answer.open();
    expect(await screen.findByText('Revisión de cobro cerrada')).toBeInTheDocument();
    expect(cleared).toBe(1);
    // The list is read again: the badge is gone.
    await waitFor(() => expect(screen.queryByText('Revisar cobro')).not.toBeInTheDocument());
  });

  it("shows 'No hay empresas registradas' when there are none", async () => {
    mockApi(superAdminRoutes({ 'GET /api/super-admin/companies': listAnswer([]) }));
    renderApp('/super-admin/companies');
    expect(await screen.findByText('No hay empresas registradas', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByText(/^Página/)).not.toBeInTheDocument();
  });

  it("shows 'Error al cargar empresas' and loads again with Reintentar", async () => {
    let calls = 0;
    mockApi(
      superAdminRoutes({
        'GET /api/super-admin/companies': () => {
          calls += 1;
          return calls === 1 ? mockRefusal(500, 'internal', 'Error interno del servidor') : listAnswer([company()]);
        },
      }),
    );
    const { user } = renderApp('/super-admin/companies');
    expect(await screen.findByText('Error al cargar empresas', {}, { timeout: 5000 })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('Andes Textiles S.A.C.')).toBeInTheDocument();
    expect(screen.queryByText('Error al cargar empresas')).not.toBeInTheDocument();
  });

  it('sends the search to the API once typing pauses (debounced)', async () => {
    const fetchMock = mockApi(superAdminRoutes({ 'GET /api/super-admin/companies': listAnswer([company()]) }));
    const { user } = renderApp('/super-admin/companies');
    await screen.findByText('Andes Textiles S.A.C.', {}, { timeout: 5000 });
    await user.type(screen.getByLabelText('Buscar'), 'andes');
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).includes('search=andes'))).toBe(true));
    // Debounced: no request per keystroke.
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('search=and&'))).toBe(false);
  });

  it('confirms deletion naming the company and warning that all its data goes', async () => {
    let deleted = false;
    mockApi(
      superAdminRoutes({
        'GET /api/super-admin/companies': listAnswer([company()]),
        'DELETE /api/super-admin/companies/c1': () => {
          deleted = true;
          return mockAnswer(messageAnswer, { message: 'Empresa eliminada exitosamente' });
        },
      }),
    );
    const { user } = renderApp('/super-admin/companies');
    await rowAction(user, 'Andes Textiles S.A.C.', 'Eliminar');
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar empresa' });
    expect(within(dialog).getByText('¿Seguro que deseas eliminar la empresa «Andes Textiles S.A.C.»?')).toBeInTheDocument();
    expect(within(dialog).getByText(/El registro de control de asistencia .* se conserva 5 años/)).toBeInTheDocument();
    // A FREE company has no subscription to cancel.
    expect(within(dialog).queryByTestId('delete-subscription-warning')).not.toBeInTheDocument();
    expect(deleted).toBe(false);

    await user.click(within(dialog).getByRole('button', { name: 'Eliminar empresa' }));
    expect(await screen.findByText('Empresa eliminada exitosamente')).toBeInTheDocument();
    expect(deleted).toBe(true);
  });

  it('switches the admin off only from the actions menu and after a confirmation naming the company and the person; one request (decision 0024)', async () => {
    const sent: Record<string, unknown>[] = [];
    const answer = gate();
    mockApi(
      superAdminRoutes({
        'GET /api/super-admin/companies': listAnswer([company()]),
        'PATCH /api/super-admin/companies/c1/admin/toggle-status': async (init) => {
          sent.push(bodyOf(init));
          await answer.opened;
          return mockAnswer(dataAnswer(superAdminAdminStatus), {
            data: { isActive: false, name: 'Rosa Mamani', email: 'rosa@andes.pe' },
            message: 'Administrador desactivado exitosamente',
          });
        },
      }),
    );
    const { user } = renderApp('/super-admin/companies');
    const row = (await screen.findByText('Andes Textiles S.A.C.', {}, { timeout: 5000 })).closest('tr')!;
    // No one-tap switch in the row.
    expect(within(row).queryByRole('button', { name: /Desactivar/ })).not.toBeInTheDocument();

    await rowAction(user, 'Andes Textiles S.A.C.', 'Desactivar administrador');
    const dialog = await screen.findByRole('dialog', { name: 'Desactivar administrador' });
    expect(within(dialog).getByText('¿Desactivar a Rosa Mamani, administrador de «Andes Textiles S.A.C.»?')).toBeInTheDocument();
    expect(within(dialog).getByText(/Su sesión se cerrará de inmediato/)).toBeInTheDocument();
    expect(sent).toHaveLength(0);

    // Cancel sends nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Desactivar administrador' })).not.toBeInTheDocument());
    expect(sent).toHaveLength(0);

    await rowAction(user, 'Andes Textiles S.A.C.', 'Desactivar administrador');
    const again = await screen.findByRole('dialog', { name: 'Desactivar administrador' });
    await user.dblClick(within(again).getByRole('button', { name: 'Desactivar administrador' }));
    answer.open();
    expect(await screen.findByText('Administrador desactivado exitosamente')).toBeInTheDocument();
    expect(sent).toEqual([{ isActive: false }]);
  });

  it("activates an inactive admin from the menu at once, and says 'Error al cambiar estado del admin' when it fails", async () => {
    let sent: Record<string, unknown> = {};
    mockApi(
      superAdminRoutes({
        'GET /api/super-admin/companies': listAnswer([PREMIUM]),
        'PATCH /api/super-admin/companies/c2/admin/toggle-status': (init) => {
          sent = bodyOf(init);
          return mockGatewayFailure(503);
        },
      }),
    );
    const { user } = renderApp('/super-admin/companies');
    await rowAction(user, 'Pacífico Logística', 'Activar administrador');
    expect(await screen.findByText('Error al cambiar estado del admin')).toBeInTheDocument();
    expect(sent).toEqual({ isActive: true });
  });

  it('shows every field of the company in the info modal, with the registration date as dd/mm/yyyy', async () => {
    mockApi(
      superAdminRoutes({
        'GET /api/super-admin/companies': listAnswer([company()]),
        'GET /api/super-admin/companies/c1': mockAnswer(dataAnswer(superAdminCompany), { data: company() }),
      }),
    );
    const { user } = renderApp('/super-admin/companies');
    await rowAction(user, 'Andes Textiles S.A.C.', 'Ver información');
    const dialog = within(await screen.findByRole('dialog', { name: 'Información de la empresa' }));
    for (const text of [
      '20512345678',
      'contacto@andes.pe',
      '+51 1 555 0101',
      'Av. Javier Prado 123',
      'Lima',
      'Perú',
      '3 / 5',
      'Máximo configurado: 10; el plan Gratis limita a 5.',
      '05/03/2026',
      'Rosa Mamani',
      'rosa@andes.pe',
    ]) {
      expect(dialog.getByText(text)).toBeInTheDocument();
    }
  });

  it('warns that a Premium company’s subscription is cancelled before deleting, and shows why a deletion was refused', async () => {
    const premium = company({ id: 'c7', name: 'Pacífico Premium', plan: 'PREMIUM', maxEmployees: 20, currentEmployees: 12 });
    mockApi(
      superAdminRoutes({
        'GET /api/super-admin/companies': listAnswer([premium]),
        'DELETE /api/super-admin/companies/c7': mockRefusal(
          502,
          'bad_gateway',
          'No se pudo cancelar la suscripción de la empresa en PayPal, así que la empresa no se eliminó. Intenta nuevamente en unos minutos.',
        ),
      }),
    );
    const { user } = renderApp('/super-admin/companies');
    expect(await screen.findByText('12 / 20', {}, { timeout: 5000 })).toBeInTheDocument();
    await rowAction(user, 'Pacífico Premium', 'Eliminar');
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar empresa' });
    expect(within(dialog).getByTestId('delete-subscription-warning')).toHaveTextContent(
      'Si la empresa tiene una suscripción Premium activa, se cancelará en PayPal antes de eliminarla. Si no se puede cancelar, la empresa no se elimina.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar empresa' }));
    expect(await within(dialog).findByText(/No se pudo cancelar la suscripción de la empresa en PayPal/)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Eliminar empresa' })).toBeInTheDocument();
  });
});
