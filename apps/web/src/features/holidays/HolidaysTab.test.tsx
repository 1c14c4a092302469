import { holidayAnswer, pageAnswer } from '@presente/shared';
import { configure, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockGatewayFailure, mockPage, mockRefusal } from '../../test/answers';
import { baseRoutes } from '../../test/companyAdmin';
import { mockApi, renderApp } from '../../test/renderApp';
import type { Holiday } from './api';

configure({ asyncUtilTimeout: 5000 });

const PATRIAS: Holiday = {
  id: '20000000-0000-4000-8000-000000000001',
  name: 'Fiestas Patrias',
  date: '2026-07-28',
  description: 'Independencia del Perú',
  applyToAll: false,
  shouldPayFullDay: true,
  isActive: true,
  scheduleIds: ['10000000-0000-4000-8000-000000000001'],
  schedules: [{ id: '10000000-0000-4000-8000-000000000001', name: 'Turno mañana' }],
  createdAt: '2026-01-10T15:00:00.000Z',
  updatedAt: '2026-01-10T15:00:00.000Z',
};

const holidayCalls = (fetchMock: ReturnType<typeof mockApi>, method: string) =>
  fetchMock.mock.calls.filter(([url, init]) => String(url).split('?')[0].endsWith('/holidays') && (init?.method ?? 'GET') === method);

describe('HolidaysTab', { timeout: 30_000 }, () => {
  it('lists holidays with dd/mm/yyyy dates, pay and scope, filtered by the current year', async () => {
    const fetchMock = mockApi(
      baseRoutes({
        'GET /api/company-admin-simple/holidays': mockPage(pageAnswer(holidayAnswer), [
          PATRIAS,
          {
            ...PATRIAS,
            id: 'h2',
            name: 'Navidad',
            date: '2026-12-25',
            applyToAll: true,
            shouldPayFullDay: false,
            schedules: [],
            scheduleIds: [],
            description: null,
          },
        ]),
      }),
    );
    renderApp('/company-admin/holidays');
    expect(await screen.findByText('Fiestas Patrias')).toBeInTheDocument();
    expect(screen.getByText('28/07/2026')).toBeInTheDocument();
    expect(screen.getByText('25/12/2026')).toBeInTheDocument();
    expect(screen.getByText('Pagado')).toBeInTheDocument();
    expect(screen.getByText('Sin pago')).toBeInTheDocument();
    expect(screen.getByLabelText('Específicos: Turno mañana')).toBeInTheDocument();
    expect(screen.getByText('Todos', { selector: '.mantine-Badge-label' })).toBeInTheDocument();
    const [url] = holidayCalls(fetchMock, 'GET')[0];
    const limaYear = new Intl.DateTimeFormat('en-US', { year: 'numeric', timeZone: 'America/Lima' }).format(new Date());
    expect(String(url)).toMatch(new RegExp(`year=${limaYear}`));
    expect(String(url)).not.toMatch(/month=/);
  });

  it('shows the validation messages of the shared schema', async () => {
    const fetchMock = mockApi(baseRoutes());
    const { user } = renderApp('/company-admin/holidays');
    await screen.findByText('No hay feriados en este período');
    await user.click(screen.getByRole('button', { name: 'Nuevo feriado' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo feriado' });

    await user.click(within(dialog).getByRole('switch', { name: /^Aplicar a todos los horarios/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Crear feriado' }));
    expect(await within(dialog).findByText('El nombre del feriado es requerido')).toBeInTheDocument();
    // An empty date is missing, not malformed (walk-through finding 6).
    expect(within(dialog).getByText('La fecha es requerida')).toBeInTheDocument();
    expect(within(dialog).queryByText('Formato inválido')).not.toBeInTheDocument();
    expect(within(dialog).getByText('Selecciona al menos un horario o aplica a todos')).toBeInTheDocument();
    expect(holidayCalls(fetchMock, 'POST')).toHaveLength(0);
  });

  it('shows the server message when saving fails, and the spec fallback when there is none', async () => {
    mockApi(
      baseRoutes({
        'GET /api/company-admin-simple/holidays': mockPage(pageAnswer(holidayAnswer), [PATRIAS]),
        [`PUT /api/company-admin-simple/holidays/${PATRIAS.id}`]: mockRefusal(404, 'not_found', 'Horario no encontrado'),
        [`DELETE /api/company-admin-simple/holidays/${PATRIAS.id}`]: mockGatewayFailure(),
      }),
    );
    const { user } = renderApp('/company-admin/holidays');
    await user.click(await screen.findByRole('button', { name: 'Editar: Fiestas Patrias' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar feriado' });
    expect(within(dialog).getByDisplayValue('Fiestas Patrias')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Guardar cambios' }));
    expect(await within(dialog).findByText('Horario no encontrado')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));

    await user.click(screen.getByRole('button', { name: 'Eliminar: Fiestas Patrias' }));
    const confirm = await screen.findByRole('dialog', { name: 'Eliminar feriado' });
    expect(within(confirm).getByText(/Fiestas Patrias del 28\/07\/2026/)).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('Error al eliminar feriado')).toBeInTheDocument();
  });
});
