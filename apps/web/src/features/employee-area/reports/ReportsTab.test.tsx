import { attendanceReportAnswer, availableYearsAnswer } from '@presente/shared';
import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { mockAnswer } from '../../../test/answers';
import { mockApi, renderApp } from '../../../test/renderApp';
import { employeeRoutes, MAY_REPORT } from '../test/fixtures';

configure({ asyncUtilTimeout: 10_000 });

// The layout and the tab are lazy chunks: load them once up front so the waits measure the screen, not the import.
beforeAll(() => Promise.all([import('../../dashboard/components/DashboardLayout'), import('./ReportsTab')]), 60_000);

describe("the employee's Reports tab shows the server's report (issue 20, decision 0055)", { timeout: 30_000 }, () => {
  it('asks GET /employee/attendance/report for the month and shows its figures and records, the holiday named', async () => {
    const fetchMock = mockApi(
      employeeRoutes({
        'GET /api/employee/available-years': mockAnswer(availableYearsAnswer, { data: [2026] }),
        'GET /api/employee/attendance/report': mockAnswer(attendanceReportAnswer, { data: MAY_REPORT }),
      }),
    );
    renderApp('/employee/reports');
    // The server's figures unchanged: hours worked, the average and the paid leave beside them, the rate.
    await screen.findByText('169.46');
    expect(screen.getByText('Promedio 8.21 h por día trabajado · + 3.00 h de permiso (pagadas)')).toBeInTheDocument();
    expect(screen.getByText('100%')).toBeInTheDocument();
    expect(screen.getByText('18')).toBeInTheDocument();
    // The records, newest first, the holiday by its name.
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([expect.stringContaining('04/05/2026'), expect.stringContaining('Feriado: Día del Trabajo')]);
    const asked = fetchMock.mock.calls.map(([url]) => String(url));
    expect(asked.filter((url) => url.includes('/attendance/report?startDate='))).toHaveLength(1);
    // Nothing is computed from the stats or the history any more.
    expect(asked.some((url) => url.includes('/attendance/stats') || url.includes('/attendance/history'))).toBe(false);
  });

  it('the whole year asks for January to December; an empty period refuses to export', async () => {
    const fetchMock = mockApi(
      employeeRoutes({
        'GET /api/employee/available-years': mockAnswer(availableYearsAnswer, { data: [2026] }),
        'GET /api/employee/attendance/report': mockAnswer(attendanceReportAnswer, { data: { ...MAY_REPORT, attendances: [] } }),
      }),
    );
    renderApp('/employee/reports');
    await screen.findByText('No hay registros de asistencia');
    await userEvent.click(screen.getByRole('combobox', { name: 'Mes' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Todos los meses' }));
    const year = new Date().getFullYear();
    await expect
      .poll(() => fetchMock.mock.calls.map(([url]) => String(url)).some((u) => u.includes(`startDate=${year}-01-01&endDate=${year}-12-31`)))
      .toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Exportar' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Excel (.xlsx)' }));
    await screen.findByText('No hay registros de asistencia para exportar');
  });
});
