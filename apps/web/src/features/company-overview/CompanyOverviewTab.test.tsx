import { companyDashboardAnswer, publicConfigAnswer, weeklySummaryAnswer } from '@presente/shared';
import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import i18n from '../../lib/i18n';
import { mockAnswer, mockServerError, sessionRoutes } from '../../test/answers';
import { ADMIN, tourAnswer } from '../../test/companyAdmin';
import { type MockResponse, mockApi, renderApp } from '../../test/renderApp';

type Overview = z.input<typeof companyDashboardAnswer>['data'];
const overview = (data: Overview) => mockAnswer(companyDashboardAnswer, { data });

const DASHBOARD: Overview = {
  totalEmployees: 14,
  activeEmployees: 12,
  presentToday: 7,
  absentToday: 3,
  lateToday: 2,
  earlyToday: 1,
  permissionsToday: 4,
  holidaysToday: 5,
  company: { id: 'c1', name: 'Andes Textiles S.A.C.', plan: 'FREE', maxEmployees: 15, timezone: 'America/Lima' },
  usage: { employees: { used: 14, limit: 15 }, schedules: { used: 1, limit: 1 }, locations: { used: 1, limit: 1 }, links: { used: 0, limit: 1 } },
  firstSteps: { schedule: true, location: true, employees: true, faces: true, kioskLink: true },
  today: '2026-03-10',
  monthlyStats: { totalWorkingDays: 6, attendancePercentage: 72, totalHours: 310.5, leaveHours: 16, averageHoursPerDay: 7.83 },
  departmentStats: [
    { id: 'd1', name: 'Producción', totalEmployees: 8, presentToday: 5, absentToday: 2, lateToday: 1, attendancePercentage: 91 },
    { id: 'd2', name: 'Ventas', totalEmployees: 4, presentToday: 2, absentToday: 1, lateToday: 0, attendancePercentage: 55 },
  ],
};

const day = (date: string, counts: Partial<Record<'present' | 'early' | 'late' | 'absent' | 'permission' | 'day_off', number>>, attendanceRate = 0) => ({
  date,
  present: 0,
  early: 0,
  late: 0,
  absent: 0,
  permission: 0,
  holiday: 0,
  day_off: 0,
  pending: 0,
  attendanceRate,
  ...counts,
});
// The seven complete days before 2026-03-10 (a Tuesday): Tuesday 3 to Monday 9.
const WEEK = [
  day('2026-03-03', { present: 8, early: 1, late: 2, absent: 1 }, 92),
  day('2026-03-04', { present: 10, absent: 2 }, 83),
  day('2026-03-05', { present: 9, late: 1, absent: 2 }, 83),
  day('2026-03-06', { present: 11, permission: 1 }, 100),
  day('2026-03-07', { day_off: 12 }),
  day('2026-03-08', { day_off: 12 }),
  day('2026-03-09', { present: 6, late: 3, absent: 3 }, 75),
];

const KEYS = ['present', 'early', 'late', 'absent', 'permission', 'holiday', 'day_off', 'pending'] as const;
/** The week's totals as the server sums them (the screen draws the days; the answer always carries both). */
const TOTALS = { ...Object.fromEntries(KEYS.map((k) => [k, WEEK.reduce((sum, d) => sum + d[k], 0)])), attendanceRate: 87 } as Record<
  (typeof KEYS)[number],
  number
> & {
  attendanceRate: number;
};

function routes(dashboard: () => MockResponse) {
  return {
    'GET /api/company-admin-simple/attendance/weekly-summary': mockAnswer(weeklySummaryAnswer, { data: { days: WEEK, totals: TOTALS, employees: 12 } }),
    ...sessionRoutes(ADMIN),
    'GET /api/company-admin-simple/tour/status': tourAnswer(),
    'GET /api/company-admin-simple/dashboard': dashboard,
  };
}

const card = (label: string) => screen.getByLabelText(new RegExp(`^${label}: `));

// The dashboard is a lazy chunk: load it once up front so the first test's waits measure the screen, not the import.
beforeAll(() => import('../dashboard/components/DashboardLayout'), 60_000);

