import { describe, expect, it } from 'vitest';
import { rooms } from '../../realtime/events.js';
import { withDni } from '../../test/factories.js';
import { socketServer } from '../../test/sockets.js';

const server = socketServer({ forwardEvents: true });
const url = '/api/company-admin-simple/employees';
let n = 0;
const person = () => ({ firstName: 'Rosa', lastName: `Quispe ${++n}`, email: `rosa${n}@platform.pe`, employeeCode: `P-${n}`, ...withDni() });

/** What the super_admin room was told since `from`, as [event, action, companyId]. */
const toSuperAdmin = (from: number) =>
  server.t.events.emitted
    .slice(from)
    .filter((e) => e.room === rooms.superAdmin())
    .map((e) => {
      const p = e.payload as { action?: string; reason?: string; companyId?: string };
      return [e.event, p.action ?? p.reason, p.companyId];
    });

describe("the super admin's screens hear about employee changes (companies table, overview totals)", () => {
  it('creating an employee reaches the super admin socket live', async () => {
    const root = await server.t.factories.superAdmin();
    const admin = await server.t.factories.companyAdmin();
    const socket = await server.open(root);
    const stats = new Promise((resolve) => socket.on('system_stats_update', resolve));
    const company = new Promise((resolve) => socket.on('company_update', resolve));
    expect((await server.t.as(admin).post(url, person())).statusCode).toBe(201);
    expect(await company).toEqual({ action: 'employee_created', companyId: admin.companyId });
    expect(await stats).toEqual({ reason: 'employee_created', companyId: admin.companyId });
  });

  it('status changes, deletions and imports tell it too; an edit that changes no count does not', async () => {
    const admin = await server.t.factories.companyAdmin();
    const c = admin.companyId!;
    const emp = await server.t.factories.employee(c);
    const body = { firstName: 'Otro', lastName: emp.lastName, email: emp.email, employeeCode: emp.employeeCode, ...withDni() };

    let from = server.t.events.emitted.length;
    expect((await server.t.as(admin).put(`${url}/${emp.id}`, body)).statusCode).toBe(200);
    expect(toSuperAdmin(from)).toEqual([]);

    from = server.t.events.emitted.length;
    expect((await server.t.as(admin).put(`${url}/${emp.id}`, { ...body, status: 'INACTIVE' })).statusCode).toBe(200);
    expect(toSuperAdmin(from)).toEqual([
      ['company_update', 'employee_status_changed', c],
      ['system_stats_update', 'employee_status_changed', c],
    ]);

    from = server.t.events.emitted.length;
    expect((await server.t.as(admin).delete(`${url}/${emp.id}`)).statusCode).toBe(200);
    expect(toSuperAdmin(from)).toEqual([
      ['company_update', 'employee_deleted', c],
      ['system_stats_update', 'employee_deleted', c],
    ]);

    from = server.t.events.emitted.length;
    expect((await server.t.as(admin).post(`${url}/import`, { rows: [person(), person()], dryRun: true })).statusCode).toBe(200);
    expect(toSuperAdmin(from)).toEqual([]); // a preview changes nothing
    expect((await server.t.as(admin).post(`${url}/import`, { rows: [person(), person()], dryRun: false })).statusCode).toBe(201);
    expect(toSuperAdmin(from)).toEqual([
      ['company_update', 'employees_imported', c],
      ['system_stats_update', 'employees_imported', c],
    ]);
  });

  it("the company admin's new email reaches the companies table", async () => {
    const admin = await server.t.factories.companyAdmin();
    const from = server.t.events.emitted.length;
    expect((await server.t.as(admin).put('/api/company-admin-simple/profile/email', { newEmail: `nuevo${++n}@platform.pe` })).statusCode).toBe(200);
    expect(toSuperAdmin(from)).toEqual([['company_update', 'admin_email_changed', admin.companyId]]);
  });
});
