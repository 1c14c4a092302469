import { describe, expect, it } from 'vitest';
import {
  adminPasswordInput,
  emailChangeInput,
  employeeCreateInput,
  employeeCreateInputIn,
  employeeImportInput,
  employeeImportRow,
  employeeImportRowIn,
  employeeUpdateInput,
  employeeUpdateInputIn,
  holidayInput,
  locationInput,
  scheduleInput,
  workDays,
} from './company.js';
import { issuesOf, parsed } from './test-helpers.js';

const ID = '00000000-0000-4000-8000-000000000001';

describe('work days', () => {
  it('reads "5,1,3,1" as the sorted days without repeats', () => {
    expect(parsed(workDays.safeParse('5,1,3,1'))).toBe('1,3,5');
  });
  it('sorts a list numerically (10 would come before 2 as text; 7 before 1 here)', () => {
    expect(parsed(workDays.safeParse([7, 2, 1]))).toBe('1,2,7');
  });
  it('ignores blank parts of the text', () => {
    expect(parsed(workDays.safeParse('1, ,2,'))).toBe('1,2');
  });
  it('refuses an empty text and days outside Monday..Sunday', () => {
    expect(issuesOf(workDays.safeParse(''))).toEqual([{ path: '', message: 'schedule.workDaysRequired' }]);
    expect(issuesOf(workDays.safeParse('0'))).toEqual([{ path: '0', message: 'schedule.workDaysRequired' }]);
    expect(issuesOf(workDays.safeParse('8'))).toEqual([{ path: '0', message: 'schedule.workDaysRequired' }]);
  });
});

describe('schedule form', () => {
  const schedule = (extra: Record<string, unknown> = {}) => ({ name: 'Mañana', startTime: '08:00', endTime: '17:00', ...extra });
  it('accepts a shift with a break inside it', () => {
    expect(issuesOf(scheduleInput.safeParse(schedule({ breakStartTime: '13:00', breakEndTime: '14:00' })))).toEqual([]);
  });
  it('refuses a shift that ends when it starts', () => {
    expect(issuesOf(scheduleInput.safeParse(schedule({ endTime: '08:00' })))).toEqual([{ path: 'endTime', message: 'schedule.sameStartEnd' }]);
  });
  it('names the missing half of a break', () => {
    expect(issuesOf(scheduleInput.safeParse(schedule({ breakStartTime: '13:00' })))).toEqual([{ path: 'breakEndTime', message: 'schedule.breakIncomplete' }]);
  });
  it('refuses a break that ends before it starts, or lies outside the shift', () => {
    expect(issuesOf(scheduleInput.safeParse(schedule({ breakStartTime: '14:00', breakEndTime: '13:00' })))).toEqual([
      { path: 'breakEndTime', message: 'schedule.breakEndBeforeStart' },
    ]);
    expect(issuesOf(scheduleInput.safeParse(schedule({ breakStartTime: '18:00', breakEndTime: '19:00' })))).toEqual([
      { path: 'breakStartTime', message: 'schedule.breakOutsideShift' },
    ]);
  });
});

describe('work location form', () => {
  const location = (latitude: unknown, longitude: unknown) => ({ name: 'Sede', latitude, longitude });
  it('accepts a position', () => {
    expect(issuesOf(locationInput.safeParse(location(-12.05, -77.04)))).toEqual([]);
  });
  it('refuses 0 as a latitude or a longitude (the map was never clicked)', () => {
    expect(issuesOf(locationInput.safeParse(location(0, -77.04)))).toEqual([{ path: 'latitude', message: 'location.positionRequired' }]);
    expect(issuesOf(locationInput.safeParse(location(-12.05, 0)))).toEqual([{ path: 'longitude', message: 'location.positionRequired' }]);
  });
});

