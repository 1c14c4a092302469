import { pageAnswer, workLocationAnswer } from '@presente/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { Config } from 'driver.js';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../lib/i18n';
import { mockAnswer, mockGatewayFailure, mockServerError, sessionRoutes } from '../../test/answers';
import { ADMIN, tourAnswer } from '../../test/companyAdmin';
import { type MockRoutes, mockApi, renderApp } from '../../test/renderApp';
import { TOUR_AUTOSTART_MS } from './api';
import { buildTourSteps, TOUR_STOPS } from './steps';

const tour = vi.hoisted(() => ({ configs: [] as Config[], drives: 0 }));
vi.mock('driver.js', () => ({
  driver: (config: Config) => {
    tour.configs.push(config);
    return {
      drive: () => {
        tour.drives += 1;
      },
      destroy: () => config.onDestroyed?.(undefined, {}, {} as never),
      isActive: () => false,
    };
  },
}));

beforeAll(() => import('../dashboard/components/DashboardLayout'), 60_000);
beforeEach(() => {
  tour.configs = [];
  tour.drives = 0;
});

function routes(extra: MockRoutes): MockRoutes {
  return {
    ...sessionRoutes(ADMIN),
    'GET /api/company-admin-simple/dashboard': mockServerError(),
    'GET /api/company-admin-simple/company/settings': mockServerError(),
    'GET /api/company-admin-simple/work-locations': mockAnswer(pageAnswer(workLocationAnswer), {
      data: [],
      pagination: { page: 1, limit: 10, total: 0, pages: 1, totalPages: 1 },
    }),
    ...extra,
  };
}

const completeCalls = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls.filter(([url, init]) => String(url).endsWith('/tour/complete') && init?.method === 'POST');

describe('Guided tour', () => {
  it('starts by itself when the status says so, over the stops present in the dashboard, and closing marks it completed', async () => {
    const fetchMock = mockApi(
      routes({
        'GET /api/company-admin-simple/tour/status': tourAnswer(false),
        'POST /api/company-admin-simple/tour/complete': tourAnswer(true, '2026-03-10T15:00:00.000Z'),
      }),
    );
    renderApp('/company-admin');
    await waitFor(() => expect(tour.drives).toBe(1), { timeout: 5000 });

    const { steps = [] } = tour.configs[0];
    const present = TOUR_STOPS.filter((stop) => document.querySelector(`[data-tour="${stop.target}"]`));
    expect(steps.map((s) => s.popover?.title)).toEqual(present.map((stop) => TITLES[stop.id]));
    expect(steps[0].popover?.title).toBe('Bienvenido a Presente');
    expect(steps.at(-1)?.popover?.title).toBe('Área de trabajo');

    tour.configs[0].onDestroyed?.(undefined, {}, {} as never);
    await waitFor(() => expect(completeCalls(fetchMock)).toHaveLength(1));
  });

  it('shows the tour when the status cannot be read (errors are swallowed)', async () => {
    mockApi(
      routes({
        'GET /api/company-admin-simple/tour/status': mockServerError(),
        'POST /api/company-admin-simple/tour/complete': mockServerError(),
      }),
    );
    renderApp('/company-admin');
    await waitFor(() => expect(tour.drives).toBe(1), { timeout: 5000 });
    // A failed completion is swallowed too: nothing breaks.
    tour.configs[0].onDestroyed?.(undefined, {}, {} as never);
  });

  it('does not start by itself once completed; the help card shows the date, replays it and reports a failed reset', async () => {
    const fetchMock = mockApi(
      routes({
        'GET /api/company-admin-simple/tour/status': tourAnswer(true, '2026-03-02T15:30:00.000Z'),
        'POST /api/company-admin-simple/tour/reset': mockGatewayFailure(500),
      }),
    );
    // The page's timers on a fake clock that also follows real time: the tour's start delay is passed on purpose below.
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    const { user } = renderApp('/company-admin/settings');
    const card = (await screen.findByRole('heading', { name: 'Ayuda y tour guiado' })).closest('.mantine-Card-root') as HTMLElement;
    expect(await within(card).findByText('Tour completado')).toBeInTheDocument();
    expect(within(card).getByText('Completado el 02/03/2026 10:30')).toBeInTheDocument();
    // Well past the moment a pending tour starts (TOUR_AUTOSTART_MS after the status), with no real wait.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(TOUR_AUTOSTART_MS * 3);
      // A start would now be waiting for driver.js's chunk: once this import resolves, that start has gone on too.
      await import('./runTour');
    });
    vi.useRealTimers();
    expect(tour.drives).toBe(0);

    await user.click(within(card).getByRole('button', { name: 'Ver de nuevo' }));
    await waitFor(() => expect(tour.drives).toBe(1));

    await user.click(within(card).getByRole('button', { name: 'Reiniciar tour' }));
    expect(await screen.findByText('Error al resetear el tour')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/tour/reset'))).toBe(true);

    await user.click(within(card).getByRole('button', { name: 'Documentación' }));
    expect(await screen.findByRole('dialog', { name: 'Guía de uso del panel' })).toBeInTheDocument();
  });

  it('skips the stops whose element does not exist, keeping the spec order', () => {
    const root = document.createElement('div');
    for (const target of ['page-content', 'user-menu', 'tab-settings', 'tab-overview', 'sidebar-brand']) {
      const el = document.createElement('div');
      el.dataset.tour = target;
      root.append(el);
    }
    const steps = buildTourSteps(i18n.t, root);
    expect(steps.map((s) => s.popover?.title)).toEqual(['Bienvenido a Presente', 'Resumen', 'Configuración', 'Tu cuenta', 'Área de trabajo']);
    expect(TOUR_STOPS).toHaveLength(11);
    // No "Anterior" on the first stop; the others keep it (their buttons are driver.js's defaults).
    expect(steps[0].popover?.showButtons).toEqual(['next', 'close']);
    expect(steps.slice(1).every((s) => s.popover?.showButtons === undefined)).toBe(true);
  });
});

const TITLES: Record<string, string> = {
  brand: 'Bienvenido a Presente',
  overview: 'Resumen',
  employees: 'Empleados',
  schedules: 'Horarios',
  attendance: 'Asistencia',
  reports: 'Reportes',
  holidays: 'Feriados',
  subscription: 'Suscripción',
  settings: 'Configuración',
  userMenu: 'Tu cuenta',
  content: 'Área de trabajo',
};
