import { importResult, savedAnswer } from '@presente/shared';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { mockAnswer, mockRefusal } from '../../test/answers';
import { baseRoutes, usage } from '../../test/companyAdmin';
import { mockApi, renderApp } from '../../test/renderApp';
import { errorsByLine, parseCsvText, templateCsv } from './import-file';

configure({ asyncUtilTimeout: 5000 });

// The dashboard is a lazy chunk: load it once up front so the first test's waits measure the screen, not the import.
beforeAll(() => import('../dashboard/components/DashboardLayout'), 60_000);

const CSV = [
  'Nombre;Apellido;Email;Código;Departamento',
  'Luis;Quispe;luis@andes.pe;EMP-010;Ventas',
  'Ana;;ana@andes;EMP-011;Almacén',
  'Carla;Rojas;carla@andes.pe;EMP-012;',
].join('\n');

const ROW_ERRORS = [
  { path: '3.lastName', message: 'El apellido es requerido' },
  { path: '3.email', message: 'Por favor ingresa un correo electrónico válido' },
];
const INVALID_400 = mockRefusal(400, 'validation_failed', 'El archivo tiene 1 fila(s) con errores. No se importó nada.', { errors: ROW_ERRORS });

async function openImport(csv = CSV) {
  const { user } = renderApp('/company-admin/employees');
  await user.click(await screen.findByRole('button', { name: 'Importar' }));
  const dialog = await screen.findByRole('dialog', { name: 'Importar empleados' });
  const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
  await user.upload(input, new File([csv], 'empleados.csv', { type: 'text/csv' }));
  return { user, dialog };
}

describe('import-file', () => {
  it('reads a semicolon CSV with a BOM and skips blank lines, keeping each row its line in the file', () => {
    const sheet = parseCsvText('\uFEFFNombre;Email\nLuis;luis@andes.pe\n;\n\nAna;ana@andes.pe\n');
    expect(sheet.headers).toEqual(['Nombre', 'Email']);
    expect(sheet.rows).toEqual([
      { Nombre: 'Luis', Email: 'luis@andes.pe' },
      { Nombre: 'Ana', Email: 'ana@andes.pe' },
    ]);
    expect(sheet.lines).toEqual([2, 5]);
  });

  it('offers a template with the Spanish headers the server reads', () => {
    expect(templateCsv()).toContain('Nombre,Apellido,Email,Código,Tipo de documento,Número de documento,Cargo,Teléfono,Departamento,Horario,Fecha de ingreso');
  });

  it('groups "<line>.<field>" errors by line', () => {
    expect(errorsByLine(ROW_ERRORS).get(3)).toEqual([
      { field: 'lastName', message: 'El apellido es requerido' },
      { field: 'email', message: 'Por favor ingresa un correo electrónico válido' },
    ]);
  });
});

describe('ImportEmployeesModal', { timeout: 30_000 }, () => {
  it('previews the file and shows each bad row with its errors; nothing can be imported', async () => {
    const fetchMock = mockApi(baseRoutes({ 'POST /api/company-admin-simple/employees/import': INVALID_400 }));
    const { dialog } = await openImport();

    expect(await within(dialog).findByText('El archivo tiene 1 fila(s) con errores. No se importó nada.')).toBeInTheDocument();
    const bad = within(dialog).getByTestId('import-line-3');
    expect(within(bad).getByText('ana@andes')).toBeInTheDocument();
    expect(within(bad).getByText('El apellido es requerido')).toBeInTheDocument();
    expect(within(bad).getByText('Por favor ingresa un correo electrónico válido')).toBeInTheDocument();
    expect(within(within(dialog).getByTestId('import-line-2')).queryByText(/requerido/)).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: /^Importar \d+ empleados$/ })).toBeDisabled();

    const [, init] = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/employees/import'))!;
    const sent = JSON.parse(String(init?.body));
    expect(sent.dryRun).toBe(true);
    expect(sent.rows).toHaveLength(3);
    expect(sent.rows[0]).toEqual({ Nombre: 'Luis', Apellido: 'Quispe', Email: 'luis@andes.pe', Código: 'EMP-010', Departamento: 'Ventas' });
  });

  it('shows the line numbers of the file when it has blank lines', async () => {
    // Header (1), Luis (2), blank (3), Ana without a last name (4).
    const csv = ['Nombre;Apellido;Email;Código', 'Luis;Quispe;luis@andes.pe;EMP-010', '', 'Ana;;ana@andes.pe;EMP-011'].join('\n');
    const fetchMock = mockApi(
      baseRoutes({
        'POST /api/company-admin-simple/employees/import': mockRefusal(
          400,
          'validation_failed',
          'El archivo tiene 1 fila(s) con errores. No se importó nada.',
          {
            errors: [{ path: '4.lastName', message: 'El apellido es requerido' }],
          },
        ),
      }),
    );
    const { dialog } = await openImport(csv);

    const bad = await within(dialog).findByTestId('import-line-4');
    expect(within(bad).getByText('Ana')).toBeInTheDocument();
    expect(within(bad).getByText('El apellido es requerido')).toBeInTheDocument();
    expect(within(bad).getAllByRole('cell')[0]).toHaveTextContent('4');
    expect(within(dialog).queryByTestId('import-line-3')).not.toBeInTheDocument();
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/employees/import'))!;
    expect(JSON.parse(String(init?.body))).toMatchObject({ lines: [2, 4], dryRun: true });
  });

  it('imports every row after a clean dry run', async () => {
    const bodies: { dryRun: boolean }[] = [];
    mockApi(
      baseRoutes({
        'POST /api/company-admin-simple/employees/import': (init) => {
          const body = JSON.parse(String(init?.body));
          bodies.push(body);
          const data = { dryRun: body.dryRun, count: 3, newDepartments: ['Ventas', 'Almacén'], rows: [], emailFailures: 0 };
          return body.dryRun
            ? mockAnswer(savedAnswer(importResult), { data, message: '3 empleado(s) listos para importar' })
            : mockAnswer(savedAnswer(importResult), { data, message: '3 empleado(s) importado(s) exitosamente' }, 201);
        },
      }),
    );
    const { user, dialog } = await openImport();

    expect(await within(dialog).findByText('3 empleado(s) listos para importar')).toBeInTheDocument();
    expect(within(dialog).getByText('Departamentos nuevos que se crearán: Ventas, Almacén')).toBeInTheDocument();
    expect(within(dialog).getAllByText('Lista')).toHaveLength(3);

    await user.click(within(dialog).getByRole('button', { name: 'Importar 3 empleados' }));
    expect(await screen.findByText('3 empleado(s) importado(s) exitosamente')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Importar empleados' })).not.toBeInTheDocument());
    expect(bodies.map((b) => b.dryRun)).toEqual([true, false]);
  });

  it('a file beyond the plan limit is refused like a single create (403): the upgrade prompt replaces the preview', async () => {
    mockApi(
      baseRoutes({
        'GET /api/company-admin-simple/company/settings': usage([3, 5]),
        'POST /api/company-admin-simple/employees/import': mockRefusal(
          403,
          'plan_limit_reached',
          'Has alcanzado el límite de tu plan. Actualiza a Premium para continuar.',
          {
            feature: 'employees',
            limit: 5,
            errors: [{ path: 'employees', message: 'Has alcanzado el límite de tu plan. Actualiza a Premium para continuar.' }],
          },
        ),
      }),
    );
    await openImport();
    const prompt = await screen.findByRole('dialog', { name: 'Actualiza tu plan' });
    expect(within(prompt).getByText('Límite de empleados de tu plan: 5.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Importar empleados' })).not.toBeInTheDocument());
  });
});