describe('holiday form', () => {
  const holiday = (extra: Record<string, unknown>) => ({ name: 'Fiestas Patrias', date: '2026-07-28', ...extra });
  it('takes the schedules as a list or as a JSON-text list', () => {
    expect(parsed(holidayInput.safeParse(holiday({ applyToAll: false, scheduleIds: [ID] }))).scheduleIds).toEqual([ID]);
    expect(parsed(holidayInput.safeParse(holiday({ applyToAll: 'false', scheduleIds: JSON.stringify([ID]) }))).scheduleIds).toEqual([ID]);
  });
  it('reads an empty text as no schedules', () => {
    expect(parsed(holidayInput.safeParse(holiday({ scheduleIds: '' }))).scheduleIds).toEqual([]);
  });
  it('refuses schedules text that is not a JSON list', () => {
    expect(issuesOf(holidayInput.safeParse(holiday({ scheduleIds: '{"a":1}' })))).toEqual([{ path: 'scheduleIds', message: 'validation.invalid' }]);
    expect(issuesOf(holidayInput.safeParse(holiday({ scheduleIds: 'not json' })))).toEqual([{ path: 'scheduleIds', message: 'validation.invalid' }]);
  });
  it('needs at least one schedule when it does not apply to all', () => {
    expect(issuesOf(holidayInput.safeParse(holiday({ applyToAll: false })))).toEqual([{ path: 'scheduleIds', message: 'holiday.schedulesRequired' }]);
    expect(issuesOf(holidayInput.safeParse(holiday({ applyToAll: true })))).toEqual([]);
  });
});

describe('employee form', () => {
  const employee = (extra: Record<string, unknown> = {}) => ({
    firstName: 'Ana',
    lastName: 'Quispe',
    email: ' Ana.Quispe@Example.com ',
    employeeCode: 'E1',
    ...extra,
  });
  it('keeps the e-mail in lower case', () => {
    expect(parsed(employeeCreateInput.safeParse(employee())).email).toBe('ana.quispe@example.com');
  });
  it('reads the document type as import files write it', () => {
    expect(parsed(employeeCreateInput.safeParse(employee({ documentType: ' Pasaporte ', documentNumber: 'AB123' }))).documentType).toBe('PASSPORT');
    expect(parsed(employeeCreateInput.safeParse(employee({ documentType: 'c.e.', documentNumber: 'X1' }))).documentType).toBe('CE');
    expect(parsed(employeeCreateInput.safeParse(employee({ documentType: 'DNI', documentNumber: '12345678' }))).documentType).toBe('DNI');
  });
  it('reads a blank or absent document type as none', () => {
    expect(parsed(employeeCreateInput.safeParse(employee({ documentType: '  ' }))).documentType).toBeNull();
    expect(parsed(employeeCreateInput.safeParse(employee())).documentType).toBeNull();
  });
  it('refuses a document type that is not text, and reads null as none', () => {
    expect(issuesOf(employeeCreateInput.safeParse(employee({ documentType: 5 })))).toEqual([{ path: 'documentType', message: 'validation.documentType' }]);
    expect(parsed(employeeCreateInput.safeParse(employee({ documentType: null }))).documentType).toBeNull();
  });
  it('refuses an unknown document type', () => {
    expect(issuesOf(employeeCreateInput.safeParse(employee({ documentType: 'Licencia' })))).toEqual([
      { path: 'documentType', message: 'validation.documentType' },
    ]);
  });
  it('refuses a document number that does not fit its type', () => {
    expect(issuesOf(employeeCreateInput.safeParse(employee({ documentType: 'DNI', documentNumber: '1234567' })))).toEqual([
      { path: 'documentNumber', message: 'validation.documentDNI' },
    ]);
    expect(issuesOf(employeeUpdateInput.safeParse(employee({ documentType: 'PTP', documentNumber: '12345678' })))).toEqual([
      { path: 'documentNumber', message: 'validation.documentPTP' },
    ]);
  });
  it('does not judge a number without a type, nor a type without a number, outside Peru', () => {
    expect(issuesOf(employeeCreateInput.safeParse(employee({ documentNumber: 'x' })))).toEqual([]);
    expect(issuesOf(employeeCreateInput.safeParse(employee({ documentType: 'DNI' })))).toEqual([]);
  });
  it('reads an empty hire date as none and keeps a real one', () => {
    expect(parsed(employeeCreateInput.safeParse(employee({ hireDate: '' }))).hireDate).toBeNull();
    expect(parsed(employeeCreateInput.safeParse(employee({ hireDate: '1990-05-01' }))).hireDate).toBe('1990-05-01');
  });
  it('refuses a hire date before 1900 with its own message', () => {
    expect(issuesOf(employeeCreateInput.safeParse(employee({ hireDate: '1899-12-31' })))).toEqual([
      { path: 'hireDate', message: 'validation.hireDateOutOfRange' },
    ]);
  });
  it('reads an empty new password as unchanged and refuses one of five characters', () => {
    expect(parsed(employeeUpdateInput.safeParse(employee({ newPassword: '' }))).newPassword).toBeUndefined();
    expect(parsed(employeeUpdateInput.safeParse(employee({ newPassword: '123456' }))).newPassword).toBe('123456');
    expect(issuesOf(employeeUpdateInput.safeParse(employee({ newPassword: '12345' })))).toEqual([{ path: 'newPassword', message: 'validation.passwordMin6' }]);
  });
  it('in a Peruvian company needs the document type and number, on create, edit and import', () => {
    const missing = [
      { path: 'documentType', message: 'validation.documentTypeRequiredPE' },
      { path: 'documentNumber', message: 'validation.documentNumberRequiredPE' },
    ];
    expect(issuesOf(employeeCreateInputIn('PE').safeParse(employee()))).toEqual(missing);
    expect(issuesOf(employeeUpdateInputIn('PE').safeParse(employee()))).toEqual(missing);
    expect(issuesOf(employeeImportRowIn('PE').safeParse(employee()))).toEqual(missing);
    expect(issuesOf(employeeCreateInputIn('PE').safeParse(employee({ documentType: 'DNI', documentNumber: '12345678' })))).toEqual([]);
  });
  it('elsewhere does not need the document', () => {
    expect(issuesOf(employeeCreateInputIn('CL').safeParse(employee()))).toEqual([]);
    expect(issuesOf(employeeUpdateInputIn(null).safeParse(employee()))).toEqual([]);
    expect(issuesOf(employeeImportRowIn('MX').safeParse(employee()))).toEqual([]);
  });
  it("checks an import row's document against its type", () => {
    expect(issuesOf(employeeImportRow.safeParse(employee({ documentType: 'dni', documentNumber: '1234' })))).toEqual([
      { path: 'documentNumber', message: 'validation.documentDNI' },
    ]);
  });
});

