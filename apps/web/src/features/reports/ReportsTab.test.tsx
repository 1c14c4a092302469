import { attendanceReportAnswer, availableYearsAnswer, type ReportLineAnswer } from '@presente/shared';
import { act, configure, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { mockAnswer } from '../../test/answers';
import { baseRoutes, employee, employeesPage, fill, usage } from '../../test/companyAdmin';
import { mockApi, renderApp } from '../../test/renderApp';
import { SEARCH_DEBOUNCE_MS } from '../employees/components/EmployeeAutocomplete';

configure({ asyncUtilTimeout: 5000 });

// The dashboard is a lazy chunk: load it once up front so the first test's waits measure the screen, not the import.
beforeAll(() => import('../dashboard/components/DashboardLayout'), 60_000);

const ANA = employee(1, { scheduleId: 's1', hireDate: '2025-01-01', employeeCode: 'EMP-001' });

type Line = Omit<ReportLineAnswer, 'holiday'>;

/** The report as GET /employees/{id}/report answers it (the server computes it; the screen only shows it). */
function reportOf(lines: Line[], figures: Record<string, number> = {}) {
  const { totalHours, attendanceRate, averageHoursPerDay, ...days } = figures;
  const counts = { present: 0, early: 0, late: 0, absent: 0, permission: 0, holiday: 0, day_off: 0, pending: 0, ...days };
  return {
    employee: {
      id: ANA.id,
      firstName: ANA.firstName,
      lastName: ANA.lastName,
      employeeCode: ANA.employeeCode,
      email: ANA.email,
      position: null,
      department: null,
    },
    startDate: '2026-01-01',
    endDate: '2026-01-31',
    timezone: 'America/Lima',
    attendances: lines.map((line) => ({ ...line, holiday: null })),
    counts,
    presentDays: counts.present,
    earlyDays: counts.early,
    lateDays: counts.late,
    absentDays: counts.absent,
    permissionDays: counts.permission,
    holidayDays: counts.holiday,
    dayOffDays: counts.day_off,
    totalHours: totalHours ?? 0,
    leaveHours: 0,
    workedDays: lines.filter((l) => l.hours !== null).length,
    averageHoursPerDay: averageHoursPerDay ?? 0,
    attendanceRate: attendanceRate ?? 0,
  };
}

function routes(lines: Line[], figures: Record<string, number> = {}) {
  return baseRoutes({
    // Excel/PDF exports are Premium (FREE is covered in plan-usage/exportGate.test.tsx).
    'GET /api/company-admin-simple/company/settings': usage([1, 20], [1, -1], 'PREMIUM'),
    'GET /api/company-admin-simple/available-years': mockAnswer(availableYearsAnswer, { data: [2026, 2025] }),
    'GET /api/company-admin-simple/employees': employeesPage([ANA]),
    [`GET /api/company-admin-simple/employees/${ANA.id}/report`]: mockAnswer(attendanceReportAnswer, { data: reportOf(lines, figures) }),
  });
}

async function chooseAna(user: ReturnType<typeof renderApp>['user']) {
  await fill(user, screen.getByRole('textbox', { name: 'Empleado' }), 'An');
  const option = await screen.findByRole('option', { name: /Ana Flores/ });
  expect(within(option).getByText('EMP-001 · empleado1@andes.pe')).toBeInTheDocument();
  await user.click(option);
}

describe('ReportsTab', { timeout: 30_000 }, () => {
  it('asks for an employee first, also when exporting', async () => {
    mockApi(routes([]));
    const { user } = renderApp('/company-admin/reports');
    expect(await screen.findByText('Selecciona un Empleado')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Exportar' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Excel' }));
    expect(await screen.findByText('Selecciona un empleado para exportar el informe')).toBeInTheDocument();
  });

  it('shows the eight figures the server computed and lists the records of the chosen employee', async () => {
    mockApi(
      routes(
        [
          {
            record: {
              id: 'r1',
              date: '2026-01-05',
              checkIn: '2026-01-05T13:00:00Z',
              checkOut: '2026-01-05T22:00:00Z',
              workHours: 9,
              status: 'present',
              notes: null,
              isPermission: false,
              method: 'web',
              isManual: false,
              incomplete: false,
              manualReason: null,
              location: null,
            },
            status: 'present',
            hours: 9,
          },
          {
            record: {
              id: 'r2',
              date: '2026-01-06',
              checkIn: '2026-01-06T13:30:00Z',
              checkOut: '2026-01-06T22:00:00Z',
              workHours: 8.5,
              status: 'late',
              notes: 'Tráfico',
              isPermission: false,
              method: 'manual',
              isManual: true,
              incomplete: false,
              manualReason: 'Olvidó marcar la salida',
              location: null,
            },
            status: 'late',
            hours: 8.5,
          },
          {
            record: {
              id: 'r3',
              date: '2026-01-07',
              checkIn: '2026-01-07T13:00:00Z',
              checkOut: null,
              workHours: null,
              status: 'present',
              notes: null,
              isPermission: false,
              method: 'web',
              isManual: false,
              incomplete: true,
              manualReason: null,
              location: null,
            },
            status: 'present',
            hours: null,
          },
        ],
        // January 2026: 22 work days; present 2 (one incomplete), late 1, absent 19 → 3 / 22 = 14 %.
        { present: 2, late: 1, absent: 19, day_off: 9, totalHours: 17.5, attendanceRate: 14 },
      ),
    );
    const { user } = renderApp('/company-admin/reports');
    await screen.findByText('Selecciona un Empleado');
    await chooseAna(user);
    await user.click(screen.getByRole('combobox', { name: 'Mes' }));
    await user.click(await screen.findByRole('option', { name: '01 - Enero' }));
    await user.click(screen.getByRole('combobox', { name: 'Año' }));
    await user.click(await screen.findByRole('option', { name: '2026' }));

    // January 2026: 22 work days; present 2 (one incomplete), late 1, absent 19 → 3 / 22 = 14 %.
    expect(await screen.findByLabelText('Días presentes: 2')).toBeInTheDocument();
    expect(screen.getByLabelText('Tardanzas: 1')).toBeInTheDocument();
    expect(screen.getByLabelText('Ausencias: 19')).toBeInTheDocument();
    expect(screen.getByLabelText('Horas totales: 17.50')).toBeInTheDocument();
    expect(screen.getByLabelText('% Asistencia: 14%')).toBeInTheDocument();
    for (const label of ['Muy temprano: 0', 'Con permiso: 0', 'Feriados: 0']) expect(screen.getByLabelText(label)).toBeInTheDocument();
    const row = screen.getByRole('row', { name: /06\/01\/2026/ });
    expect(within(row).getByText('08:30')).toBeInTheDocument();
    expect(within(row).getByText('8.50')).toBeInTheDocument();
    expect(within(row).getByText('Tarde')).toBeInTheDocument();
    expect(within(row).getByText('Tráfico')).toBeInTheDocument();
    // A manual change shows as manual with its reason; a record the job closed shows as incomplete; a punch shows neither.
    expect(within(row).getByText('Manual')).toBeInTheDocument();
    expect(within(row).getByText('Motivo: Olvidó marcar la salida')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Marcación' })).toBeInTheDocument();
    const incomplete = screen.getByRole('row', { name: /07\/01\/2026/ });
    expect(within(incomplete).getByText('Incompleto')).toBeInTheDocument();
    expect(within(incomplete).queryByText('Manual')).not.toBeInTheDocument();
    const punched = screen.getByRole('row', { name: /05\/01\/2026/ });
    expect(within(punched).queryByText('Manual')).not.toBeInTheDocument();
    expect(within(punched).queryByText('Incompleto')).not.toBeInTheDocument();
  });

  it('searches from 2 characters and clears the choice with the clear button', async () => {
    const fetchMock = mockApi(routes([]));
    const { user } = renderApp('/company-admin/reports');
    await screen.findByText('Selecciona un Empleado');
    const searches = () => fetchMock.mock.calls.filter(([url]) => String(url).includes('/employees?') && String(url).includes('search='));
    // One character: well past the search's debounce on a fake clock (no real wait), nothing is asked.
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    await fill(user, screen.getByRole('textbox', { name: 'Empleado' }), 'A');
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS * 3));
    vi.useRealTimers();
    expect(searches()).toHaveLength(0);
    await user.keyboard('n');
    await user.click(await screen.findByRole('option', { name: /Ana Flores/ }));
    expect(String(searches()[0][0])).toMatch(/limit=10&search=An/);
    expect(await screen.findByText('No hay registros de asistencia')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Limpiar búsqueda' }));
    expect(screen.getByRole('textbox', { name: 'Empleado' })).toHaveValue('');
    expect(await screen.findByText('Selecciona un Empleado')).toBeInTheDocument();
  });

  it('says there are no records, and refuses to export them', async () => {
    mockApi(routes([]));
    const { user } = renderApp('/company-admin/reports');
    await screen.findByText('Selecciona un Empleado');
    await chooseAna(user);
    expect(await screen.findByText('No hay registros de asistencia')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Exportar' }));
    await user.click(await screen.findByRole('menuitem', { name: 'PDF' }));
    expect(await screen.findByText('No hay registros de asistencia para exportar')).toBeInTheDocument();
  });
});
