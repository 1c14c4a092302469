import { type AttendanceLink, attendanceLink, attendanceLinksAnswer, messageAnswer, savedAnswer } from '@presente/shared';
import { QueryClient } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { invalidateForEvent } from '../../lib/useRealtime';
import { mockAnswer } from '../../test/answers';
import { baseRoutes, fill, tourAnswer, usage } from '../../test/companyAdmin';
import { type MockRoutes, mockApi, renderApp } from '../../test/renderApp';
import { companySettingsKey } from '../plan-usage/api';
import { faceLinkKeys } from './api';

const BASE = '/api/company-admin-simple/face-recognition';
const ACTIVE: AttendanceLink = {
  id: 'l1',
  name: 'Entrada principal',
  token: 'tok-abc',
  isActive: true,
  createdAt: '2026-03-02T15:00:00.000Z',
  expiresAt: null,
  lastUsedAt: null,
  state: 'active',
};
// Through 31/12/2026 in Lima: the server stores the start of the next day there.
const EXPIRING: AttendanceLink = { ...ACTIVE, id: 'l2', name: 'Almacén', token: 'tok-def', expiresAt: '2027-01-01T05:00:00.000Z', state: 'active' };

/** GET /face-recognition/attendance-links through its declared answer. */
const links = (data: AttendanceLink[]) => mockAnswer(attendanceLinksAnswer, { data });

function routes(extra: MockRoutes = {}): MockRoutes {
  return baseRoutes({
    'GET /api/company-admin-simple/tour/status': tourAnswer(),
    [`GET ${BASE}/attendance-links`]: links([ACTIVE, EXPIRING]),
    ...extra,
  });
}

async function linksCard() {
  // The dashboard chunk's first import in a test file is slow on a loaded machine.
  return within(await screen.findByTestId('attendance-links-card', {}, { timeout: 15_000 }));
}

