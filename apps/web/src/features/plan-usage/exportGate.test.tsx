import { availableYearsAnswer } from '@presente/shared';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mockAnswer } from '../../test/answers';
import { baseRoutes, calendarPage, employee, employeesPage, usage } from '../../test/companyAdmin';
import { mockApi, renderApp } from '../../test/renderApp';
import type { CalendarRow } from '../attendance/api';

configure({ asyncUtilTimeout: 5000 });

/** Spec §1: FREE has basic reports, PREMIUM full reports with export; Peru's register is exported on every plan. */
const EMP = employee(1);
const ROW: CalendarRow = {
  employeeId: EMP.id,
  employeeName: 'Ana Flores',
  employeeCode: 'EMP-001',
  documentNumber: '70123458',
  position: 'Contadora',
  department: null,
  schedule: null,
  periods: [],
  days: [{ date: '2026-01-05', status: 'absent', attendance: null, workHours: null }],
  stats: { present: 0, early: 0, late: 0, absent: 1, permission: 0, holiday: 0, day_off: 0, pending: 0, attendanceRate: 0, totalHours: 0, leaveHours: 0 },
};

function routes(plan: 'FREE' | 'PREMIUM') {
  return baseRoutes({
    'GET /api/company-admin-simple/company/settings': usage([1, plan === 'FREE' ? 5 : 20], [1, plan === 'FREE' ? 1 : -1], plan),
    'GET /api/company-admin-simple/available-years': mockAnswer(availableYearsAnswer, { data: [2026, 2025] }),
    'GET /api/company-admin-simple/employees': employeesPage([EMP]),
    'GET /api/company-admin-simple/attendance/monthly-calendar': calendarPage([ROW]),
  });
}

// The dashboard and its tabs load lazily: once, before the first test's clock starts.
beforeAll(() => Promise.all([import('../dashboard/components/DashboardLayout'), import('../reports/pages/ReportsTab')]), 60_000);

const calendarCalls = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls.filter(([url]) => String(url).includes('/attendance/monthly-calendar') && String(url).includes('limit=1000'));

describe('exports by plan', { timeout: 30_000 }, () => {
  it('FREE: the Excel/PDF of the reports tab open the upgrade prompt (feature export) and export nothing', async () => {
    mockApi(routes('FREE'));
    const { user, router } = renderApp('/company-admin/reports');
    await user.click(await screen.findByRole('button', { name: 'Exportar' }));
    const excel = await screen.findByRole('menuitem', { name: /Excel/ });
    await waitFor(() => expect(within(excel).getByText('Premium')).toBeInTheDocument());
    await user.click(excel);
    const prompt = await screen.findByRole('dialog', { name: 'Actualiza tu plan' });
    expect(within(prompt).getByText('La exportación a Excel y PDF es parte de Premium')).toBeInTheDocument();
    expect(within(prompt).getByText('Exportación a Excel y PDF')).toBeInTheDocument();
    // What FREE keeps: the legal register.
    expect(within(prompt).getByText('El Registro de Control de Asistencia (Perú) se exporta en todos los planes.')).toBeInTheDocument();
    // Not even the "choose an employee" check ran: the export is not offered at all.
    expect(screen.queryByText('Selecciona un empleado para exportar el informe')).not.toBeInTheDocument();
    await user.click(within(prompt).getByRole('button', { name: 'Ver planes y actualizar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/company-admin/subscription'));
  });

  it('FREE: the month calendar Excel/PDF are gated, Peru’s attendance register is not (legal obligation)', async () => {
    const fetchMock = mockApi(routes('FREE'));
    const { user } = renderApp('/company-admin/attendance');
    await screen.findByRole('button', { name: 'Ana Flores, 05/01/2026: Ausente' });
    await user.click(screen.getByRole('button', { name: 'Exportar' }));
    await user.click(await screen.findByRole('menuitem', { name: /^PDF/ }));
    expect(await screen.findByRole('dialog', { name: 'Actualiza tu plan' })).toBeInTheDocument();
    expect(calendarCalls(fetchMock)).toHaveLength(0);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Actualiza tu plan' })).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Exportar' }));
    const peru = await screen.findByRole('menuitem', { name: /Registro de control - Excel/ });
    expect(within(peru).queryByText('Premium')).not.toBeInTheDocument();
    await user.click(peru);
    // It runs: every page is fetched for the register (this month has no records to put in it).
    expect(await screen.findByText('No hay registros de asistencia para exportar')).toBeInTheDocument();
    expect(calendarCalls(fetchMock)).toHaveLength(1);
    expect(screen.queryByRole('dialog', { name: 'Actualiza tu plan' })).not.toBeInTheDocument();
  });

  afterEach(() => vi.restoreAllMocks());

  it('PREMIUM: no badge, no prompt; the export runs to the downloaded file', async () => {
    const fetchMock = mockApi(routes('PREMIUM'));
    // jsdom has no object URLs and no downloads: record what the browser would save.
    const saved: string[] = [];
    Object.assign(URL, { createObjectURL: () => 'blob:presente/export', revokeObjectURL: () => {} });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const { user } = renderApp('/company-admin/attendance');
    await screen.findByRole('button', { name: 'Ana Flores, 05/01/2026: Ausente' });
    await user.click(screen.getByRole('button', { name: 'Exportar' }));
    const excel = await screen.findByRole('menuitem', { name: /^Excel/ });
    expect(within(excel).queryByText('Premium')).not.toBeInTheDocument();
    await user.click(excel);
    await waitFor(() => expect(calendarCalls(fetchMock)).toHaveLength(1));
    expect(screen.queryByRole('dialog', { name: 'Actualiza tu plan' })).not.toBeInTheDocument();
    expect(await screen.findByText('Informe Excel descargado exitosamente', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(saved).toEqual([expect.stringMatching(/^Asistencia_\d{4}-\d{2}\.xlsx$/)]);
  });
});
