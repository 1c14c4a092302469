import {
  type AttendanceRecordAnswer,
  availableYearsAnswer,
  employeeAttendanceAnswer,
  employeeListAnswer,
  manualAttendanceAnswer,
  messageAnswer,
  monthlyCalendarAnswer,
} from '@presente/shared';
import { configure, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { mockAnswer, mockGatewayFailure, mockPage, mockRefusal } from '../../test/answers';
import { baseRoutes, employee } from '../../test/companyAdmin';
import { mockApi, renderApp } from '../../test/renderApp';
import type { CalendarRow } from './api';

configure({ asyncUtilTimeout: 5000 });

// The dashboard is a lazy chunk: load it once up front so the first test's waits measure the screen, not the import.
beforeAll(() => Promise.all([import('../dashboard/components/DashboardLayout'), import('./pages/AttendanceTab')]), 60_000);

const EMP = employee(1, { position: 'Contadora' });
const counts = { present: 1, early: 0, late: 0, absent: 1, permission: 0, holiday: 0, day_off: 1, pending: 0 };

/** Ana Flores in January 2026 (Lima): absent on the 5th, present on the 6th (a manual, incomplete record), off on the 10th. */
const ROW: CalendarRow = {
  employeeId: EMP.id,
  employeeName: 'Ana Flores',
  employeeCode: 'EMP-001',
  documentNumber: '70123458',
  position: 'Contadora',
  department: null,
  schedule: { id: 's1', name: 'Turno oficina', startTime: '08:00', endTime: '17:00', breakStartTime: null, breakEndTime: null, workDays: '1,2,3,4,5' },
  periods: [],
  days: [
    { date: '2026-01-05', status: 'absent', attendance: null, workHours: null },
    {
      date: '2026-01-06',
      status: 'present',
      workHours: 9,
      attendance: {
        id: 'a1',
        checkIn: '2026-01-06T13:02:00.000Z',
        checkOut: '2026-01-06T22:02:00.000Z',
        status: 'present',
        notes: null,
        isPermission: false,
        method: 'manual',
        isManual: true,
        incomplete: true,
      },
    },
    { date: '2026-01-10', status: 'day_off', attendance: null, workHours: null },
  ],
  stats: { ...counts, attendanceRate: 50, totalHours: 9, leaveHours: 0 },
};

/** The month's calendar through its declared answer (Lima, January 2026). */
const calendar = (rows: CalendarRow[]) => mockPage(monthlyCalendarAnswer, rows, { meta: { timezone: 'America/Lima', month: 1, year: 2026 } });

/** A record as POST /attendance answers it (the created row). */
const record = (id: string): AttendanceRecordAnswer => ({
  id,
  date: '2026-01-05',
  checkIn: '2026-01-05T13:00:00.000Z',
  checkOut: null,
  workHours: null,
  status: 'present',
  notes: null,
  isPermission: false,
  method: 'manual',
  isManual: true,
  incomplete: true,
  location: null,
});

function routes(extra = {}) {
  return baseRoutes({
    'GET /api/company-admin-simple/attendance/monthly-calendar': calendar([ROW]),
    'GET /api/company-admin-simple/available-years': mockAnswer(availableYearsAnswer, { data: [2026, 2025] }),
    'GET /api/company-admin-simple/employees': mockPage(employeeListAnswer, [EMP], { totalEmployees: 1 }),
    ...extra,
  });
}

const posts = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls.filter(([url, init]) => String(url).endsWith('/attendance') && init?.method === 'POST');

async function setTime(user: ReturnType<typeof renderApp>['user'], dialog: HTMLElement, label: string, hhmm: string) {
  await user.type(within(dialog).getByLabelText(`${label}: horas`), hhmm.slice(0, 2));
  await user.type(within(dialog).getByLabelText(`${label}: minutos`), hhmm.slice(3));
}

async function openDay(user: ReturnType<typeof renderApp>['user'], label: RegExp) {
  await user.click(await screen.findByRole('button', { name: label }));
  return screen.findByRole('dialog');
}

describe('AttendanceTab', { timeout: 30_000 }, () => {
  it('shows the month grid with statuses, legend, marks and per-row figures', async () => {
    mockApi(routes());
    renderApp('/company-admin/attendance');
    expect(await screen.findByRole('button', { name: 'Ana Flores, 05/01/2026: Ausente' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ana Flores, 06/01/2026: Presente' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ana Flores, 10/01/2026: Día libre' })).toBeInTheDocument();
    const legend = screen.getByRole('list', { name: 'Leyenda' });
    for (const word of [
      'Presente',
      'Temprano',
      'Tarde',
      'Ausente',
      'Permiso',
      'Feriado',
      'Día libre',
      'Pendiente',
      'Incompleta (sin salida)',
      'Marcación manual',
    ]) {
      expect(within(legend).getByText(word)).toBeInTheDocument();
    }
    expect(screen.getByLabelText('1 presentes, 0 tardanzas, 1 ausencias, 0 permisos; 50% de asistencia; 9.00 horas')).toBeInTheDocument();
    // The rate says what it measures, so it never reads as the phone cards' "% del mes" (walk-through finding 4).
    expect(screen.getByText('50% asist.')).toBeInTheDocument();
  });

  it('labels the summary column and gives a visible cue when the month does not fit (walk-through finding 11)', async () => {
    // jsdom lays nothing out: the grid says it is 400 px wider than its box, as at 1366 px with 31 days.
    const proto = HTMLElement.prototype;
    const saved = [Object.getOwnPropertyDescriptor(proto, 'scrollWidth'), Object.getOwnPropertyDescriptor(proto, 'clientWidth')];
    Object.defineProperty(proto, 'scrollWidth', { configurable: true, get: () => 1400 });
    Object.defineProperty(proto, 'clientWidth', { configurable: true, get: () => 1000 });
    try {
      mockApi(routes());
      renderApp('/company-admin/attendance');
      const grid = await screen.findByRole('table', { name: 'Calendario de asistencia del mes' });
      // Each count has a written heading (with the full words as its title), not colour alone.
      const head = within(grid).getAllByRole('columnheader').at(-1)!;
      expect([...head.querySelectorAll('abbr')].map((a) => [a.textContent, a.title])).toEqual([
        ['Pres.', 'Días presentes (incluye llegadas tempranas)'],
        ['Tard.', 'Tardanzas'],
        ['Aus.', 'Ausencias'],
        ['Perm.', 'Permisos'],
      ]);
      const cue = await screen.findByTestId('grid-scroll-cue');
      expect(cue).toHaveTextContent('Desplázate para ver más días');
      expect(within(cue).getByRole('button', { name: 'Días siguientes' })).toBeEnabled();
      expect(within(cue).getByRole('button', { name: 'Días anteriores' })).toBeDisabled();
    } finally {
      for (const [name, d] of [
        ['scrollWidth', saved[0]],
        ['clientWidth', saved[1]],
      ] as const) {
        if (d) Object.defineProperty(proto, name, d);
        else delete (proto as unknown as Record<string, unknown>)[name];
      }
    }
  });

  it('validates the day form with the shared schema messages', async () => {
    const fetchMock = mockApi(routes());
    const { user } = renderApp('/company-admin/attendance');
    const dialog = await openDay(user, /05\/01\/2026: Ausente/);
    await user.click(within(dialog).getByRole('button', { name: 'Crear asistencia' }));
    expect(await within(dialog).findByText('Debe ingresar al menos la hora de entrada para crear una asistencia.')).toBeInTheDocument();
    expect(within(dialog).getByText('Indica el motivo del cambio')).toBeInTheDocument();

    // No date: it is required (a malformed one gets the spec's 'Formato inválido').
    await user.clear(within(dialog).getByRole('textbox', { name: /Fecha/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Crear asistencia' }));
    expect(await within(dialog).findByText('La fecha es requerida')).toBeInTheDocument();
    expect(posts(fetchMock)).toHaveLength(0);
  });

  it('refuses a check-out before the check-in on a day shift, and shows the server refusal in the modal', async () => {
    const refusal = mockRefusal(400, 'validation_failed', 'La salida debe ser posterior a la entrada', {
      errors: [{ path: 'checkOut', message: 'La salida debe ser posterior a la entrada' }],
    });
    const fetchMock = mockApi(routes({ 'POST /api/company-admin-simple/attendance': refusal }));
    const { user } = renderApp('/company-admin/attendance');
    const dialog = await openDay(user, /05\/01\/2026: Ausente/);
    await setTime(user, dialog, 'Hora de entrada', '18:00');
    await setTime(user, dialog, 'Hora de salida', '09:00');
    await user.type(within(dialog).getByRole('textbox', { name: /Motivo del cambio/ }), 'Olvidó marcar');
    await user.click(within(dialog).getByRole('button', { name: 'Crear asistencia' }));
    // 08:00-17:00 is a day shift: 18:00 -> 09:00 is a mistake, not a 15-hour record.
    expect(await within(dialog).findByText('La salida debe ser posterior a la entrada')).toBeInTheDocument();
    expect(posts(fetchMock)).toHaveLength(0);

    // Times the form accepts but the server refuses (e.g. the schedule changed meanwhile): its words in the modal.
    await user.clear(within(dialog).getByLabelText('Hora de salida: horas'));
    await setTime(user, dialog, 'Hora de salida', '19:00');
    await user.click(within(dialog).getByRole('button', { name: 'Crear asistencia' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('La salida debe ser posterior a la entrada');
    expect(posts(fetchMock)).toHaveLength(1);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('on a night shift sends a check-out earlier than the check-in (the next morning)', async () => {
    const night = { ...ROW, schedule: { ...ROW.schedule!, name: 'Turno noche', startTime: '22:00', endTime: '06:00' } };
    const fetchMock = mockApi(
      routes({
        'GET /api/company-admin-simple/attendance/monthly-calendar': calendar([night]),
        'POST /api/company-admin-simple/attendance': mockAnswer(manualAttendanceAnswer, { data: record('a3'), message: 'Asistencia creada exitosamente' }, 201),
      }),
    );
    const { user } = renderApp('/company-admin/attendance');
    const dialog = await openDay(user, /05\/01\/2026: Ausente/);
    await setTime(user, dialog, 'Hora de entrada', '22:00');
    await setTime(user, dialog, 'Hora de salida', '06:00');
    await user.type(within(dialog).getByRole('textbox', { name: /Motivo del cambio/ }), 'Olvidó marcar');
    await user.click(within(dialog).getByRole('button', { name: 'Crear asistencia' }));
    expect(await screen.findByText('Asistencia creada exitosamente')).toBeInTheDocument();
    expect(JSON.parse(String(posts(fetchMock)[0][1]?.body))).toMatchObject({ checkIn: '22:00', checkOut: '06:00' });
  });

  it('fills the schedule times and the default note for a justified permission', async () => {
    const fetchMock = mockApi(
      routes({
        'POST /api/company-admin-simple/attendance': mockAnswer(manualAttendanceAnswer, { data: record('a2'), message: 'Asistencia creada exitosamente' }, 201),
      }),
    );
    const { user } = renderApp('/company-admin/attendance');
    const dialog = await openDay(user, /05\/01\/2026: Ausente/);
    await user.click(within(dialog).getByRole('switch', { name: /Permiso justificado/ }));
    expect(within(dialog).getByLabelText('Hora de entrada: horas')).toHaveValue('08');
    expect(within(dialog).getByLabelText('Hora de salida: horas')).toHaveValue('17');
    expect(within(dialog).getByRole('textbox', { name: 'Notas' })).toHaveValue('Permiso justificado');
    await user.type(within(dialog).getByRole('textbox', { name: /Motivo del cambio/ }), 'Cita médica con certificado');
    await user.click(within(dialog).getByRole('button', { name: 'Crear asistencia' }));

    expect(await screen.findByText('Asistencia creada exitosamente')).toBeInTheDocument();
    const [, init] = posts(fetchMock)[0];
    expect(JSON.parse(String(init?.body))).toEqual({
      employeeId: EMP.id,
      date: '2026-01-05',
      checkIn: '08:00',
      checkOut: '17:00',
      notes: 'Permiso justificado',
      isPermission: true,
      // Paid unless "Sin goce de haber" is switched on (decision 0059).
      unpaid: false,
      reason: 'Cita médica con certificado',
    });
  });

  it('edits a record in local time, shows its flags and falls back to the spec message on failure', async () => {
    const fetchMock = mockApi(
      routes({
        'GET /api/company-admin-simple/employees/00000000-0000-4000-8000-000000000001/attendance': mockPage(employeeAttendanceAnswer, [
          {
            ...ROW.days[1].attendance!,
            date: '2026-01-06',
            workHours: 9,
            location: null,
            manualReason: 'Olvidó marcar',
            evidence: { checkIn: { distance: 0.412, linkName: 'Puerta principal' } },
          },
        ]),
        'PUT /api/company-admin-simple/attendance/a1': mockGatewayFailure(),
      }),
    );
    const { user } = renderApp('/company-admin/attendance');
    const dialog = await openDay(user, /06\/01\/2026: Presente/);
    // 13:02 UTC is 08:02 in Lima.
    expect(within(dialog).getByLabelText('Hora de entrada: horas')).toHaveValue('08');
    expect(within(dialog).getByLabelText('Hora de entrada: minutos')).toHaveValue('02');
    expect(within(dialog).getByText('Marcación manual')).toBeInTheDocument();
    expect(within(dialog).getByText('Incompleta (sin salida)')).toBeInTheDocument();
    expect(await within(dialog).findByText(/distancia facial 0.412 · enlace Puerta principal/)).toBeInTheDocument();
    expect(within(dialog).getByText('Motivo del último cambio manual: Olvidó marcar')).toBeInTheDocument();

    await user.type(within(dialog).getByRole('textbox', { name: /Motivo del cambio/ }), 'Olvidó marcar salida');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar cambios' }));
    expect((await screen.findAllByText('Error al actualizar asistencia')).length).toBeGreaterThan(0);
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toMatchObject({ checkIn: '08:02', checkOut: '17:02', reason: 'Olvidó marcar salida' });
  });

  it('asks for the reason and a confirmation naming the record before deleting', async () => {
    const fetchMock = mockApi(
      routes({ 'DELETE /api/company-admin-simple/attendance/a1': mockAnswer(messageAnswer, { message: 'Asistencia eliminada exitosamente' }) }),
    );
    const { user } = renderApp('/company-admin/attendance');
    const dialog = await openDay(user, /06\/01\/2026: Presente/);
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(await within(dialog).findByText('Indica el motivo del cambio')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /Motivo del cambio/ }), 'Registro duplicado');
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(
      await screen.findByText('¿Eliminar la asistencia de Ana Flores del 06/01/2026? Quedará registrada en el historial de auditoría.'),
    ).toBeInTheDocument();
    const confirm = await screen.findByRole('dialog', { name: 'Eliminar asistencia' });
    await user.click(within(confirm).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('Asistencia eliminada exitosamente')).toBeInTheDocument();
    const del = fetchMock.mock.calls.find(([, init]) => init?.method === 'DELETE');
    expect(String(del?.[0])).toContain('reason=Registro+duplicado');
  });

  it("downloads Peru's register from the server, and lists the workers without a document instead when it refuses (decision 0037)", async () => {
    const asked: string[] = [];
    mockApi(
      routes({
        'GET /api/company-admin-simple/attendance/register': () => {
          asked.push('register');
          return mockRefusal(422, 'documents_missing', 'No se puede exportar el registro: 1 trabajador(es) sin documento de identidad válido.', {
            errors: [{ path: 'workers.e1', message: 'Flores, Ana (EMP-001)' }],
          });
        },
      }),
    );
    const { user } = renderApp('/company-admin/attendance');
    await screen.findByRole('button', { name: 'Ana Flores, 05/01/2026: Ausente' });
    await user.click(screen.getByRole('button', { name: 'Exportar' }));
    await user.click(await screen.findByRole('menuitem', { name: /^Registro de control - Excel/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Faltan documentos de identidad' });
    expect(within(dialog).getByText('Flores, Ana (EMP-001)')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Ir a Empleados' })).toHaveAttribute('href', '/company-admin/employees');
    expect(asked).toEqual(['register']);
    const call = vi.mocked(fetch).mock.calls.find(([url]) => String(url).includes('/attendance/register'));
    expect(String(call?.[0])).toMatch(/\/api\/company-admin-simple\/attendance\/register\?from=\d{4}-\d{2}&to=\d{4}-\d{2}&format=xlsx&lang=es$/);
  });
});
