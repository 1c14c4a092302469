import { availableYearsAnswer, type ManualChangeView, manualChangesPage } from '@presente/shared';
import { configure, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { mockAnswer } from '../../test/answers';
import { baseRoutes, calendarPage } from '../../test/companyAdmin';
import { mockApi, renderApp } from '../../test/renderApp';

configure({ asyncUtilTimeout: 10_000 });

// The dashboard and its tab load lazily: once up front, so the first test's waits measure the screen, not the import.
beforeAll(() => Promise.all([import('../dashboard/components/DashboardLayout'), import('../attendance/pages/AttendanceTab')]), 60_000);

const DISPUTE: ManualChangeView = {
  id: 'm1',
  employeeId: 'e1',
  employeeName: 'Ana Flores',
  date: '2026-01-06',
  action: 'updated',
  authorName: 'Carla Admin',
  reason: 'Llegó antes',
  createdAt: '2026-01-07T15:00:00.000Z',
  previous: null,
  next: null,
  answer: 'disputed',
  answerComment: 'Entré a las 08:15',
  answeredAt: '2026-01-08T15:00:00.000Z',
};

describe("the admin's attendance tab summarises the workers' answers (decision 0039)", { timeout: 40_000 }, () => {
  it('shows the disputed changes with their comment', async () => {
    mockApi(
      baseRoutes({
        'GET /api/company-admin-simple/attendance/monthly-calendar': calendarPage([]),
        'GET /api/company-admin-simple/available-years': mockAnswer(availableYearsAnswer, { data: [2026] }),
        'GET /api/company-admin-simple/attendance/manual-changes': mockAnswer(manualChangesPage, {
          data: { changes: [DISPUTE], pending: 0 },
          pagination: { page: 1, limit: 5, total: 1, pages: 1, totalPages: 1 },
        }),
      }),
    );
    renderApp('/company-admin/attendance');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Cambios manuales y respuesta del trabajador')).toBeInTheDocument();
    expect(within(alert).getByText('1 en desacuerdo')).toBeInTheDocument();
    expect(within(alert).getByText('Ana Flores · 06/01/2026: “Entré a las 08:15”')).toBeInTheDocument();
  });

  it('shows nothing while no change is disputed or pending', async () => {
    mockApi(
      baseRoutes({
        'GET /api/company-admin-simple/attendance/monthly-calendar': calendarPage([]),
        'GET /api/company-admin-simple/available-years': mockAnswer(availableYearsAnswer, { data: [2026] }),
        'GET /api/company-admin-simple/attendance/manual-changes': mockAnswer(manualChangesPage, {
          data: { changes: [], pending: 0 },
          pagination: { page: 1, limit: 5, total: 0, pages: 1, totalPages: 1 },
        }),
      }),
    );
    renderApp('/company-admin/attendance');
    await screen.findByText('Calendario mensual de asistencia');
    expect(screen.queryByText('Cambios manuales y respuesta del trabajador')).toBeNull();
  });
});
