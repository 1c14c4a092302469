import {
  dataAnswer,
  type GeocodeResult,
  geocodeResult,
  messageAnswer,
  pageAnswer,
  publicConfigAnswer,
  type WorkLocation,
  workLocationAnswer,
} from '@presente/shared';
import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { AppProviders } from '../../app/AppProviders';
import i18n from '../../lib/i18n';
import { mockAnswer, mockGatewayFailure, mockPage, mockRefusal, sessionRoutes } from '../../test/answers';
import { ADMIN, usage as companyUsage, tourAnswer } from '../../test/companyAdmin';
import { type MockRoutes, mockApi, renderApp } from '../../test/renderApp';
import { WorkLocationForm } from './components/WorkLocationModal';

// Leaflet has no layout engine to draw on in jsdom: the map is a button that "clicks" a point, and shows its tiles.
vi.mock('./components/LocationMap', () => ({
  default: ({
    onPick,
    label,
    tiles,
  }: {
    onPick: (p: { latitude: number; longitude: number }) => void;
    label: string;
    tiles: { url: string; attribution: string | null } | null;
  }) => (
    <button
      type="button"
      aria-label={label}
      data-tiles={tiles ? tiles.url : 'none'}
      data-attribution={tiles?.attribution ?? ''}
      onClick={() => onPick({ latitude: -12.0977, longitude: -77.0365 })}
    >
      map
    </button>
  ),
}));

beforeAll(() => import('../dashboard/components/DashboardLayout'), 60_000);

const OFFICE = {
  id: 'l1',
  name: 'Oficina San Isidro',
  address: 'Av. Javier Prado Este 123',
  latitude: -12.0977123,
  longitude: -77.0365456,
  allowedRadius: 150,
  createdAt: '2026-01-10T15:00:00.000Z',
  updatedAt: '2026-01-10T15:00:00.000Z',
  _count: { schedules: 2 },
};
const usage = (used: number) => ({
  employees: { used: 3, limit: 5 },
  schedules: { used: 1, limit: 1 },
  locations: { used, limit: 1 },
  links: { used: 0, limit: 1 },
});
const settings = (used: number) => companyUsage([3, 5], [1, 1], 'FREE', { used: 0, limit: 1 }, { id: 'c1', name: 'Andes', usage: usage(used) });
const page = (items: WorkLocation[]) => mockPage(pageAnswer(workLocationAnswer), items);

function routes(extra: MockRoutes = {}): MockRoutes {
  return {
    ...sessionRoutes(ADMIN),
    'GET /api/company-admin-simple/tour/status': tourAnswer(),
    ...extra,
  };
}

function renderForm(onPlanLimit = () => false) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const user = userEvent.setup();
  const onDone = vi.fn();
  const ui: ReactNode = <WorkLocationForm location={null} onDone={onDone} onPlanLimit={onPlanLimit} />;
  const { unmount } = render(
    <AppProviders queryClient={queryClient} env="test">
      {ui}
    </AppProviders>,
  );
  return { user, onDone, unmount };
}

async function fill(user: ReturnType<typeof userEvent.setup>, input: HTMLElement, text: string) {
  await user.clear(input);
  await user.click(input);
  await user.paste(text);
}