describe('facial attendance links (company settings)', () => {
  it('lists the links with state, dates, expiry or "Sin expiración" and the public URL', async () => {
    mockApi(routes());
    renderApp('/company-admin/settings');
    const card = await linksCard();
    const rows = await card.findAllByTestId('attendance-link-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getByText('Entrada principal')).toBeInTheDocument();
    expect(within(rows[0]).getByText('Activo')).toBeInTheDocument();
    expect(within(rows[0]).getByText('02/03/2026')).toBeInTheDocument();
    expect(within(rows[0]).getByText('Sin expiración')).toBeInTheDocument();
    expect(within(rows[1]).getByText('31/12/2026')).toBeInTheDocument();
    expect(within(rows[0]).getByRole('link', { name: 'Abrir enlace: Entrada principal' })).toHaveAttribute(
      'href',
      `${window.location.origin}/attendance/tok-abc`,
    );
  });

  it('deactivates a link and deletes one after a confirmation naming it', async () => {
    const fetchMock = mockApi(
      routes({
        [`PATCH ${BASE}/attendance-link/l1/toggle`]: mockAnswer(savedAnswer(attendanceLink), {
          data: { ...ACTIVE, isActive: false, state: 'inactive' },
          message: 'Enlace desactivado',
        }),
        [`DELETE ${BASE}/attendance-link/l2`]: mockAnswer(messageAnswer, { message: 'Enlace eliminado exitosamente' }),
      }),
    );
    const { user } = renderApp('/company-admin/settings');
    const card = await linksCard();
    await user.click(await card.findByRole('button', { name: 'Desactivar: Entrada principal' }));
    expect(await screen.findByText('Enlace desactivado')).toBeInTheDocument();
    const toggle = fetchMock.mock.calls.find(([url, init]) => String(url).endsWith('/attendance-link/l1/toggle') && init?.method === 'PATCH');
    expect(JSON.parse(String(toggle?.[1]?.body))).toEqual({ isActive: false });

    await user.click(card.getByRole('button', { name: 'Eliminar: Almacén' }));
    const confirm = await screen.findByRole('dialog', { name: 'Eliminar enlace' });
    expect(within(confirm).getByText('¿Eliminar el enlace «Almacén»?')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('Enlace eliminado exitosamente')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url, init]) => String(url).endsWith('/attendance-link/l2') && init?.method === 'DELETE')).toBe(true);
  });

  it('requires a name and refuses an expiry in the past before calling the API, then creates the link', async () => {
    const created = { ...ACTIVE, id: 'l3', name: 'Portería', token: 'tok-new' };
    const fetchMock = mockApi(
      routes({
        [`GET ${BASE}/attendance-links`]: links([]),
        [`POST ${BASE}/attendance-link`]: mockAnswer(savedAnswer(attendanceLink), { data: created, message: 'Enlace creado exitosamente' }, 201),
      }),
    );
    const { user } = renderApp('/company-admin/settings');
    const card = await linksCard();
    expect(await card.findByText('No hay enlaces de asistencia configurados')).toBeInTheDocument();
    await user.click(card.getByRole('button', { name: 'Nuevo enlace' }));
    const modal = await screen.findByRole('dialog', { name: 'Nuevo enlace de asistencia' });
    await fill(user, within(modal).getByLabelText(/Nombre del enlace/), '   ');
    await user.click(within(modal).getByRole('button', { name: 'Crear enlace' }));
    expect(await within(modal).findByText('El nombre del enlace es requerido')).toBeInTheDocument();
    await fill(user, within(modal).getByLabelText(/Fecha de expiración/), '01/01/2020');
    await user.click(within(modal).getByLabelText(/Nombre del enlace/));
    await fill(user, within(modal).getByLabelText(/Nombre del enlace/), 'Portería');
    await user.click(within(modal).getByRole('button', { name: 'Crear enlace' }));
    expect(await within(modal).findByText('La fecha de expiración no puede estar en el pasado')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    // Without an expiry the link is created; the list refreshes.
    await user.clear(within(modal).getByLabelText(/Fecha de expiración/));
    await user.click(within(modal).getByLabelText(/Nombre del enlace/));
    await user.click(within(modal).getByRole('button', { name: 'Crear enlace' }));
    expect(await screen.findByText('Enlace creado exitosamente')).toBeInTheDocument();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ name: 'Portería', expiresAt: null });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Nuevo enlace de asistencia' })).not.toBeInTheDocument());
  });

  it('opens the upgrade prompt instead of the form when the Free plan already has its link', async () => {
    const atLimit = usage([1, 5], [0, 1], 'FREE', { used: 1, limit: 1 });
    const fetchMock = mockApi(routes({ 'GET /api/company-admin-simple/company/settings': atLimit }));
    const { user } = renderApp('/company-admin/settings');
    const card = await linksCard();
    expect(await card.findByText('1/1 enlaces')).toBeInTheDocument();
    await user.click(card.getByRole('button', { name: 'Nuevo enlace' }));
    expect(await screen.findByRole('dialog', { name: 'Actualiza tu plan' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Nuevo enlace de asistencia' })).not.toBeInTheDocument();
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false));
  });

  it('marks a link whose address can no longer be shown (server key changed) as unusable: no copy, QR or open', async () => {
    mockApi(routes({ [`GET ${BASE}/attendance-links`]: links([{ ...ACTIVE, token: '' }, EXPIRING]) }));
    renderApp('/company-admin/settings');
    const card = await linksCard();
    const [broken, fine] = await card.findAllByTestId('attendance-link-row');
    expect(within(broken).getByTestId('link-unusable')).toHaveTextContent('Vuelve a crear este enlace');
    for (const action of ['Copiar enlace', 'Ver QR', 'Abrir enlace'])
      expect(within(broken).getByRole('button', { name: `${action}: Entrada principal` })).toBeDisabled();
    expect(within(broken).queryByRole('link')).not.toBeInTheDocument();
    // Deactivate and delete still work on it; the other link is untouched.
    expect(within(broken).getByRole('button', { name: 'Eliminar: Entrada principal' })).toBeEnabled();
    expect(within(fine).queryByTestId('link-unusable')).not.toBeInTheDocument();
    expect(within(fine).getByRole('link', { name: 'Abrir enlace: Almacén' })).toHaveAttribute('href', `${window.location.origin}/attendance/tok-def`);
  });

  it('"Copiar enlace" copies the address and says so in a toast; where the browser has no clipboard API (http on a LAN) it still copies, and a refusal says how to copy by hand', async () => {
    mockApi(routes());
    const { user } = renderApp('/company-admin/settings');
    const card = await linksCard();
    const [row] = await card.findAllByTestId('attendance-link-row');
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(within(row).getByRole('button', { name: 'Copiar enlace: Entrada principal' }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/attendance/tok-abc`);
    expect(await screen.findByText('¡Enlace copiado!')).toBeInTheDocument();

    // No clipboard API (not a secure context): the old copy command.
    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
    const execCommand = vi.fn(() => true);
    Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });
    await user.click(within(row).getByRole('button', { name: 'Copiar enlace: Entrada principal' }));
    expect(execCommand).toHaveBeenCalledWith('copy');

    execCommand.mockReturnValue(false);
    await user.click(within(row).getByRole('button', { name: 'Copiar enlace: Entrada principal' }));
    expect(await screen.findByText('No se pudo copiar. Selecciona el enlace y cópialo a mano.')).toBeInTheDocument();
  });

  it('refreshes the links table and the plan usage when another tab changes a link (attendance_link_update)', () => {
    const queryClient = new QueryClient();
    for (const key of [faceLinkKeys.all, companySettingsKey, ['company-admin', 'holidays', 'page', 1]]) queryClient.setQueryData(key, []);
    invalidateForEvent(queryClient, 'attendance_link_update', { action: 'created', id: 'l3' }, ['auth', 'session']);
    expect(queryClient.getQueryState(faceLinkKeys.all)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(companySettingsKey)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['company-admin', 'holidays', 'page', 1])?.isInvalidated).toBe(false);
  });
});
