import { describe, expect, it } from 'vitest';
import { translate } from '../messages.js';
import { attendanceDeleteInput, manualAttendanceForm, manualAttendanceInput } from './attendance.js';

const body = (checkIn: unknown, checkOut: unknown = null) => ({
  employeeId: '00000000-0000-4000-8000-000000000001',
  date: '2026-03-04',
  checkIn,
  checkOut,
  reason: 'Olvidó marcar',
});
const issues = (checkIn: unknown, checkOut: unknown = null) => {
  const r = manualAttendanceInput.safeParse(body(checkIn, checkOut));
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('manual attendance times (POST/PUT /attendance checkIn, checkOut)', () => {
  it.each(['09:00', '23:59', '00:00', ' 08:30 ', '2026-03-04T14:30:00Z', '2026-03-04T14:30Z', '2026-03-04T09:30:00.123-05:00', '2026-03-04T09:30:00-0500'])(
    'accepts %j',
    (value) => {
      expect(issues(value)).toEqual([]);
    },
  );

  it.each([
    '1', // Date.parse reads it as 2001
    '2026',
    'March 4, 2026 09:00',
    '2026-03-04', // a day, not an instant
    '2026-03-04T14:30:00', // no time zone: which 14:30?
    '2026-03-04 14:30:00Z',
    '2026-02-30T10:00:00Z', // Date.parse rolls it to 2 March
    '2026-03-04T24:00:00Z',
    '9:00',
    '24:00',
    '09:60',
    'abc',
    42,
  ])('refuses %j with the format message', (value) => {
    expect(issues(value)).toEqual(['checkIn: attendance.timeInvalid']);
    expect(issues('09:00', value)).toEqual(['checkOut: attendance.timeInvalid']);
  });

  it("says it in the spec's style, in both languages", () => {
    expect(translate('attendance.timeInvalid', 'es')).toBe('Formato inválido (HH:mm)');
    expect(translate('attendance.timeInvalid', 'en')).toBe('Invalid format (HH:mm)');
  });

  it('still treats empty and null as "not set"', () => {
    expect(manualAttendanceInput.parse(body('09:00', '')).checkOut).toBeNull();
    expect(manualAttendanceInput.parse(body('09:00', null)).checkOut).toBeNull();
  });
});

describe('the reason: optional for the API (spec §7 payload), required by the web form (decision 0046)', () => {
  const spec = {
    employeeId: '00000000-0000-4000-8000-000000000001',
    date: '2026-03-04',
    checkIn: '09:00',
    checkOut: '18:00',
    notes: 'Olvidó marcar',
    isPermission: false,
  };
  it("the API takes the spec's payload; a blank reason is no reason", () => {
    expect(manualAttendanceInput.parse(spec).reason).toBeUndefined();
    expect(manualAttendanceInput.parse({ ...spec, reason: '   ' }).reason).toBeUndefined();
    expect(manualAttendanceInput.parse({ ...spec, reason: ' Corrige ' }).reason).toBe('Corrige');
    expect(attendanceDeleteInput.parse({}).reason).toBeUndefined();
  });
  it('the form still asks for one', () => {
    const r = manualAttendanceForm.safeParse({ ...spec, reason: ' ' });
    expect(r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${translate(i.message, 'es')}`)).toEqual(['reason: Indica el motivo del cambio']);
    expect(manualAttendanceForm.safeParse({ ...spec, reason: 'x' }).success).toBe(true);
  });
});
