import type { TFunction } from 'i18next';
import { formatShiftRange } from '../../../lib/shiftTimes';
import { displayDateTime, displayDay, displayHours, isMissing, methodLabel, statusLabel } from '../format';
import type { DetailField } from './activityTypes';

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

function na(t: TFunction): string {
  return t('common:display.notAvailable');
}

/** A time that may come as "HH:mm" (a form's) or as an ISO instant. */
function instantOrTime(t: TFunction, value: unknown, timezone: string): string {
  if (typeof value === 'string' && HHMM.test(value)) return value;
  return displayDateTime(t, value, timezone);
}

function locationText(t: TFunction, value: unknown): string {
  if (!value || typeof value !== 'object') return na(t);
  const { latitude, longitude, accuracy, distance } = value as Record<string, unknown>;
  if (typeof latitude !== 'number' || typeof longitude !== 'number' || !Number.isFinite(latitude) || !Number.isFinite(longitude)) return na(t);
  const parts = [`${latitude.toFixed(6)}, ${longitude.toFixed(6)}`];
  if (typeof accuracy === 'number' && Number.isFinite(accuracy))
    parts.push(t('employee:employeeArea.activity.detail.accuracy', { value: Math.round(accuracy) }));
  if (typeof distance === 'number' && Number.isFinite(distance))
    parts.push(t('employee:employeeArea.activity.detail.distance', { value: Math.round(distance) }));
  return parts.join(' · ');
}

function scheduleText(t: TFunction, value: unknown): string {
  if (isMissing(value)) return na(t);
  if (typeof value === 'object') {
    const s = value as Record<string, unknown>;
    const name = typeof s.name === 'string' ? s.name : '';
    const hours = typeof s.startTime === 'string' && typeof s.endTime === 'string' ? formatShiftRange({ startTime: s.startTime, endTime: s.endTime }) : '';
    return [name, hours && `(${hours})`].filter(Boolean).join(' ') || na(t);
  }
  return String(value);
}

/** One detail of an activity in words; 'No disponible' when missing, 'Fecha inválida' for unreadable dates. */
export function detailText(t: TFunction, field: DetailField | 'isPermission', value: unknown, timezone: string): string {
  switch (field) {
    case 'date':
    case 'effectiveDate':
      return displayDay(t, value, timezone);
    case 'checkIn':
    case 'checkOut':
      return instantOrTime(t, value, timezone);
    case 'workHours': {
      const hours = displayHours(t, value);
      return hours === na(t) ? hours : `${hours} h`;
    }
    case 'status':
      return isMissing(value) ? na(t) : statusLabel(t, String(value));
    case 'method':
      return isMissing(value) ? na(t) : methodLabel(t, String(value));
    case 'location':
      return locationText(t, value);
    case 'previousSchedule':
    case 'newSchedule':
      return scheduleText(t, value);
    case 'isPermission':
      return value === true ? t('employee:employeeArea.activity.detail.yes') : value === false ? t('employee:employeeArea.activity.detail.no') : na(t);
    default:
      if (isMissing(value)) return na(t);
      return typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
}

/** Fields of the before/after table (spec §3 changes {checkIn, checkOut, isPermission, notes}, previousValues). */
export const CHANGE_FIELDS = ['checkIn', 'checkOut', 'isPermission', 'notes', 'status'] as const;

export function asRecord(value: unknown): Record<string, unknown> | null {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}
