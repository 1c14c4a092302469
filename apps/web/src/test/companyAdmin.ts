import {
  companySettingsAnswer,
  dataAnswer,
  departmentListAnswer,
  employeeListAnswer,
  holidayAnswer,
  monthlyCalendarAnswer,
  pageAnswer,
  type SessionUser,
  scheduleAnswer,
  tourStatus,
  workLocationAnswer,
} from '@presente/shared';
import type { z } from 'zod';
import type { Employee } from '../features/employees/api';
import { mockAnswer, mockPage, mockRefusal, sessionRoutes } from './answers';
import type { MockRoutes } from './renderApp';

/** Shared fixtures of the company-admin tab tests (employees, schedules, holidays). */
export const ADMIN: SessionUser = {
  id: 'u9',
  userId: 'u9',
  name: 'Rosa Mamani',
  email: 'rosa@andes.pe',
  role: 'COMPANY_ADMIN',
  userType: 'COMPANY_ADMIN',
  companyId: 'c9',
};

export function usage(
  employees: [number, number],
  schedules: [number, number] = [0, 1],
  plan: 'FREE' | 'PREMIUM' = 'FREE',
  links: { used: number; limit: number } = { used: 0, limit: 1 },
  extra: Partial<z.input<typeof companySettingsAnswer>> = {},
) {
  return mockAnswer(dataAnswer(companySettingsAnswer), {
    data: {
      id: 'c9',
      name: 'Andes SAC',
      ruc: '20512345678',
      legalName: null,
      email: 'contacto@andes.pe',
      address: null,
      city: 'Lima',
      country: 'PE',
      plan,
      status: 'ACTIVE',
      currentEmployees: employees[0],
      maxEmployees: employees[1],
      timezone: 'America/Lima',
      locale: 'es-PE',
      usage: {
        employees: { used: employees[0], limit: employees[1] },
        schedules: { used: schedules[0], limit: schedules[1] },
        locations: { used: 0, limit: 1 },
        links,
      },
      ...extra,
    },
  });
}

export function employee(n: number, extra: Partial<Employee> = {}): Employee {
  return {
    id: `00000000-0000-4000-8000-00000000000${n}`,
    firstName: ['Luis', 'Ana', 'Carla', 'Jorge', 'Milagros'][n % 5],
    lastName: ['Quispe', 'Flores', 'Rojas', 'Huamán', 'Torres'][n % 5],
    email: `empleado${n}@andes.pe`,
    employeeCode: `EMP-00${n}`,
    documentType: null,
    documentNumber: null,
    position: 'Operario',
    phone: null,
    scheduleId: null,
    departmentId: null,
    status: 'ACTIVE',
    hireDate: null,
    createdAt: '2026-01-10T15:00:00.000Z',
    updatedAt: '2026-01-10T15:00:00.000Z',
    schedule: null,
    department: null,
    canLogin: true,
    faceData: null,
    ...extra,
  };
}

export const PLAN_LIMIT_403 = mockRefusal(403, 'plan_limit_reached', 'Has alcanzado el límite de tu plan. Actualiza a Premium para continuar.', {
  errors: [{ path: 'employees', message: 'Has alcanzado el límite de tu plan. Actualiza a Premium para continuar.' }],
});

const emptyPage = (limit = 10) => ({ data: [], pagination: { page: 1, limit, total: 0, pages: 1, totalPages: 1 } });

/** Session, company config and empty lists; override any route per test. */
export function baseRoutes(overrides: MockRoutes = {}): MockRoutes {
  return {
    ...sessionRoutes(ADMIN),
    'GET /api/company-admin-simple/company/settings': usage([0, 5]),
    'GET /api/company-admin-simple/employees': mockAnswer(employeeListAnswer, { ...emptyPage(), totalEmployees: 0 }),
    'GET /api/company-admin-simple/departments': mockAnswer(departmentListAnswer, { data: [] }),
    'GET /api/company-admin-simple/schedules': mockAnswer(pageAnswer(scheduleAnswer), emptyPage()),
    'GET /api/company-admin-simple/work-locations': mockAnswer(pageAnswer(workLocationAnswer), emptyPage(100)),
    'GET /api/company-admin-simple/holidays': mockAnswer(pageAnswer(holidayAnswer), emptyPage()),
    ...overrides,
  };
}

/** GET /employees: a page of the company's employees through its declared answer. */
export const employeesPage = (list: Employee[], total = list.length) => mockPage(employeeListAnswer, list, { totalEmployees: total }, total);

/** GET /attendance/monthly-calendar: the month's rows (Lima) through its declared answer. */
export const calendarPage = (rows: z.input<typeof monthlyCalendarAnswer>['data'], month = 1, year = 2026) =>
  mockPage(monthlyCalendarAnswer, rows, { meta: { timezone: 'America/Lima', month, year } });

/** GET /tour/status (and the tour's complete/reset answers): done, or still to show. */
export const tourAnswer = (done = true, completedAt: string | null = null) =>
  mockAnswer(dataAnswer(tourStatus), { data: { hasCompletedTour: done, tourCompletedAt: completedAt, shouldShowTour: !done } });

/** Types a value at once (paste): much faster than user.type on a busy test machine. */
export async function fill(user: { click: (el: Element) => Promise<void>; paste: (text: string) => Promise<void> }, element: HTMLElement, text: string) {
  await user.click(element);
  await user.paste(text);
}
