import {
  attendanceSettingsAnswer,
  type CompanySettings,
  companySettingsAnswer,
  dataAnswer,
  integrityAnswer,
  messageAnswer,
  ownEmailAnswer,
  pageAnswer,
  workLocationAnswer,
} from '@presente/shared';
import { QueryClient } from '@tanstack/react-query';
import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/AppProviders';
import i18n from '../../lib/i18n';
import { mockAnswer, mockGatewayFailure, mockPage, mockRefusal, sessionRoutes } from '../../test/answers';
import { ADMIN, tourAnswer } from '../../test/companyAdmin';
import { type MockRoutes, mockApi, renderApp } from '../../test/renderApp';
import { PasswordForm } from './components/AdminPasswordCard';

// Configuración holds a dozen cards (decision 0053 added two): role queries over it take seconds on a loaded machine.
configure({ asyncUtilTimeout: 10_000 });

const SETTINGS: CompanySettings = {
  id: 'c1',
  name: 'Andes Textiles S.A.C.',
  ruc: null,
  legalName: null,
  email: 'contacto@andes.pe',
  address: null,
  city: 'Lima',
  country: 'PE',
  plan: 'FREE',
  status: 'ACTIVE',
  currentEmployees: 3,
  maxEmployees: 5,
  timezone: 'America/Lima',
  locale: 'es-PE',
  usage: { employees: { used: 3, limit: 5 }, schedules: { used: 1, limit: 1 }, locations: { used: 0, limit: 1 }, links: { used: 0, limit: 1 } },
};

function routes(extra: MockRoutes = {}): MockRoutes {
  return {
    ...sessionRoutes(ADMIN),
    'GET /api/company-admin-simple/tour/status': tourAnswer(true, '2026-03-02T15:30:00.000Z'),
    'GET /api/company-admin-simple/company/settings': mockAnswer(dataAnswer(companySettingsAnswer), { data: SETTINGS }),
    'GET /api/company-admin-simple/work-locations': mockPage(pageAnswer(workLocationAnswer), []),
    'GET /api/company-admin-simple/company/attendance-settings': mockAnswer(attendanceSettingsAnswer, { data: { openRecordGraceHours: 4 } }),
    'GET /api/company-admin-simple/attendance/integrity': mockAnswer(integrityAnswer, { data: { ok: true, entries: 0, headHash: '0'.repeat(64) } }),
    ...extra,
  };
}

function renderWithProviders(ui: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const user = userEvent.setup();
  return {
    user,
    ...render(
      <AppProviders queryClient={queryClient} env="test">
        {ui}
      </AppProviders>,
    ),
  };
}

/** Replaces the input's text in one paste (typing letter by letter is slow in jsdom). */
async function fill(user: ReturnType<typeof userEvent.setup>, input: HTMLElement, text: string) {
  await user.clear(input);
  await user.click(input);
  await user.paste(text);
}

async function openPasswordModal() {
  const { user } = renderApp('/company-admin/settings');
  await user.click(await screen.findByRole('button', { name: 'Cambiar contraseña' }));
  const dialog = await screen.findByRole('dialog', { name: 'Cambiar contraseña' });
  return { user, dialog };
}

// The dashboard is a lazy chunk: load it once up front so the first test's waits measure the screen, not the import.
beforeAll(() => import('../dashboard/components/DashboardLayout'), 60_000);