describe('Work location form', () => {
  it('needs a name and a point on the map, and a radius of 10-5000 m, then posts the location', async () => {
    const fetchMock = mockApi(
      routes({
        'POST /api/company-admin-simple/work-locations': mockAnswer(
          dataAnswer(workLocationAnswer),
          { data: OFFICE, message: 'Ubicación creada exitosamente' },
          201,
        ),
      }),
    );
    const { user, onDone } = renderForm();
    const create = screen.getByRole('button', { name: 'Crear ubicación' });

    await user.click(create);
    expect(screen.getByText('El nombre es requerido')).toBeInTheDocument();
    expect(screen.getByText('Debe seleccionar una ubicación en el mapa')).toBeInTheDocument();

    await fill(user, screen.getByLabelText(/^Nombre/), 'Oficina San Isidro');
    await user.click(screen.getByRole('button', { name: 'Mapa para elegir la ubicación de trabajo' }));
    expect(screen.queryByText('Debe seleccionar una ubicación en el mapa')).not.toBeInTheDocument();
    expect(screen.getByText('Ubicación seleccionada: -12.097700, -77.036500')).toBeInTheDocument();

    await fill(user, screen.getByLabelText(/Radio permitido/), '6000');
    await user.click(create);
    expect(screen.getByText('El radio debe estar entre 10 y 5000 metros')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    await fill(user, screen.getByLabelText(/Radio permitido/), '150');
    await user.click(create);
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      name: 'Oficina San Isidro',
      address: null,
      latitude: -12.0977,
      longitude: -77.0365,
      allowedRadius: 150,
    });
    expect(await screen.findByText('Ubicación creada exitosamente')).toBeInTheDocument();
  });

  it("shows 'Error al guardar la ubicación. Intenta de nuevo.' when saving fails without a server message", async () => {
    mockApi(routes({ 'POST /api/company-admin-simple/work-locations': mockGatewayFailure() }));
    const { user } = renderForm();
    await fill(user, screen.getByLabelText(/^Nombre/), 'Almacén');
    await user.click(screen.getByRole('button', { name: 'Mapa para elegir la ubicación de trabajo' }));
    await user.click(screen.getByRole('button', { name: 'Crear ubicación' }));
    // The map's own notice (tiles offline) is an alert too: find the save error among them.
    const saveError = await screen.findByText('Error al guardar la ubicación. Intenta de nuevo.');
    expect(saveError.closest('[role="alert"]')).not.toBeNull();
  });

  it('searches the address after typing, fills the point and the address, and words empty and failed searches', async () => {
    const found = (results: GeocodeResult[]) => mockAnswer(dataAnswer(z.array(geocodeResult)), { data: results });
    let answer = found([{ displayName: 'Avenida Javier Prado Este, San Isidro, Lima, Perú', latitude: -12.09, longitude: -77.02 }]);
    mockApi(routes({ 'GET /api/company-admin-simple/geocode/search': () => answer }));
    const { user } = renderForm();
    const search = screen.getByLabelText('Buscar dirección');

    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(screen.getByText('Por favor escribe una dirección para buscar')).toBeInTheDocument();

    await fill(user, search, 'Javier Prado');
    await user.click(await screen.findByRole('option', { name: /Avenida Javier Prado Este/ }));
    expect(screen.getByText('Ubicación seleccionada: -12.090000, -77.020000')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Dirección/)).toHaveValue('Avenida Javier Prado Este, San Isidro, Lima, Perú');

    answer = found([]);
    await fill(user, search, 'calle que no existe');
    expect(await screen.findByText('No se encontraron resultados para esa dirección')).toBeInTheDocument();

    answer = mockRefusal(502, 'bad_gateway', 'Error al buscar la dirección. Intenta de nuevo.');
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(await screen.findByText('Error al buscar la dirección. Intenta de nuevo.')).toBeInTheDocument();
  });

  it("draws the server's tiles, none when they are off, and the default ones if the configuration cannot be read", async () => {
    const config = (tileUrl: string | null, attribution: string | null) => ({
      'GET /api/config': mockAnswer(publicConfigAnswer, {
        data: { map: { tileUrl, attribution }, support: { email: 'soporte@presente.app', whatsapp: null } },
      }),
    });
    const mapOf = async () => screen.findByRole('button', { name: 'Mapa para elegir la ubicación de trabajo' });

    mockApi(routes(config('http://tiles.intranet.pe:8080/{z}/{x}/{y}.png', '© Mapas Intranet')));
    const first = renderForm();
    expect(await mapOf()).toHaveAttribute('data-tiles', 'http://tiles.intranet.pe:8080/{z}/{x}/{y}.png');
    expect(await mapOf()).toHaveAttribute('data-attribution', '© Mapas Intranet');
    first.unmount();

    mockApi(routes(config(null, null)));
    const second = renderForm();
    expect(await mapOf()).toHaveAttribute('data-tiles', 'none');
    second.unmount();

    mockApi(routes()); // GET /api/config answers 404
    renderForm();
    expect(await mapOf()).toHaveAttribute('data-tiles', 'https://tile.openstreetmap.org/{z}/{x}/{y}.png');
  });

  it('explains a GPS failure', async () => {
    mockApi(routes());
    vi.stubGlobal('navigator', {
      ...navigator,
      geolocation: { getCurrentPosition: (_ok: unknown, fail: (e: unknown) => void) => fail({ code: 1 }) },
    });
    const { user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Usar mi ubicación (GPS)' }));
    expect(screen.getByText('No se pudo obtener la ubicación GPS. Verifica los permisos.')).toBeInTheDocument();
  });

  it('clears the old address-search error once the GPS sets the point', async () => {
    mockApi(routes());
    vi.stubGlobal('navigator', {
      ...navigator,
      geolocation: {
        getCurrentPosition: (ok: (p: unknown) => void) => ok({ coords: { latitude: -12.046374, longitude: -77.042793 } }),
      },
    });
    const { user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(screen.getByText('Por favor escribe una dirección para buscar')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Usar mi ubicación (GPS)' }));
    expect(await screen.findByText('Ubicación seleccionada: -12.046374, -77.042793')).toBeInTheDocument();
    expect(screen.queryByText('Por favor escribe una dirección para buscar')).not.toBeInTheDocument();
  });
});

describe('Work locations in the settings tab', () => {
  it('lists the locations with 6-decimal coordinates and confirms deletion naming the location', async () => {
    const fetchMock = mockApi(
      routes({
        'GET /api/company-admin-simple/company/settings': settings(1),
        'GET /api/company-admin-simple/work-locations': page([OFFICE]),
        'DELETE /api/company-admin-simple/work-locations/l1': mockAnswer(messageAnswer, { message: 'Ubicación eliminada exitosamente' }),
      }),
    );
    const { user } = renderApp('/company-admin/settings');
    const row = (await screen.findByRole('cell', { name: 'Oficina San Isidro' })).closest('tr') as HTMLElement;
    expect(within(row).getByText(/-12\.097712/)).toHaveTextContent('-12.097712-77.036546');
    expect(within(row).getByText('150 m')).toBeInTheDocument();
    expect(within(row).getByText('2')).toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Eliminar ubicación Oficina San Isidro' }));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar ubicación' });
    expect(within(dialog).getByText('¿Seguro que deseas eliminar esta ubicación?')).toBeInTheDocument();
    expect(within(dialog).getByText(/«Oficina San Isidro»/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(true));
    expect(await screen.findByText('Ubicación eliminada exitosamente')).toBeInTheDocument();
  });

  it('opens the upgrade prompt instead of the form when the Free plan already has its location', async () => {
    mockApi(routes({ 'GET /api/company-admin-simple/company/settings': settings(1), 'GET /api/company-admin-simple/work-locations': page([OFFICE]) }));
    const { user } = renderApp('/company-admin/settings');
    await screen.findByRole('cell', { name: 'Oficina San Isidro' });
    await user.click(screen.getByRole('button', { name: 'Agregar ubicación' }));
    expect(await screen.findByRole('dialog', { name: 'Actualiza tu plan' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Nueva ubicación de trabajo' })).not.toBeInTheDocument();
  });

  it("speaks English: 'No locations configured' and the delete confirmation", async () => {
    await i18n.changeLanguage('en');
    let items: WorkLocation[] = [];
    mockApi(routes({ 'GET /api/company-admin-simple/company/settings': settings(0), 'GET /api/company-admin-simple/work-locations': () => page(items) }));
    const { user, queryClient } = renderApp('/company-admin/settings');
    expect(await screen.findByText('No locations configured')).toBeInTheDocument();

    items = [OFFICE];
    await queryClient.invalidateQueries({ queryKey: ['company-admin', 'work-locations'] });
    await user.click(await screen.findByRole('button', { name: 'Delete location Oficina San Isidro' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete location' });
    expect(within(dialog).getByText('Are you sure you want to delete this location?')).toBeInTheDocument();
  });
});
