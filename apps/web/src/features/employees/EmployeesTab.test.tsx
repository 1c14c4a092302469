import { departmentListAnswer, employeePasswordResetAnswer } from '@presente/shared';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { mockAnswer, mockRefusal, mockServerError } from '../../test/answers';
import { baseRoutes, employee, employeesPage, fill, PLAN_LIMIT_403, usage } from '../../test/companyAdmin';
import { mockApi, renderApp } from '../../test/renderApp';

// The dashboard shell and the tab load lazily: give the first render time on a busy machine.
configure({ asyncUtilTimeout: 5000 });
beforeAll(() => import('../dashboard/components/DashboardLayout'), 60_000);

const calls = (fetchMock: ReturnType<typeof mockApi>, method: string, path: string) =>
  fetchMock.mock.calls.filter(([url, init]) => String(url).split('?')[0].endsWith(path) && (init?.method ?? 'GET') === method);

describe('EmployeesTab', { timeout: 30_000 }, () => {
  it('lists employees with the usage banner, the count and the face status', async () => {
    mockApi(
      baseRoutes({
        'GET /api/company-admin-simple/company/settings': usage([3, 5]),
        'GET /api/company-admin-simple/employees': employeesPage([
          employee(1, { schedule: { id: 's1', name: 'Turno mañana', startTime: '08:00', endTime: '17:00' } }),
          employee(2, { status: 'INACTIVE' }),
          employee(3),
        ]),
      }),
    );
    renderApp('/company-admin/employees');

    expect(await screen.findByText('Ana Flores')).toBeInTheDocument();
    expect(screen.getByText('Empleados: 3/5')).toBeInTheDocument();
    expect(screen.getByText('Disponibles: 2')).toBeInTheDocument();
    expect(screen.getByText('Mostrando 3 de 3 empleados')).toBeInTheDocument();
    expect(screen.getByText('Turno mañana')).toBeInTheDocument();
    expect(screen.getByText('08:00 - 17:00')).toBeInTheDocument();
    expect(screen.getAllByText('Pendiente')).toHaveLength(3);
    expect(screen.getByText('Inactivo')).toBeInTheDocument();
    // Each employee without a face offers its registration (spec §2 action 'Registrar rostro').
    expect(screen.getAllByRole('button', { name: /^Registrar rostro: / })).toHaveLength(3);
  });

  it("says 'Error al cargar la información del plan' with Reintentar when the plan cannot be read, and shows the banner on retry", async () => {
    let settingsCalls = 0;
    mockApi(
      baseRoutes({
        'GET /api/company-admin-simple/company/settings': () => {
          settingsCalls += 1;
          return settingsCalls === 1 ? mockServerError() : usage([3, 5]);
        },
        'GET /api/company-admin-simple/employees': employeesPage([employee(1)]),
      }),
    );
    const { user } = renderApp('/company-admin/employees');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error al cargar la información del plan');
    expect(screen.queryByText(/^Empleados: /)).not.toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('Empleados: 3/5')).toBeInTheDocument();
    expect(screen.queryByText('Error al cargar la información del plan')).not.toBeInTheDocument();
  });

  it('shows the spec messages when the new-employee form is sent empty, without calling the API', async () => {
    const fetchMock = mockApi(baseRoutes());
    const { user } = renderApp('/company-admin/employees');
    await screen.findByText('No hay empleados registrados');

    await user.click(screen.getByRole('button', { name: 'Nuevo empleado' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo empleado' });
    await user.click(within(dialog).getByRole('button', { name: 'Crear empleado' }));

    expect(await within(dialog).findByText('El nombre es requerido')).toBeInTheDocument();
    expect(within(dialog).getByText('El apellido es requerido')).toBeInTheDocument();
    expect(within(dialog).getByText('El email es requerido')).toBeInTheDocument();
    expect(within(dialog).getByText('El código de empleado es requerido')).toBeInTheDocument();
    expect(calls(fetchMock, 'POST', '/employees')).toHaveLength(0);
  });

  it('checks the optional new password on edit: minimum 6 and confirmation', async () => {
    const fetchMock = mockApi(baseRoutes({ 'GET /api/company-admin-simple/employees': employeesPage([employee(1)]) }));
    const { user } = renderApp('/company-admin/employees');
    await user.click(await screen.findByRole('button', { name: 'Editar: Ana Flores' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar empleado' });
    expect(within(dialog).getByDisplayValue('empleado1@andes.pe')).toBeInTheDocument();

    await fill(user, within(dialog).getByLabelText('Nueva contraseña'), 'abc');
    await fill(user, within(dialog).getByLabelText('Confirmar contraseña'), 'abc');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar cambios' }));
    expect(await within(dialog).findByText('La contraseña debe tener al menos 6 caracteres')).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText('Nueva contraseña'));
    await fill(user, within(dialog).getByLabelText('Nueva contraseña'), 'secreto1');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar cambios' }));
    expect(await within(dialog).findByText('Las contraseñas no coinciden')).toBeInTheDocument();
    expect(calls(fetchMock, 'PUT', `/employees/${employee(1).id}`)).toHaveLength(0);
  });

  it('opens the upgrade prompt when the API answers 403 plan_limit_reached, and leads to the subscription tab', async () => {
    const fetchMock = mockApi(
      baseRoutes({
        // A Chilean company: no document is asked (decision 0062), so the form goes straight to the API.
        'GET /api/company-admin-simple/company/settings': usage([4, 5], [0, 1], 'FREE', { used: 0, limit: 1 }, { country: 'CL' }),
        'GET /api/company-admin-simple/employees': employeesPage([employee(1)]),
        'POST /api/company-admin-simple/employees': PLAN_LIMIT_403,
      }),
    );
    const { user, router } = renderApp('/company-admin/employees');
    await screen.findByText('Empleados: 4/5');

    await user.click(screen.getByRole('button', { name: 'Nuevo empleado' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo empleado' });
    await fill(user, within(dialog).getByLabelText(/^Nombre/), 'Pedro');
    await fill(user, within(dialog).getByLabelText(/^Apellido/), 'Castillo');
    await fill(user, within(dialog).getByLabelText(/^Email/), 'pedro@andes.pe');
    await fill(user, within(dialog).getByLabelText(/^Código de empleado/), 'EMP-006');
    await user.click(within(dialog).getByRole('button', { name: 'Crear empleado' }));

    const prompt = await screen.findByRole('dialog', { name: 'Actualiza tu plan' });
    expect(within(prompt).getByText('Alcanzaste el límite de empleados de tu plan')).toBeInTheDocument();
    expect(within(prompt).getByText('Límite de empleados de tu plan: 5.')).toBeInTheDocument();
    expect(within(prompt).getByText('2.50 USD por empleado al mes')).toBeInTheDocument();
    expect(within(prompt).getByRole('link', { name: 'Contactar a ventas' })).toHaveAttribute('href', expect.stringMatching(/^mailto:ventas@presente\.app/));
    const [, init] = calls(fetchMock, 'POST', '/employees')[0];
    expect(JSON.parse(String(init?.body))).toMatchObject({ firstName: 'Pedro', email: 'pedro@andes.pe', employeeCode: 'EMP-006', status: 'ACTIVE' });

    await user.click(within(prompt).getByRole('button', { name: 'Ver planes y actualizar' }));
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/company-admin/employees'));
  });

  it('a Peruvian company: the document fields are marked required and checked before sending (decision 0062)', async () => {
    const fetchMock = mockApi(
      baseRoutes({ 'GET /api/company-admin-simple/company/settings': usage([1, 5], [0, 1], 'FREE', { used: 0, limit: 1 }, { country: 'PE' }) }),
    );
    const { user } = renderApp('/company-admin/employees');
    await screen.findByText('Empleados: 1/5');
    await user.click(screen.getByRole('button', { name: 'Nuevo empleado' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo empleado' });
    await fill(user, within(dialog).getByLabelText(/^Nombre/), 'Pedro');
    await fill(user, within(dialog).getByLabelText(/^Apellido/), 'Castillo');
    await fill(user, within(dialog).getByLabelText(/^Email/), 'pedro@andes.pe');
    await fill(user, within(dialog).getByLabelText(/^Código de empleado/), 'EMP-006');
    await user.click(within(dialog).getByRole('button', { name: 'Crear empleado' }));
    expect(await within(dialog).findByText('Escribe el número de documento: es obligatorio para trabajadores de empresas de Perú')).toBeInTheDocument();
    expect(within(dialog).getByText(/^Elige el tipo de documento/)).toBeInTheDocument();
    expect(calls(fetchMock, 'POST', '/employees')).toHaveLength(0);
  });

  it("shows the server's document_required message under the field it names", async () => {
    const refused = 'Escribe el número de documento: es obligatorio para trabajadores de empresas de Perú';
    mockApi(
      baseRoutes({
        'POST /api/company-admin-simple/employees': mockRefusal(
          400,
          'document_required',
          'El tipo y número de documento son obligatorios para trabajadores de empresas de Perú',
          {
            errors: [{ path: 'documentNumber', message: refused }],
          },
        ),
      }),
    );
    const { user } = renderApp('/company-admin/employees');
    await screen.findByText('No hay empleados registrados');
    await user.click(screen.getByRole('button', { name: 'Nuevo empleado' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo empleado' });
    await fill(user, within(dialog).getByLabelText(/^Nombre/), 'Pedro');
    await fill(user, within(dialog).getByLabelText(/^Apellido/), 'Castillo');
    await fill(user, within(dialog).getByLabelText(/^Email/), 'pedro@andes.pe');
    await fill(user, within(dialog).getByLabelText(/^Código de empleado/), 'EMP-006');
    await user.click(within(dialog).getByRole('button', { name: 'Crear empleado' }));
    const number = within(dialog).getByRole('textbox', { name: /^Número de documento/ });
    expect(await within(dialog).findByText(refused)).toBeInTheDocument();
    await waitFor(() => expect(number).toHaveAttribute('aria-invalid', 'true'));
  });

  it('opens the upgrade prompt straight from "Nuevo empleado" when the usage is at the limit', async () => {
    mockApi(
      baseRoutes({
        'GET /api/company-admin-simple/company/settings': usage([5, 5]),
        'GET /api/company-admin-simple/employees': employeesPage([employee(1)], 5),
      }),
    );
    const { user } = renderApp('/company-admin/employees');
    expect(await screen.findByText('Límite alcanzado')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Nuevo empleado' }));
    expect(await screen.findByRole('dialog', { name: 'Actualiza tu plan' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Nuevo empleado' })).not.toBeInTheDocument();
  });

  it('"Nuevo empleado" pressed before the usage has arrived waits for it: at the limit the prompt opens, never the form', async () => {
    let answer: (value?: unknown) => void = () => {};
    const arrived = new Promise((resolve) => {
      answer = resolve;
    });
    mockApi(
      baseRoutes({
        'GET /api/company-admin-simple/company/settings': async () => {
          await arrived;
          return usage([5, 5]);
        },
        'GET /api/company-admin-simple/employees': employeesPage([employee(1)], 5),
      }),
    );
    const { user } = renderApp('/company-admin/employees');
    expect(await screen.findByText('Ana Flores')).toBeInTheDocument();
    expect(screen.queryByText('Límite alcanzado')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Nuevo empleado' }));
    answer();
    expect(await screen.findByRole('dialog', { name: 'Actualiza tu plan' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Nuevo empleado' })).not.toBeInTheDocument();
  });

  it('"Nuevo empleado" opens the form when the usage cannot be read (the server stays the judge)', async () => {
    mockApi(
      baseRoutes({
        'GET /api/company-admin-simple/company/settings': mockServerError(),
        'GET /api/company-admin-simple/employees': employeesPage([employee(1)]),
      }),
    );
    const { user } = renderApp('/company-admin/employees');
    expect(await screen.findByText('Ana Flores')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Nuevo empleado' }));
    expect(await screen.findByRole('dialog', { name: 'Nuevo empleado' })).toBeInTheDocument();
  });

  it('tells the admin when the new password could not be emailed', async () => {
    mockApi(
      baseRoutes({
        'GET /api/company-admin-simple/employees': employeesPage([employee(1)]),
        [`POST /api/company-admin-simple/employees/${employee(1).id}/reset-password`]: mockAnswer(employeePasswordResetAnswer, {
          data: { emailStatus: 'failed' },
          message: 'Nueva contraseña generada, pero falló el envío del email. Contacta al empleado directamente.',
        }),
      }),
    );
    const { user } = renderApp('/company-admin/employees');
    await user.click(await screen.findByRole('button', { name: 'Resetear contraseña: Ana Flores' }));
    const confirm = await screen.findByRole('dialog', { name: 'Resetear contraseña' });
    expect(within(confirm).getByText(/Ana Flores/)).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Generar y enviar' }));
    expect(await screen.findByText('Nueva contraseña generada, pero falló el envío del email. Contacta al empleado directamente.')).toBeInTheDocument();
  });

  it('shows the server refusal when deleting a department with employees', async () => {
    mockApi(
      baseRoutes({
        'GET /api/company-admin-simple/departments': mockAnswer(departmentListAnswer, {
          data: [{ id: 'd1', name: 'Ventas', createdAt: '2026-01-10T15:00:00.000Z', _count: { employees: 2 } }],
        }),
        'DELETE /api/company-admin-simple/departments/d1': mockRefusal(
          409,
          'conflict',
          'No se puede eliminar el departamento porque tiene 2 empleado(s) asignado(s)',
        ),
      }),
    );
    const { user } = renderApp('/company-admin/employees');
    await user.click(await screen.findByRole('button', { name: 'Departamentos' }));
    const dialog = await screen.findByRole('dialog', { name: 'Departamentos' });
    expect(await within(dialog).findByText('2 empleado(s)')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Agregar' }));
    expect(await within(dialog).findByText('El nombre del departamento es requerido')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Eliminar Ventas' }));
    const confirm = await screen.findByRole('dialog', { name: 'Eliminar departamento' });
    await user.click(within(confirm).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('No se puede eliminar el departamento porque tiene 2 empleado(s) asignado(s)')).toBeInTheDocument();
  });
});
