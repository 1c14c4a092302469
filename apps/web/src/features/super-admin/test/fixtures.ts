import { countriesAnswer, type SessionUser, type SuperAdminCompany, type SuperAdminDashboard, superAdminCompanyListAnswer } from '@presente/shared';
import { screen } from '@testing-library/react';
import { mockAnswer, sessionRoutes } from '../../../test/answers';
import type { MockRoutes, renderApp } from '../../../test/renderApp';

export const ROOT: SessionUser = {
  id: 'sa1',
  userId: 'sa1',
  name: 'Root Admin',
  email: 'root@presente.test',
  role: 'SUPER_ADMIN',
  userType: 'SUPER_ADMIN',
  companyId: null,
};

export function company(overrides: Partial<SuperAdminCompany> = {}): SuperAdminCompany {
  return {
    id: 'c1',
    name: 'Andes Textiles S.A.C.',
    ruc: '20512345678',
    legalName: null,
    email: 'contacto@andes.pe',
    phone: '+51 1 555 0101',
    address: 'Av. Javier Prado 123',
    city: 'Lima',
    country: 'PE',
    timezone: 'America/Lima',
    locale: 'es-PE',
    plan: 'FREE',
    status: 'ACTIVE',
    maxEmployees: 10,
    currentEmployees: 3,
    registeredAt: '2026-03-05T15:00:00.000Z',
    updatedAt: '2026-03-06T15:00:00.000Z',
    admin: { id: 'u1', name: 'Rosa Mamani', email: 'rosa@andes.pe', isActive: true },
    ...overrides,
  };
}

export const DASHBOARD: SuperAdminDashboard = {
  totalCompanies: 12,
  totalEmployees: 40,
  activeEmployees: 30,
  totalAttendances: 1234,
  system: { database: 'connected', api: 'ok', storage: { mode: 'outbox', dataDir: 'writable' }, faceEngine: 'not_loaded', payments: 'simulator' },
};

/** The session of a super admin plus the given API answers. */
export function superAdminRoutes(extra: MockRoutes = {}): MockRoutes {
  return {
    ...sessionRoutes(ROOT),
    'GET /api/countries': mockAnswer(countriesAnswer, { data: [] }),
    ...extra,
  };
}

export function listAnswer(companies: SuperAdminCompany[], pages = 1, total = companies.length) {
  return mockAnswer(superAdminCompanyListAnswer, { data: companies, pagination: { page: 1, limit: 10, total, pages, totalPages: pages } });
}

/** The JSON body the mocked fetch received for a call. */
export function bodyOf(init: RequestInit | undefined): Record<string, unknown> {
  return JSON.parse(String(init?.body ?? '{}'));
}

/** Opens a company's row menu in the table and picks an action (Ver información, Editar, Eliminar). */
export async function rowAction(user: ReturnType<typeof renderApp>['user'], companyName: string, action: string) {
  await user.click(await screen.findByRole('button', { name: `Acciones de ${companyName}` }, { timeout: 5000 }));
  await user.click(await screen.findByRole('menuitem', { name: action }));
}
