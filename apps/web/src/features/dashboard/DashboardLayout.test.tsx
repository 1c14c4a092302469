import { companyDashboardAnswer } from '@presente/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { mockAnswer, sessionRoutes } from '../../test/answers';
import { ADMIN } from '../../test/companyAdmin';
import { mockApi, renderApp } from '../../test/renderApp';

const DASHBOARD: z.input<typeof companyDashboardAnswer>['data'] = {
  totalEmployees: 3,
  activeEmployees: 3,
  presentToday: 2,
  absentToday: 1,
  lateToday: 0,
  earlyToday: 0,
  permissionsToday: 0,
  holidaysToday: 0,
  company: { id: 'c9', name: 'Andes Textiles S.A.C.', plan: 'FREE', maxEmployees: 5, timezone: 'America/Lima' },
  usage: { employees: { used: 3, limit: 5 }, schedules: { used: 1, limit: 1 }, locations: { used: 0, limit: 1 }, links: { used: 0, limit: 1 } },
  today: '2026-03-10',
  firstSteps: { schedule: true, location: true, employees: true, faces: true, kioskLink: true },
  monthlyStats: { totalWorkingDays: 7, attendancePercentage: 90, totalHours: 120, leaveHours: 0, averageHoursPerDay: 8 },
  departmentStats: [],
};

function routes() {
  return {
    ...sessionRoutes(ADMIN),
    'GET /api/company-admin-simple/dashboard': mockAnswer(companyDashboardAnswer, { data: DASHBOARD }),
  };
}

describe('DashboardLayout', () => {
  it('shows the tab title, the version label and the overview of the company', async () => {
    mockApi(routes());
    renderApp('/company-admin');
    const header = await screen.findByRole('banner');
    expect(within(header).getByRole('heading', { name: 'Resumen' })).toBeInTheDocument();
    expect(screen.getAllByText('v2.1.0').length).toBeGreaterThan(0);
    expect(await screen.findByText('Andes Textiles S.A.C.')).toBeInTheDocument();
    expect(within(header).getByText('Rosa Mamani')).toBeInTheDocument();
  });

  it('opens with a skip link that moves the focus to the page content', async () => {
    mockApi(routes());
    const { user } = renderApp('/company-admin');
    await screen.findByRole('banner');
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Saltar al contenido' });
    expect(skip).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('main')).toHaveFocus();
  });

  it('names the user menu by the name it shows, then what it is', async () => {
    mockApi(routes());
    renderApp('/company-admin');
    const button = await screen.findByRole('button', { name: /Menú de usuario/ });
    expect(button).toHaveAccessibleName(expect.stringMatching(/^Rosa Mamani .*Menú de usuario$/));
  });

  it('moves between tabs through the URL and the user menu', async () => {
    mockApi(routes());
    const { user, router } = renderApp('/company-admin');
    await user.click(await screen.findByRole('button', { name: /Menú de usuario/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Configuración' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/company-admin/settings'));
    expect(await screen.findByRole('heading', { name: 'Email de administrador' })).toBeInTheDocument();
    expect(screen.getByText('rosa@andes.pe')).toBeInTheDocument();
  });

  it('switches the whole dashboard to English from the header', async () => {
    mockApi(routes());
    const { user } = renderApp('/company-admin/settings');
    const header = await screen.findByRole('banner');
    expect(within(header).getByRole('heading', { name: 'Configuración' })).toBeInTheDocument();

    await user.click(within(header).getByText('EN'));

    expect(await within(header).findByRole('heading', { name: 'Settings' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Administrator email' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Work locations' })).toBeInTheDocument();
    expect(localStorage.getItem('language')).toBe('en');
  });

  it('redirects an unknown tab to the overview', async () => {
    mockApi(routes());
    const { router } = renderApp('/company-admin/nope');
    await waitFor(() => expect(router.state.location.pathname).toBe('/company-admin'));
  });
});
