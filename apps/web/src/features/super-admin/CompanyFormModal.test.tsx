import { superAdminCompanySavedAnswer } from '@presente/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockAnswer, mockRefusal } from '../../test/answers';
import { mockApi, renderApp } from '../../test/renderApp';
import { bodyOf, company, listAnswer, rowAction, superAdminRoutes } from './test/fixtures';

async function openCreateForm() {
  const app = renderApp('/super-admin/companies');
  // The header button (the empty state may show a second one).
  const [button] = await screen.findAllByRole('button', { name: 'Nueva empresa' }, { timeout: 5000 });
  await app.user.click(button);
  const dialog = await screen.findByRole('dialog', { name: 'Nueva empresa' });
  return { ...app, dialog };
}

type User = ReturnType<typeof renderApp>['user'];

/** Types a whole value at once (one input event): far faster than key by key in a big controlled form. */
async function fill(user: User, input: HTMLElement, text: string) {
  await user.click(input);
  await user.paste(text);
}

async function fillRequired(user: User, dialog: HTMLElement) {
  const d = within(dialog);
  await fill(user, d.getByLabelText(/^Nombre de la empresa/), 'Minera Sur S.A.');
  await fill(user, d.getByLabelText(/^RUC/), '20600011122');
  await fill(user, d.getByLabelText(/^Email de la empresa/), 'contacto@minerasur.pe');
  await fill(user, d.getByLabelText(/^Nombre del administrador/), 'Luis Quispe');
  await fill(user, d.getByLabelText(/^Email del administrador/), 'luis@minerasur.pe');
}

