/**
 * Spec §7 "Company admin" (under /company-admin-simple), first half: dashboard, schedules, employees, monthly
 * calendar, departments, work locations, replayed with the spec's own payloads (issue 20 item 4).
 */
import { beforeAll, describe, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { type CompanyFixtures, companyFixtures } from './fixtures.js';
import { replay, type SpecCall, strangerCalls } from './replay.js';

let t: TestApp;
let f: CompanyFixtures;
beforeAll(async () => {
  t = await createTestApp();
  f = await companyFixtures(t);
});

const A = '/company-admin-simple';
const page = {
  data: 'array',
  'pagination.page': 'number',
  'pagination.limit': 'number',
  'pagination.total': 'number',
  'pagination.totalPages': 'number',
} as const;
const schedule = {
  name: 'Turno mañana',
  startTime: '08:00',
  endTime: '17:00',
  breakStartTime: '13:00',
  breakEndTime: '14:00',
  workDays: '1,2,3,4,5',
  lateToleranceMinutes: 15,
  allowEarlyCheckIn: true,
  earlyCheckInMinutes: 30,
  countActualTime: false,
  allowManualAttendance: true,
  isActive: true,
};
// The fixtures' company is Peruvian (the product's default), whose register identifies each worker by name and
// document (D.S. 004-2006-TR art. 3-4): the law wins over spec §7 there, so the spec's payload carries its
// documentNumber with `documentType`, a documented extension (decision 0062). Without them: 400 document_required.
const employee = (n: string) => ({
  firstName: 'Carlos',
  lastName: 'Mendoza',
  email: `carlos-${n}@example.com`,
  employeeCode: `EMP-${n}`,
  documentType: 'DNI',
  documentNumber: '40123456',
  position: 'Cajero',
  phone: '+51 987 654 321',
  status: 'ACTIVE',
  hireDate: '2025-03-01',
});
const location = { name: 'Sede Central', address: 'Av. Larco 101, Miraflores', latitude: -12.1211, longitude: -77.0297, allowedRadius: 100 };

const calls: SpecCall<CompanyFixtures>[] = [
  {
    spec: 'GET dashboard',
    who: 'admin',
    method: 'GET',
    path: `${A}/dashboard`,
    status: 200,
    fields: {
      'data.totalEmployees': 'number',
      'data.activeEmployees': 'number',
      'data.presentToday': 'number',
      'data.absentToday': 'number',
      'data.lateToday': 'number',
      'data.earlyToday': 'number',
      'data.permissionsToday': 'number',
      'data.holidaysToday': 'number',
      'data.company.maxEmployees': 'number',
      'data.monthlyStats.totalWorkingDays': 'number',
      'data.monthlyStats.attendancePercentage': 'number',
      'data.monthlyStats.totalHours': 'number',
      'data.monthlyStats.averageHoursPerDay': 'number',
      'data.departmentStats': 'array',
    },
  },
  // Schedules
  {
    spec: 'Schedules: list (page, limit; dropdown fetch limit 100)',
    who: 'admin',
    method: 'GET',
    path: `${A}/schedules?page=1&limit=100`,
    status: 200,
    fields: { ...page, 'data.0.id': 'string', 'data.0.name': 'string', 'data.0.startTime': 'string', 'data.0.workDays': 'string' },
  },
  {
    spec: 'Schedules: POST',
    who: 'admin',
    method: 'POST',
    path: `${A}/schedules`,
    body: schedule,
    status: 201,
    fields: { 'data.id': 'string', 'data.name': 'string' },
  },
  {
    spec: 'Schedules: PUT /schedules/{id}',
    who: 'admin',
    method: 'PUT',
    path: (x) => `${A}/schedules/${x.schedules[0].id}`,
    body: { ...schedule, name: 'Turno tarde', startTime: '14:00', endTime: '22:00', breakStartTime: '', breakEndTime: '' },
    status: 200,
    fields: { 'data.id': 'string', 'data.name': 'string' },
  },
  { spec: 'Schedules: DELETE', who: 'admin', method: 'DELETE', path: (x) => `${A}/schedules/${x.schedules[1].id}`, status: 200, fields: { message: 'string' } },
  // Employees
  {
    spec: 'Employees: list (page, limit, search)',
    who: 'admin',
    method: 'GET',
    path: `${A}/employees?page=1&limit=10&search=`,
    status: 200,
    fields: {
      ...page,
      'data.0.id': 'string',
      'data.0.firstName': 'string',
      'data.0.lastName': 'string',
      'data.0.email': 'string',
      'data.0.employeeCode': 'string',
      'data.0.status': 'string',
    },
  },
  {
    spec: 'Employees: POST (create sends no password; response may carry warning or message)',
    who: 'admin',
    method: 'POST',
    path: `${A}/employees`,
    body: (x) => ({ ...employee('nuevo'), scheduleId: x.schedules[0].id, departmentId: x.departments[0].id }),
    status: 201,
    fields: { 'data.id': 'string', 'data.firstName': 'string', 'data.schedule.name': 'string', 'data.department.name': 'string', message: 'string' },
  },
  {
    spec: 'Employees: PUT /employees/{id} (edit may include id and newPassword)',
    who: 'admin',
    method: 'PUT',
    path: (x) => `${A}/employees/${x.employees[0].id}`,
    body: (x) => ({ ...employee('editado'), id: x.employees[0].id, newPassword: 'nueva-123', scheduleId: x.schedules[0].id }),
    status: 200,
    fields: { 'data.id': 'string', 'data.email': 'string' },
  },
  {
    spec: 'Employees: DELETE /employees/{id}',
    who: 'admin',
    method: 'DELETE',
    path: (x) => `${A}/employees/${x.employees[1].id}`,
    status: 200,
    fields: { message: 'string' },
  },
  {
    spec: "POST /employees/{id}/reset-password (response message; data.emailStatus may be 'failed')",
    who: 'admin',
    method: 'POST',
    path: (x) => `${A}/employees/${x.employees[0].id}/reset-password`,
    status: 200,
    fields: { message: 'string', 'data.emailStatus': 'string' },
  },
  {
    spec: 'GET /employees/{id}/attendance (page, limit, startDate, endDate)',
    who: 'admin',
    method: 'GET',
    path: (x) => `${A}/employees/${x.worker.id}/attendance?page=1&limit=10&startDate=${x.day(1)}&endDate=${x.today}`,
    status: 200,
    fields: page,
  },
  {
    spec: 'GET /attendance/monthly-calendar (page, limit, employeeId, employeeName, departmentId, position, month, year)',
    who: 'admin',
    method: 'GET',
    path: (x) =>
      `${A}/attendance/monthly-calendar?page=1&limit=1000&employeeId=&employeeName=&departmentId=&position=&month=${Number(x.today.slice(5, 7))}&year=${x.today.slice(0, 4)}`,
    anyCompany: true,
    status: 200,
    fields: {
      // "returns calendar list and pagination": the list is the data field (§7: responses are read from data).
      data: 'array',
      'data.0.employeeId': 'string',
      'data.0.employeeName': 'string',
      'data.0.employeeCode': 'string',
      'data.0.position': 'string?',
      'data.0.schedule': 'object?',
      'data.0.days': 'array',
      'data.0.days.0.date': 'string',
      'data.0.days.0.status': 'string',
      'pagination.totalPages': 'number',
    },
  },
  // Departments
  {
    spec: 'Departments: list',
    who: 'admin',
    method: 'GET',
    path: `${A}/departments`,
    status: 200,
    fields: { data: 'array', 'data.0.id': 'string', 'data.0.name': 'string', 'data.0._count.employees': 'number' },
  },
  {
    spec: 'Departments: create {name}',
    who: 'admin',
    method: 'POST',
    path: `${A}/departments`,
    body: { name: 'Ventas' },
    status: 201,
    fields: { 'data.id': 'string', 'data.name': 'string' },
  },
  {
    spec: 'Departments: update {id, name}',
    who: 'admin',
    method: 'PUT',
    path: (x) => `${A}/departments/${x.departments[0].id}`,
    body: (x) => ({ id: x.departments[0].id, name: 'Logística' }),
    status: 200,
    fields: { 'data.id': 'string', 'data.name': 'string' },
  },
  {
    spec: 'Departments: delete',
    who: 'admin',
    method: 'DELETE',
    path: (x) => `${A}/departments/${x.departments[1].id}`,
    status: 200,
    fields: { message: 'string' },
  },
  // Work locations
  {
    spec: 'Work locations: list (page, limit)',
    who: 'admin',
    method: 'GET',
    path: `${A}/work-locations?page=1&limit=10`,
    status: 200,
    fields: {
      data: 'array',
      'data.0.id': 'string',
      'data.0.name': 'string',
      'data.0.latitude': 'number',
      'data.0.longitude': 'number',
      'data.0.allowedRadius': 'number',
      'data.0._count.schedules': 'number',
    },
  },
  {
    spec: 'Work locations: create',
    who: 'admin',
    method: 'POST',
    path: `${A}/work-locations`,
    body: location,
    status: 201,
    fields: { 'data.id': 'string', 'data.allowedRadius': 'number' },
  },
  {
    spec: 'Work locations: update',
    who: 'admin',
    method: 'PUT',
    path: (x) => `${A}/work-locations/${x.locations[0].id}`,
    body: { ...location, name: 'Sede Norte', allowedRadius: 250 },
    status: 200,
    fields: { 'data.id': 'string', 'data.name': 'string' },
  },
  {
    spec: 'Work locations: delete',
    who: 'admin',
    method: 'DELETE',
    path: (x) => `${A}/work-locations/${x.locations[1].id}`,
    status: 200,
    fields: { message: 'string' },
  },
];

describe('the same calls from another company’s admin: 404, nothing changed', () => {
  it.each(strangerCalls(calls).map((c) => [c.spec, c] as const))('%s', async (_, call) => {
    await replay(t, { ...f.actors, admin: f.stranger }, call, f);
  });
});

describe('spec §7 Company admin (people and places): the spec’s own payloads are accepted', () => {
  it.each(calls.map((c) => [c.spec, c] as const))('%s', async (_, call) => {
    await replay(t, f.actors, call, f);
  });
});