describe('company admin password and e-mail', () => {
  it('needs 8 characters for a new password, and says only "required" when empty', () => {
    expect(issuesOf(adminPasswordInput.safeParse({ currentPassword: 'x', newPassword: '12345678' }))).toEqual([]);
    expect(issuesOf(adminPasswordInput.safeParse({ currentPassword: 'x', newPassword: '1234567' }))).toEqual([
      { path: 'newPassword', message: 'validation.passwordMin8' },
    ]);
    expect(issuesOf(adminPasswordInput.safeParse({ currentPassword: 'x', newPassword: '' }))).toEqual([
      { path: 'newPassword', message: 'profile.allFieldsRequired' },
    ]);
  });
  it('keeps a new e-mail in lower case', () => {
    expect(parsed(emailChangeInput.safeParse({ newEmail: ' Jefe@Empresa.PE ' })).newEmail).toBe('jefe@empresa.pe');
  });
});

describe('employee import', () => {
  it('needs one line number per row when lines are sent', () => {
    expect(issuesOf(employeeImportInput.safeParse({ rows: [{}, {}], lines: [2, 3] }))).toEqual([]);
    expect(issuesOf(employeeImportInput.safeParse({ rows: [{}, {}] }))).toEqual([]);
    expect(issuesOf(employeeImportInput.safeParse({ rows: [{}, {}], lines: [2] }))).toEqual([{ path: 'lines', message: 'validation.invalid' }]);
  });
});