describe('CompanySettingsTab: administrator password', { timeout: 40_000 }, () => {
  it("asks for every field, then a matching confirmation, then 8 characters, with the spec's words", async () => {
    const fetchMock = mockApi(routes());
    const { user } = renderWithProviders(<PasswordForm onDone={() => {}} />);
    const submit = screen.getByRole('button', { name: 'Cambiar contraseña' });

    await user.click(submit);
    expect(screen.getAllByText('Todos los campos son obligatorios')).toHaveLength(3);

    await fill(user, screen.getByLabelText(/Contraseña actual/), 'actual-123');
    await fill(user, screen.getByLabelText(/^Nueva contraseña/), 'nueva-clave-1');
    await fill(user, screen.getByLabelText(/Confirmar nueva contraseña/), 'otra-clave-1');
    await user.click(submit);
    expect(screen.getByText('Las contraseñas no coinciden')).toBeInTheDocument();

    await fill(user, screen.getByLabelText(/^Nueva contraseña/), 'corta');
    await fill(user, screen.getByLabelText(/Confirmar nueva contraseña/), 'corta');
    await user.click(submit);
    expect(screen.getByText('La contraseña debe tener al menos 8 caracteres')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/profile/password'))).toBe(false);
  });

  it('shows the failure alert when the current password is wrong, and succeeds otherwise', async () => {
    let attempt = 0;
    const fetchMock = mockApi(
      routes({
        'PUT /api/company-admin-simple/profile/password': () => {
          attempt += 1;
          return attempt === 1
            ? mockRefusal(400, 'validation_failed', 'Error al cambiar la contraseña. Verifique su contraseña actual.')
            : mockAnswer(messageAnswer, { message: 'Contraseña actualizada exitosamente' });
        },
      }),
    );
    const { user, dialog } = await openPasswordModal();
    await fill(user, within(dialog).getByLabelText(/Contraseña actual/), 'equivocada');
    await fill(user, within(dialog).getByLabelText(/^Nueva contraseña/), 'nueva-clave-1');
    await fill(user, within(dialog).getByLabelText(/Confirmar nueva contraseña/), 'nueva-clave-1');
    await user.click(within(dialog).getByRole('button', { name: 'Cambiar contraseña' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Error al cambiar la contraseña. Verifique su contraseña actual.');
    await user.click(within(dialog).getByRole('button', { name: 'Cambiar contraseña' }));
    expect(await screen.findByText('Contraseña actualizada exitosamente')).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([url]) => String(url).includes('/profile/password'));
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ currentPassword: 'equivocada', newPassword: 'nueva-clave-1' });
  });
});

describe('CompanySettingsTab: administrator email', () => {
  it('validates the address and shows the new email after the update', async () => {
    let email = ADMIN.email;
    mockApi(
      routes({
        'GET /api/auth/verify': () => sessionRoutes({ ...ADMIN, email })['GET /api/auth/verify'],
        'PUT /api/company-admin-simple/profile/email': () => {
          email = 'gerencia@andes.pe';
          return mockAnswer(ownEmailAnswer, { data: { email }, message: 'Email de administrador actualizado exitosamente' });
        },
      }),
    );
    const { user } = renderApp('/company-admin/settings');
    await user.click(await screen.findByRole('button', { name: 'Cambiar email' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cambiar email de administrador' });
    const submit = within(dialog).getByRole('button', { name: 'Actualizar email' });

    await user.click(submit);
    expect(within(dialog).getByText('Por favor ingrese un email válido')).toBeInTheDocument();
    await fill(user, within(dialog).getByLabelText(/Nuevo email/), 'gerencia@andes.pe');
    await user.click(submit);

    expect(await screen.findByText('Email de administrador actualizado exitosamente')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('gerencia@andes.pe')).toBeInTheDocument();
  });

  it("falls back to 'Error al actualizar el email del administrador' when the server gives no message", async () => {
    mockApi(routes({ 'PUT /api/company-admin-simple/profile/email': mockGatewayFailure() }));
    const { user } = renderApp('/company-admin/settings');
    await user.click(await screen.findByRole('button', { name: 'Cambiar email' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cambiar email de administrador' });
    await fill(user, within(dialog).getByLabelText(/Nuevo email/), 'gerencia@andes.pe');
    await user.click(within(dialog).getByRole('button', { name: 'Actualizar email' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Error al actualizar el email del administrador');
  });
});

describe('CompanySettingsTab: attendance (forgotten check-out grace)', () => {
  const puts = (fetchMock: ReturnType<typeof mockApi>) =>
    fetchMock.mock.calls.filter(([url, init]) => String(url).includes('/company/attendance-settings') && init?.method === 'PUT');

  it('shows the saved grace with what it does, refuses values outside 1-24 and saves a valid one', async () => {
    let grace = 4;
    const fetchMock = mockApi(
      routes({
        'GET /api/company-admin-simple/company/attendance-settings': () => mockAnswer(attendanceSettingsAnswer, { data: { openRecordGraceHours: grace } }),
        'PUT /api/company-admin-simple/company/attendance-settings': (init) => {
          grace = JSON.parse(String(init?.body)).openRecordGraceHours;
          return mockAnswer(attendanceSettingsAnswer, {
            data: { openRecordGraceHours: grace },
            message: 'Configuración de asistencia actualizada exitosamente',
          });
        },
      }),
    );
    const { user } = renderApp('/company-admin/settings');
    expect(await screen.findByRole('heading', { name: 'Asistencia' })).toBeInTheDocument();
    const input = await screen.findByRole('textbox', { name: /Margen para marcar la salida \(horas\)/ });
    await waitFor(() => expect(input).toHaveValue('4'));
    expect(screen.getByText(/se cierra como incompleta 4 h después del fin del turno/)).toBeInTheDocument();

    for (const bad of ['0', '25']) {
      await fill(user, input, bad);
      await user.click(within(input.closest('form')!).getByRole('button', { name: 'Guardar' }));
      expect(await screen.findByText('El margen debe ser un número entero de horas entre 1 y 24')).toBeInTheDocument();
    }
    expect(puts(fetchMock)).toHaveLength(0);

    await fill(user, input, '6');
    expect(screen.getByText(/se cierra como incompleta 6 h después del fin del turno/)).toBeInTheDocument();
    await user.click(within(input.closest('form')!).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Configuración de asistencia actualizada exitosamente')).toBeInTheDocument();
    expect(JSON.parse(String(puts(fetchMock)[0][1]?.body))).toEqual({ openRecordGraceHours: 6 });
    // Saved: nothing left to save.
    await waitFor(() => expect(within(input.closest('form')!).getByRole('button', { name: 'Guardar' })).toBeDisabled());
  });

  it('speaks English', async () => {
    await i18n.changeLanguage('en');
    mockApi(routes());
    const { user } = renderApp('/company-admin/settings');
    expect(await screen.findByRole('heading', { name: 'Attendance' })).toBeInTheDocument();
    const input = await screen.findByRole('textbox', { name: /Grace to check out \(hours\)/ });
    await waitFor(() => expect(input).toHaveValue('4'));
    await fill(user, input, '30');
    await user.click(within(input.closest('form')!).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The grace must be a whole number of hours between 1 and 24')).toBeInTheDocument();
  });
});
