import { attendanceStatsAnswer, employeeDashboardAnswer } from '@presente/shared';
import { configure, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { mockAnswer } from '../../../test/answers';
import { mockApi, renderApp } from '../../../test/renderApp';
import { employeeRoutes, SHIFT } from '../test/fixtures';

configure({ asyncUtilTimeout: 10_000 });

const DASHBOARD = mockAnswer(employeeDashboardAnswer, {
  data: {
    employee: { id: 'e1', firstName: 'Luis', lastName: 'Quispe', employeeCode: 'EMP-001', position: null, department: null, email: 'luis@andes.pe' },
    schedule: SHIFT,
    stats: { todayHours: 0, weeklyHours: 16, monthlyHours: 31.67, monthlyDays: 4 },
    today: null,
    todayDate: '2026-03-05',
    timezone: 'America/Lima',
  },
});

type Months = NonNullable<z.input<typeof attendanceStatsAnswer>['data']['months']>;
const stats = (months: Months) =>
  mockAnswer(attendanceStatsAnswer, {
    data: {
      period: 'year',
      startDate: '2026-01-01',
      endDate: '2026-03-05',
      daysEvaluated: 64,
      counts: { present: 4, early: 0, late: 1, absent: 0, permission: 0, holiday: 0, day_off: 59, pending: 0 },
      totalHours: 38.67,
      workedDays: 5,
      averageHoursPerDay: 7.73,
      attendanceRate: 50,
      timezone: 'America/Lima',
      months,
    },
  });

describe("the employee's hours per month (issue 16, item 5)", { timeout: 30_000 }, () => {
  it("charts this year's hours month by month from GET /attendance/stats?period=year", async () => {
    const fetchMock = mockApi(
      employeeRoutes({
        'GET /api/employee/dashboard': DASHBOARD,
        'GET /api/employee/attendance/stats': stats([
          { month: 1, totalHours: 0, workedDays: 0 },
          { month: 2, totalHours: 7, workedDays: 1 },
          { month: 3, totalHours: 31.67, workedDays: 4 },
        ]),
      }),
    );
    renderApp('/employee');
    const chart = await screen.findByRole('figure', { name: 'Horas por mes en 2026' });
    expect(chart).toHaveTextContent('38.67 h en 3 meses');
    const asked = fetchMock.mock.calls.map(([url]) => String(url)).find((url) => url.includes('/attendance/stats'));
    expect(asked).toContain('period=year');
    expect(asked).toContain('year=2026');
  });

  it('says so when there are no hours yet, without an empty chart', async () => {
    mockApi(
      employeeRoutes({
        'GET /api/employee/dashboard': DASHBOARD,
        'GET /api/employee/attendance/stats': stats([{ month: 1, totalHours: 0, workedDays: 0 }]),
      }),
    );
    renderApp('/employee');
    expect(await screen.findByText('Aún no tienes horas trabajadas este año.')).toBeInTheDocument();
    expect(screen.queryByRole('figure')).not.toBeInTheDocument();
  });
});
