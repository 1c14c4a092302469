import { pageAnswer, scheduleAnswer } from '@presente/shared';
import { configure, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { mockPage, mockRefusal } from '../../test/answers';
import { baseRoutes, fill, usage } from '../../test/companyAdmin';
import { mockApi, renderApp } from '../../test/renderApp';
import type { Schedule } from './api';

configure({ asyncUtilTimeout: 5000 });

// The dashboard and its tab load lazily: once up front, so the first test's waits measure the screen, not the import.
beforeAll(() => Promise.all([import('../dashboard/components/DashboardLayout'), import('./pages/SchedulesTab')]), 60_000);

const MORNING: Schedule = {
  id: '10000000-0000-4000-8000-000000000001',
  name: 'Turno mañana',
  startTime: '08:00',
  endTime: '17:00',
  breakStartTime: '13:00',
  breakEndTime: '14:00',
  workDays: '1,2,3,4,5,6',
  lateToleranceMinutes: 10,
  allowEarlyCheckIn: true,
  earlyCheckInMinutes: 30,
  countActualTime: false,
  allowManualAttendance: false,
  allowQrAttendance: false,
  isActive: true,
  locationId: null,
  createdAt: '2026-01-10T15:00:00.000Z',
  updatedAt: '2026-01-10T15:00:00.000Z',
  location: null,
  _count: { employees: 4 },
};

/** The 24-hour time field: hours and minutes are two inputs named after the field. */
async function setTime(user: ReturnType<typeof renderApp>['user'], dialog: HTMLElement, label: string, hours: string, minutes: string) {
  await user.type(within(dialog).getByLabelText(`${label}: horas`), hours);
  await user.type(within(dialog).getByLabelText(`${label}: minutos`), minutes);
}

const posts = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls.filter(([url, init]) => String(url).endsWith('/schedules') && init?.method === 'POST');

describe('SchedulesTab', { timeout: 30_000 }, () => {
  it('lists schedules with hours, break, work days, tolerance and manual marking', async () => {
    mockApi(
      baseRoutes({
        'GET /api/company-admin-simple/schedules': mockPage(pageAnswer(scheduleAnswer), [MORNING]),
        'GET /api/company-admin-simple/company/settings': usage([0, 5], [1, -1], 'PREMIUM'),
      }),
    );
    renderApp('/company-admin/schedules');
    expect(await screen.findByText('Turno mañana')).toBeInTheDocument();
    expect(screen.getByText('08:00 - 17:00')).toBeInTheDocument();
    expect(screen.getByText('13:00 - 14:00')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Lunes, Martes, Miércoles, Jueves, Viernes, Sábado' })).toBeInTheDocument();
    expect(screen.getByText('10 min')).toBeInTheDocument();
    expect(screen.getByText('Solo Facial')).toBeInTheDocument();
    expect(screen.getByText('4 empleado(s)')).toBeInTheDocument();
  });

  it("marks the next day on a night shift's end: 22:00 - 06:00 (+1)", async () => {
    const night = { ...MORNING, name: 'Turno noche', startTime: '22:00', endTime: '06:00', breakStartTime: null, breakEndTime: null };
    mockApi(
      baseRoutes({
        'GET /api/company-admin-simple/schedules': mockPage(pageAnswer(scheduleAnswer), [night]),
        'GET /api/company-admin-simple/company/settings': usage([0, 5], [1, -1], 'PREMIUM'),
      }),
    );
    renderApp('/company-admin/schedules');
    expect(await screen.findByText('Turno noche')).toBeInTheDocument();
    expect(screen.getByText('22:00 - 06:00 (+1)')).toBeInTheDocument();
  });

  it('shows the defaults and the spec messages in the form', async () => {
    const fetchMock = mockApi(baseRoutes());
    const { user } = renderApp('/company-admin/schedules');
    await screen.findByText('No hay horarios registrados');
    await user.click(screen.getByRole('button', { name: 'Nuevo horario' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo horario' });

    // Defaults (spec §9): Monday-Friday, tolerance 15, early check-in 30 and allowed, manual allowed, active.
    expect(within(dialog).getByRole('checkbox', { name: 'Lunes' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Sábado' })).not.toBeChecked();
    expect(within(dialog).getByLabelText(/^Tolerancia de tardanza/)).toHaveValue('15');
    expect(within(dialog).getByLabelText(/^Minutos de anticipación/)).toHaveValue('30');
    expect(within(dialog).getByRole('switch', { name: /^Permitir marcación manual/ })).toBeChecked();

    for (const day of ['Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes']) await user.click(within(dialog).getByRole('checkbox', { name: day }));
    await user.click(within(dialog).getByRole('button', { name: 'Crear horario' }));
    expect(await within(dialog).findByText('El nombre del horario es requerido')).toBeInTheDocument();
    expect(within(dialog).getByText('La hora de inicio es requerida')).toBeInTheDocument();
    expect(within(dialog).getByText('La hora de fin es requerida')).toBeInTheDocument();
    expect(within(dialog).getByText('Debe seleccionar al menos un día laboral')).toBeInTheDocument();
    expect(posts(fetchMock)).toHaveLength(0);
  });

  it('disables the early check-in minutes unless allowed and explains night shifts', async () => {
    mockApi(baseRoutes());
    const { user } = renderApp('/company-admin/schedules');
    await user.click(await screen.findByRole('button', { name: 'Nuevo horario' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo horario' });

    // Early check-in minutes are only editable while early check-in is allowed.
    await user.click(within(dialog).getByRole('switch', { name: /^Permitir entrada anticipada/ }));
    expect(within(dialog).getByLabelText(/^Minutos de anticipación/)).toBeDisabled();

    await setTime(user, dialog, 'Hora de inicio', '22', '00');
    await setTime(user, dialog, 'Hora de fin', '06', '00');
    expect(await within(dialog).findByText('Turno nocturno: la hora de fin es del día siguiente.')).toBeInTheDocument();
  });

  it('refuses a break that ends before it starts, under the break field, and sends nothing (decision 0024)', async () => {
    const fetchMock = mockApi(baseRoutes());
    const { user } = renderApp('/company-admin/schedules');
    await user.click(await screen.findByRole('button', { name: 'Nuevo horario' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo horario' });
    await fill(user, within(dialog).getByLabelText(/^Nombre del horario/), 'Turno mañana');
    await setTime(user, dialog, 'Hora de inicio', '08', '00');
    await setTime(user, dialog, 'Hora de fin', '17', '00');
    await setTime(user, dialog, 'Inicio del descanso', '14', '00');
    await setTime(user, dialog, 'Fin del descanso', '13', '00');
    await user.click(within(dialog).getByRole('button', { name: 'Crear horario' }));

    const message = await within(dialog).findByText('El fin del descanso debe ser posterior a su inicio');
    // Under the "Fin del descanso" field: the message sits in that field's wrapper.
    const wrapper = message.closest('.mantine-InputWrapper-root') as HTMLElement;
    expect(within(wrapper).getByText('Fin del descanso')).toBeInTheDocument();
    expect(posts(fetchMock)).toHaveLength(0);
  });

  it('opens the upgrade prompt instead of the form on the free plan with one schedule', async () => {
    mockApi(
      baseRoutes({
        'GET /api/company-admin-simple/schedules': mockPage(pageAnswer(scheduleAnswer), [MORNING]),
        'GET /api/company-admin-simple/company/settings': usage([0, 5], [1, 1]),
      }),
    );
    const { user } = renderApp('/company-admin/schedules');
    await screen.findByText('Turno mañana');
    await user.click(screen.getByRole('button', { name: 'Nuevo horario' }));
    const prompt = await screen.findByRole('dialog', { name: 'Actualiza tu plan' });
    expect(within(prompt).getByText('Alcanzaste el límite de horarios de tu plan')).toBeInTheDocument();
    expect(within(prompt).getByText('Límite de horarios de tu plan: 1.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Nuevo horario' })).not.toBeInTheDocument();
  });

  it('opens the upgrade prompt when creating answers 403 plan_limit_reached', async () => {
    const fetchMock = mockApi(
      baseRoutes({
        'POST /api/company-admin-simple/schedules': mockRefusal(403, 'plan_limit_reached', 'Has alcanzado el límite de tu plan.', {
          errors: [{ path: 'schedules', message: 'x' }],
        }),
      }),
    );
    const { user } = renderApp('/company-admin/schedules');
    await screen.findByText('No hay horarios registrados');
    await user.click(screen.getByRole('button', { name: 'Nuevo horario' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo horario' });
    await fill(user, within(dialog).getByLabelText(/^Nombre del horario/), 'Turno tarde');
    await setTime(user, dialog, 'Hora de inicio', '14', '00');
    await setTime(user, dialog, 'Hora de fin', '22', '00');
    await user.click(within(dialog).getByRole('button', { name: 'Crear horario' }));

    expect(await screen.findByRole('dialog', { name: 'Actualiza tu plan' })).toBeInTheDocument();
    const body = JSON.parse(String(posts(fetchMock)[0][1]?.body));
    expect(body).toMatchObject({
      name: 'Turno tarde',
      startTime: '14:00',
      endTime: '22:00',
      workDays: '1,2,3,4,5',
      lateToleranceMinutes: 15,
      earlyCheckInMinutes: 30,
    });
  });
});
