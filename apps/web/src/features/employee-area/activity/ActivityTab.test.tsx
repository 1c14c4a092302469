import { act, configure, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import i18n from '../../../lib/i18n';
import { mockGatewayFailure } from '../../../test/answers';
import { mockApi, renderApp } from '../../../test/renderApp';
import { activity, activityPage, employeeRoutes } from '../test/fixtures';

configure({ asyncUtilTimeout: 10_000 });

const activityUrls = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.split('?')[0].endsWith('/employee/activity'));

const limaToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Lima' }).format(new Date());

describe('Activity tab', { timeout: 30_000 }, () => {
  it('lists activities with relative times and opens the detail of each type', async () => {
    const twoMinutesAgo = new Date(Date.now() - 125_000).toISOString();
    mockApi(
      employeeRoutes({
        'GET /api/employee/activity': activityPage([
          activity(1, {
            timestamp: twoMinutesAgo,
            details: {
              date: '2026-05-04',
              checkIn: '2026-05-04T13:02:00.000Z',
              status: 'late',
              method: 'web',
              location: { latitude: -12.0464, longitude: -77.0428, accuracy: 12, distance: 40 },
            },
          }),
          activity(2, {
            type: 'attendance_edit',
            title: 'Asistencia editada por el administrador',
            timestamp: '2026-01-05T15:00:00.000Z',
            adminName: 'Rosa Mamani',
            details: {
              date: '2026-01-05',
              changes: { checkIn: '2026-01-05T13:00:00.000Z', checkOut: 'nope', isPermission: false, notes: 'Corrección' },
              previousValues: { checkIn: '2026-01-05T13:40:00.000Z', checkOut: null, isPermission: false, notes: null },
              reason: 'Olvidó marcar',
              method: 'manual',
            },
          }),
          activity(3, {
            type: 'schedule_change',
            title: 'Cambio de horario',
            details: { newSchedule: { name: 'Turno tarde', startTime: '14:00', endTime: '22:00' }, effectiveDate: '2026-13-01' },
          }),
        ]),
      }),
    );
    const { user } = renderApp('/employee/activity');
    expect(await screen.findByText('hace 2 minutos')).toBeInTheDocument();
    expect(screen.getByText('05/01/2026')).toBeInTheDocument();
    expect(screen.getByText(/· Día 05\/01\/2026 · Por Rosa Mamani$/)).toBeInTheDocument();
    expect(screen.getByText(/· Día 04\/05\/2026$/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Ver detalle: Entrada registrada' }));
    let dialog = await screen.findByRole('dialog', { name: 'Detalle de la actividad' });
    expect(within(dialog).getByText('04/05/2026')).toBeInTheDocument();
    expect(within(dialog).getByText('04/05/2026 08:02')).toBeInTheDocument();
    expect(within(dialog).getByText('Tardanza')).toBeInTheDocument();
    expect(within(dialog).getByText('-12.046400, -77.042800 · precisión ±12 m · a 40 m del lugar de trabajo')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: /cerrar|close/i }));

    await user.click(screen.getByRole('button', { name: 'Ver detalle: Asistencia editada por el administrador' }));
    dialog = await screen.findByRole('dialog', { name: 'Detalle de la actividad' });
    expect(within(dialog).getByText('Olvidó marcar')).toBeInTheDocument();
    expect(within(dialog).getByText('05/01/2026 08:00')).toBeInTheDocument();
    expect(within(dialog).getByText('05/01/2026 08:40')).toBeInTheDocument();
    expect(within(dialog).getByText('Fecha inválida')).toBeInTheDocument();
    expect(within(dialog).getAllByText('No disponible').length).toBeGreaterThan(0);
    await user.click(within(dialog).getByRole('button', { name: /cerrar|close/i }));

    await user.click(screen.getByRole('button', { name: 'Ver detalle: Cambio de horario' }));
    dialog = await screen.findByRole('dialog', { name: 'Detalle de la actividad' });
    expect(within(dialog).getByText('Turno tarde (14:00 - 22:00)')).toBeInTheDocument();
    expect(within(dialog).getByText('Fecha inválida')).toBeInTheDocument();
    // previousSchedule is listed for a schedule change, missing here.
    expect(within(dialog).getByText('No disponible')).toBeInTheDocument();
  });

  it('a custom period waits for both dates, bounded by each other and today', async () => {
    const fetchMock = mockApi(employeeRoutes());
    const { user } = renderApp('/employee/activity');
    await screen.findByText('No hay actividad en este período');
    expect(activityUrls(fetchMock)[0]).toMatch(/filter=all&page=1&limit=10$/);

    await user.click(screen.getByRole('combobox', { name: 'Período' }));
    await user.click(await screen.findByRole('option', { name: 'Personalizado' }));
    expect(await screen.findByText('Elige las fechas Desde y Hasta')).toBeInTheDocument();
    const before = activityUrls(fetchMock).length;

    const from = screen.getByRole('textbox', { name: 'Desde' });
    fireEvent.change(from, { target: { value: '01/05/2026' } });
    fireEvent.blur(from);
    expect(await screen.findByText('Selecciona la fecha Hasta')).toBeInTheDocument();
    expect(activityUrls(fetchMock)).toHaveLength(before);

    const to = screen.getByRole('textbox', { name: 'Hasta' });
    const today = limaToday();
    const [y, m, d] = today.split('-');
    fireEvent.change(to, { target: { value: `${d}/${m}/${y}` } });
    fireEvent.blur(to);
    await screen.findByText('No hay actividad en este período');
    const last = activityUrls(fetchMock).at(-1)!;
    expect(last).toContain('startDate=2026-05-01');
    expect(last).toContain(`endDate=${today}`);
  });

  it('switching the language asks the server again and shows its titles in the new language', async () => {
    const fetchMock = mockApi(
      employeeRoutes({
        'GET /api/employee/activity': (init) => {
          const english = new Headers(init?.headers).get('Accept-Language') === 'en';
          return activityPage([activity(1, { title: english ? 'Check-in recorded' : 'Entrada registrada' })]);
        },
      }),
    );
    renderApp('/employee/activity');
    expect(await screen.findByText('Entrada registrada')).toBeInTheDocument();
    const before = activityUrls(fetchMock).length;
    try {
      await act(() => i18n.changeLanguage('en'));
      expect(await screen.findByText('Check-in recorded')).toBeInTheDocument();
      expect(activityUrls(fetchMock).length).toBeGreaterThan(before);
    } finally {
      await act(() => i18n.changeLanguage('es'));
    }
  });

  it('shows the spec message when the activity does not load', async () => {
    mockApi(employeeRoutes({ 'GET /api/employee/activity': mockGatewayFailure(500) }));
    renderApp('/employee/activity');
    expect(await screen.findByText('Error al cargar la actividad')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
  });
});
