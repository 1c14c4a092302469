import {
  type Icon,
  IconActivity,
  IconCalendarEvent,
  IconClockEdit,
  IconFileCertificate,
  IconLogin2,
  IconLogout2,
  IconUserCheck,
  IconUserCog,
  IconUserPlus,
  IconUserX,
} from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import type { Activity } from '../types';

/** Detail fields the modal knows (spec §3 Activity details), in display order. */
export const DETAIL_FIELDS = [
  'date',
  'checkIn',
  'checkOut',
  'workHours',
  'status',
  'method',
  'location',
  'duration',
  'previousSchedule',
  'newSchedule',
  'effectiveDate',
  'reason',
  'notes',
] as const;
export type DetailField = (typeof DETAIL_FIELDS)[number];

interface TypeInfo {
  /** Key under employeeArea.activity.types. */
  label: string;
  icon: Icon;
  color: string;
  /** Fields always listed for this type ('No disponible' when missing); others appear when present. */
  fields: DetailField[];
  /** Shows the before/after table of changes/previousValues. */
  changes?: boolean;
}

const CHECK_IN: TypeInfo = { label: 'checkIn', icon: IconLogin2, color: 'teal', fields: ['date', 'checkIn', 'status', 'method', 'location'] };
const CHECK_OUT: TypeInfo = { label: 'checkOut', icon: IconLogout2, color: 'orange', fields: ['date', 'checkOut', 'workHours', 'method', 'location'] };
const EDIT: TypeInfo = { label: 'attendanceEdit', icon: IconClockEdit, color: 'blue', fields: ['date', 'reason', 'method'], changes: true };
const PERMISSION: TypeInfo = { label: 'permission', icon: IconFileCertificate, color: 'violet', fields: ['date', 'reason'], changes: true };
const SCHEDULE: TypeInfo = { label: 'scheduleChange', icon: IconCalendarEvent, color: 'grape', fields: ['previousSchedule', 'newSchedule', 'effectiveDate'] };

/** Every activity type of spec §3 (and the detail modal's legacy names). */
const TYPES: Record<string, TypeInfo> = {
  attendance_check_in: CHECK_IN,
  check_in: CHECK_IN,
  attendance_check_out: CHECK_OUT,
  check_out: CHECK_OUT,
  attendance: { label: 'attendance', icon: IconActivity, color: 'indigo', fields: ['date'] },
  attendance_edit: EDIT,
  permission_granted: PERMISSION,
  permission: PERMISSION,
  schedule_changed: SCHEDULE,
  schedule_change: SCHEDULE,
  admin_action: { label: 'adminAction', icon: IconUserCog, color: 'gray', fields: [] },
  profile_updated: { label: 'profileUpdated', icon: IconUserCog, color: 'cyan', fields: [] },
  employee_created: { label: 'employeeCreated', icon: IconUserPlus, color: 'teal', fields: [] },
  employee_activated: { label: 'employeeActivated', icon: IconUserCheck, color: 'teal', fields: [] },
  employee_deactivated: { label: 'employeeDeactivated', icon: IconUserX, color: 'red', fields: [] },
};

const OTHER: TypeInfo = { label: 'other', icon: IconActivity, color: 'gray', fields: [] };

export function typeInfo(type: string): TypeInfo {
  return TYPES[type] ?? OTHER;
}

/** The server answers titles in the request's language; an entry without one shows its type. */
export function activityTitle(t: TFunction, a: Pick<Activity, 'type' | 'title'>): string {
  return a.title || t(`employee:employeeArea.activity.types.${typeInfo(a.type).label}`);
}