describe('CompanyOverviewTab', () => {
  it('shows the figures of the API: today, the month, departments, plan usage and support', async () => {
    const fetchMock = mockApi(routes(() => overview(DASHBOARD)));
    renderApp('/company-admin');

    expect(await screen.findByText('Andes Textiles S.A.C.')).toBeInTheDocument();
    expect(screen.getByText('Hoy, martes, 10 de marzo de 2026')).toBeInTheDocument();
    const figures: [string, string][] = [
      ['Total empleados', '14'],
      ['Empleados activos', '12'],
      ['Presentes hoy', '7'],
      ['Ausentes hoy', '3'],
      ['Tardanzas hoy', '2'],
      ['Llegadas tempranas hoy', '1'],
      ['Permisos hoy', '4'],
      ['En feriado hoy', '5'],
    ];
    for (const [label, value] of figures) expect(card(label)).toHaveTextContent(value);
    expect(screen.getByText('2 inactivos')).toBeInTheDocument();
    // 'Presentes hoy' includes late and early arrivals; the hints say so (decision 0016).
    expect(card('Presentes hoy').parentElement).toHaveTextContent('de 12 activos · con tardanzas y llegadas tempranas');
    expect(card('Tardanzas hoy').parentElement).toHaveTextContent('Incluidas en Presentes hoy');
    expect(card('Llegadas tempranas hoy').parentElement).toHaveTextContent('Incluidas en Presentes hoy');
    expect(card('Ausentes hoy').parentElement).toHaveTextContent('Sin entrada pasada la hora de inicio y la tolerancia');

    // Monthly stats with the utilisation colours: 72 % is "medium".
    expect(screen.getByText('Del 1 de marzo a hoy')).toBeInTheDocument();
    expect(screen.getByText('6')).toBeInTheDocument();
    expect(screen.getByText('72%')).toBeInTheDocument();
    expect(screen.getByText('Media')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Porcentaje de asistencia' }).closest('[data-level]')).toHaveAttribute('data-level', 'medium');
    expect(screen.getByText('310.50 h')).toBeInTheDocument();
    // Permission hours are paid leave, shown apart from the hours worked (decision 0037).
    expect(screen.getByText('+ 16.00 h de permiso (pagadas, no trabajadas)')).toBeInTheDocument();
    expect(screen.getByText('7.83 h')).toBeInTheDocument();

    // Last 7 days: who came (on time, early, late), late, absent and the rate; weekend days without shifts.
    const week = within(await screen.findByRole('table', { name: 'Últimos 7 días' })).getAllByRole('row');
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(week).toHaveLength(8);
    // (The weekday's abbreviation depends on the ICU data: "mar" or "mar.".)
    expect(cells(week[1])).toEqual([expect.stringMatching(/^mar\.?, 03\/03$/), '11', '2', '1', '92%']);
    expect(cells(week[5])).toEqual([expect.stringMatching(/^sáb\.?, 07\/03$/), '0', '0', '0', 'Sin turnos']);
    expect(cells(week[7])).toEqual([expect.stringMatching(/^lun\.?, 09\/03$/), '9', '3', '3', '75%']);
    const asked = fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('/attendance/weekly-summary'));
    expect(asked.some((url) => url.includes('startDate=2026-03-03&endDate=2026-03-09'))).toBe(true);
    // The chart of the last 30 complete days reads the same per-day counts (issue 16, item 5).
    expect(asked.some((url) => url.includes('startDate=2026-02-08&endDate=2026-03-09'))).toBe(true);
    const chart = await screen.findByRole('figure', { name: 'Últimos 30 días' });
    // 5 of the 7 days had shifts; their rates (92, 83, 83, 100, 75) average 87 %.
    expect(chart).toHaveTextContent('5 días con turnos · asistencia promedio 87%');

    // Department summary.
    const table = screen.getAllByRole('table').find((t) => within(t).queryByText('Producción'))!;
    const rows = within(table).getAllByRole('row');
    expect(
      within(rows[1])
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Producción', '8', '5', '2', '1', '91%']);
    expect(
      within(rows[2])
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Ventas', '4', '2', '1', '0', '55%']);

    // Plan usage and help: e-mail support only while no WhatsApp line is configured (here GET /api/config fails: the defaults).
    expect(screen.getByText('Empleados: 14/15')).toBeInTheDocument();
    expect(screen.getByText('Te queda 1 cupo')).toBeInTheDocument();
    expect(screen.getByText('Horario de atención: lunes a viernes de 11:00 a 17:00')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Escribir a soporte' })).toHaveAttribute('href', expect.stringContaining('mailto:soporte@presente.app'));
    expect(screen.queryByText('WhatsApp')).not.toBeInTheDocument();
  });

  it('links the help card to WhatsApp support when the server has a support line', async () => {
    mockApi({
      ...routes(() => overview(DASHBOARD)),
      'GET /api/config': mockAnswer(publicConfigAnswer, {
        data: { map: { tileUrl: null, attribution: null }, support: { email: 'ayuda@presente.pe', whatsapp: '51987654321' } },
      }),
    });
    renderApp('/company-admin');

    const chat = await screen.findByRole('link', { name: 'Abrir chat' });
    expect(chat).toHaveAttribute('href', `https://wa.me/51987654321?text=${encodeURIComponent('Hola, necesito ayuda con Presente.')}`);
    expect(chat).toHaveAttribute('target', '_blank');
    expect(screen.getByText('Horario de atención: lunes a viernes de 11:00 a 17:00')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Escribir a soporte' })).toHaveAttribute('href', expect.stringContaining('mailto:ayuda@presente.pe'));
  });

  it("speaks English: 'Last 7 days' with English weekdays", async () => {
    await i18n.changeLanguage('en'); // the test setup brings Spanish back before the next test
    mockApi(routes(() => overview(DASHBOARD)));
    renderApp('/company-admin');
    const week = within(await screen.findByRole('table', { name: 'Last 7 days' }));
    expect(week.getByRole('columnheader', { name: 'Attendance' })).toBeInTheDocument();
    expect(week.getAllByRole('row')[1]).toHaveTextContent(/^Tue/);
    // Day first in English too (03/03 is ambiguous; 09/03 is 9 March, never "3/9").
    expect(week.getAllByRole('row')[7]).toHaveTextContent(/^Mon, 09\/03/);
    expect(screen.getByText('Support hours: Monday to Friday, 11:00 to 17:00')).toBeInTheDocument();
    expect(week.getAllByText('No shifts')).toHaveLength(2);
    expect(screen.getByText('Complete days (today is in the cards above)')).toBeInTheDocument();
  });

  it("shows 'Error al cargar las estadísticas del dashboard' with Reintentar, and loads on retry", async () => {
    let calls = 0;
    mockApi(
      routes(() => {
        calls += 1;
        return calls === 1 ? mockServerError() : overview(DASHBOARD);
      }),
    );
    const { user } = renderApp('/company-admin');

    expect(await screen.findByText('Error al cargar las estadísticas del dashboard')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('Andes Textiles S.A.C.')).toBeInTheDocument();
    expect(card('Presentes hoy')).toHaveTextContent('7');
  });

  it("greets a brand-new company with its first steps, ticked from the API, and no red '0 % Baja'", async () => {
    const fresh = {
      ...DASHBOARD,
      totalEmployees: 0,
      activeEmployees: 0,
      presentToday: 0,
      absentToday: 0,
      lateToday: 0,
      earlyToday: 0,
      permissionsToday: 0,
      holidaysToday: 0,
      monthlyStats: { totalWorkingDays: 0, attendancePercentage: 0, totalHours: 0, leaveHours: 0, averageHoursPerDay: 0 },
      departmentStats: [],
      firstSteps: { schedule: true, location: false, employees: false, faces: false, kioskLink: false },
    };
    mockApi(routes(() => overview(fresh)));
    renderApp('/company-admin');

    const steps = within(await screen.findByRole('region', { name: 'Primeros pasos' }));
    expect(steps.getByText('1 de 5 listos')).toBeInTheDocument();
    const item = (id: string) => document.querySelector(`[data-step="${id}"]`)!;
    expect(item('schedule')).toHaveAttribute('data-done', 'true');
    expect(item('location')).toHaveAttribute('data-done', 'false');
    expect(steps.getAllByRole('listitem').map((li) => li.getAttribute('data-step'))).toEqual(['schedule', 'location', 'employees', 'faces', 'kioskLink']);
    expect(steps.getAllByRole('link', { name: 'Ir a Configuración' })).toHaveLength(2);
    expect(within(item('employees') as HTMLElement).getByRole('link', { name: 'Ir a Empleados' })).toHaveAttribute('href', '/company-admin/employees');
    // The month: a neutral empty state, not a red 0 % "Baja".
    expect(screen.getByText('Aún no hay días laborables este mes')).toBeInTheDocument();
    expect(screen.queryByText('Baja')).not.toBeInTheDocument();
    expect(screen.queryByText('0%')).not.toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { name: 'Porcentaje de asistencia' })).not.toBeInTheDocument();
  });

  it('hides the first steps once all five are done', async () => {
    mockApi(routes(() => overview({ ...DASHBOARD, firstSteps: { schedule: true, location: true, employees: true, faces: true, kioskLink: true } })));
    renderApp('/company-admin');
    expect(await screen.findByText('Andes Textiles S.A.C.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Primeros pasos' })).not.toBeInTheDocument();
    expect(screen.getByText('72%')).toBeInTheDocument();
  });
});
