import { dataAnswer, registerSummary, type SessionUser } from '@presente/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockAnswer, sessionRoutes } from '../../test/answers';
import { mockApi, renderApp } from '../../test/renderApp';
import { company, listAnswer, superAdminRoutes } from '../super-admin/test/fixtures';

const lapsedAdmin: SessionUser = {
  id: 'u1',
  userId: 'u1',
  name: 'Luis Quispe',
  email: 'luis@acme.pe',
  role: 'COMPANY_ADMIN',
  userType: 'COMPANY_ADMIN',
  companyId: 'c1',
  access: 'register_only',
};
const SUMMARY = {
  companyName: 'Acme SAC',
  ruc: '20512345678',
  timezone: 'America/Lima',
  records: 340,
  firstDate: '2026-01-05',
  lastDate: '2026-11-20',
  accessEndedAt: '2026-11-21T05:00:00.000Z',
  deletionAt: '2026-12-21T05:00:00.000Z',
  registerOnly: true,
};

describe('register-only access (decision 0034)', { timeout: 30_000 }, () => {
  it("a lapsed company's admin sees only the register export, whatever the path, and no area loads", async () => {
    const asked: string[] = [];
    mockApi({
      ...sessionRoutes(lapsedAdmin),
      'GET /api/company-admin-simple/register/summary': () => {
        asked.push('summary');
        return mockAnswer(dataAnswer(registerSummary), { data: SUMMARY });
      },
    });
    const { router } = renderApp('/company-admin/employees');
    expect(await screen.findByRole('heading', { name: 'Registro de control de asistencia' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('El acceso de tu empresa terminó')).toBeInTheDocument();
    expect(await screen.findByText('340 marcaciones, del 05/01/2026 al 20/11/2026.')).toBeInTheDocument();
    expect(screen.getByText(/Los demás datos de la empresa se eliminarán el 21\/12\/2026/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Descargar Excel' })).toHaveAttribute('href', '/api/company-admin-simple/register?format=xlsx&lang=es');
    expect(screen.getByRole('link', { name: 'Descargar PDF' })).toHaveAttribute('href', '/api/company-admin-simple/register?format=pdf&lang=es');
    // None of the area: no tabs, no employees.
    expect(screen.queryByRole('link', { name: 'Empleados' })).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/company-admin/employees');
    expect(asked).toEqual(['summary']);
  });

  it("the super admin's list marks a deleted company and offers its register, not edit or delete", async () => {
    const closed = company({ id: 'c9', name: 'Cerrada SAC', status: 'INACTIVE', admin: null, closedAt: '2026-11-01T15:00:00.000Z' });
    mockApi(superAdminRoutes({ 'GET /api/super-admin/companies': listAnswer([closed]) }));
    const { user } = renderApp('/super-admin/companies');
    const row = (await screen.findByText('Cerrada SAC', {}, { timeout: 5000 })).closest('tr')!;
    expect(within(row).getByText('Eliminada')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Acciones de Cerrada SAC' }));
    expect(await screen.findByRole('menuitem', { name: 'Registro en Excel' })).toHaveAttribute(
      'href',
      '/api/super-admin/companies/c9/register?format=xlsx&lang=es',
    );
    expect(screen.getByRole('menuitem', { name: 'Registro en PDF' })).toHaveAttribute('href', '/api/super-admin/companies/c9/register?format=pdf&lang=es');
    expect(screen.queryByRole('menuitem', { name: 'Editar' })).not.toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Eliminar' })).not.toBeInTheDocument();
  });
});