describe('CompanyFormModal', { timeout: 30_000 }, () => {
  it('shows the spec messages: manual access without password, password under 8, RUC over 20', async () => {
    const fetchMock = mockApi(superAdminRoutes({ 'GET /api/super-admin/companies': listAnswer([]) }));
    const { user, dialog } = await openCreateForm();
    const d = within(dialog);
    await fillRequired(user, dialog);
    await fill(user, d.getByLabelText(/^RUC/), '1234567890');
    await user.click(d.getByRole('radio', { name: /Configurar manualmente/ }));
    await user.click(d.getByRole('button', { name: 'Crear empresa' }));

    expect(await d.findByText('La contraseña es requerida cuando se configura manualmente')).toBeInTheDocument();
    expect(d.getByText('El RUC debe tener como máximo 20 caracteres')).toBeInTheDocument();

    await fill(user, d.getByLabelText(/^Contraseña temporal/), 'corta');
    await user.click(d.getByRole('button', { name: 'Crear empresa' }));
    expect(await d.findByText('La contraseña debe tener al menos 8 caracteres')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('requires the company and admin fields, and defaults to plan FREE, 10 employees, ACTIVE, setup by email', async () => {
    mockApi(superAdminRoutes({ 'GET /api/super-admin/companies': listAnswer([]) }));
    const { user, dialog } = await openCreateForm();
    const d = within(dialog);
    expect(d.getByLabelText(/^Máximo de empleados/)).toHaveValue('10');
    // The FREE cap is explained where the maximum is typed (the effective limit is the smaller: 5).
    expect(d.getByText('El plan Gratis permite hasta 5 empleados: se aplica el menor entre 5 y este máximo.')).toBeInTheDocument();
    expect(d.getByRole('radio', { name: /Enviar por email/ })).toBeChecked();
    await user.click(d.getByRole('button', { name: 'Crear empresa' }));
    expect(await d.findByText('El nombre de la empresa es requerido')).toBeInTheDocument();
    expect(d.getByText('El RUC es requerido')).toBeInTheDocument();
    expect(d.getByText('El email de la empresa es requerido')).toBeInTheDocument();
    expect(d.getByText('El nombre del administrador es requerido')).toBeInTheDocument();
    expect(d.getByText('El email del administrador es requerido')).toBeInTheDocument();
  });

  it('creates a company, sends Ilimitado as -1 and shows the mail warning', async () => {
    let sent: Record<string, unknown> = {};
    mockApi(
      superAdminRoutes({
        'GET /api/super-admin/companies': listAnswer([]),
        'POST /api/super-admin/companies': (init) => {
          sent = bodyOf(init);
          return mockAnswer(
            superAdminCompanySavedAnswer,
            { data: company(), message: 'Empresa creada exitosamente', warning: 'No se pudo enviar el email' },
            201,
          );
        },
      }),
    );
    const { user, dialog } = await openCreateForm();
    await fillRequired(user, dialog);
    await user.click(within(dialog).getByRole('checkbox', { name: /Ilimitado/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Crear empresa' }));

    expect(await screen.findByText('Empresa creada exitosamente')).toBeInTheDocument();
    expect(screen.getByText('No se pudo enviar el email')).toBeInTheDocument();
    expect(sent).toMatchObject({ name: 'Minera Sur S.A.', ruc: '20600011122', plan: 'FREE', maxEmployees: -1, status: 'ACTIVE', setupType: 'email' });
    expect(sent).not.toHaveProperty('adminPassword');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Nueva empresa' })).not.toBeInTheDocument());
  });

  it("shows the server's message as an alert inside the form when creating fails", async () => {
    mockApi(
      superAdminRoutes({
        'GET /api/super-admin/companies': listAnswer([]),
        'POST /api/super-admin/companies': mockRefusal(409, 'email_taken', 'Ya existe una cuenta con ese email', {
          errors: [{ path: 'adminEmail', message: 'Ya existe una cuenta con ese email' }],
        }),
      }),
    );
    const { user, dialog } = await openCreateForm();
    await fillRequired(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Crear empresa' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Ya existe una cuenta con ese email');
    expect(screen.getByRole('dialog', { name: 'Nueva empresa' })).toBeInTheDocument();
  });

  it('on edit sends the admin fields only when changed, and the password only when ticked', async () => {
    const calls: Record<string, unknown>[] = [];
    mockApi(
      superAdminRoutes({
        'GET /api/super-admin/companies': listAnswer([company()]),
        'PUT /api/super-admin/companies/c1': (init) => {
          calls.push(bodyOf(init));
          return mockAnswer(superAdminCompanySavedAnswer, { data: company(), message: 'Empresa actualizada exitosamente' });
        },
      }),
    );
    const { user } = renderApp('/super-admin/companies');
    await rowAction(user, 'Andes Textiles S.A.C.', 'Editar');
    const d = within(await screen.findByRole('dialog', { name: 'Editar empresa' }));
    expect(d.getByLabelText(/^Nombre de la empresa/)).toHaveValue('Andes Textiles S.A.C.');
    expect(d.getByLabelText(/^Email del administrador/)).toHaveValue('rosa@andes.pe');

    await user.click(d.getByRole('checkbox', { name: /Cambiar la contraseña del administrador/ }));
    await fill(user, d.getByLabelText(/^Nueva contraseña del administrador/), 'corta');
    await user.click(d.getByRole('button', { name: 'Guardar cambios' }));
    expect(await d.findByText('La contraseña debe tener al menos 8 caracteres')).toBeInTheDocument();
    expect(calls).toHaveLength(0);

    await user.click(d.getByRole('checkbox', { name: /Cambiar la contraseña del administrador/ }));
    await user.click(d.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('Empresa actualizada exitosamente')).toBeInTheDocument();
    expect(calls[0]).toMatchObject({ name: 'Andes Textiles S.A.C.', maxEmployees: 10 });
    expect(calls[0]).not.toHaveProperty('adminName');
    expect(calls[0]).not.toHaveProperty('adminEmail');
    expect(calls[0]).not.toHaveProperty('adminPassword');
    expect(calls[0]).not.toHaveProperty('status');
  });

  it('shows SUSPENDED as a status that cannot be chosen', async () => {
    mockApi(superAdminRoutes({ 'GET /api/super-admin/companies': listAnswer([]) }));
    const { user, dialog } = await openCreateForm();
    await user.click(within(dialog).getByRole('combobox', { name: /^Estado/ }));
    expect(await screen.findByRole('option', { name: 'Suspendida' })).toHaveAttribute('data-combobox-disabled', 'true');
  });
});
