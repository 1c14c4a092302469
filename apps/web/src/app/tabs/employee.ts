import type { TabDef } from '../../features/dashboard/tab-types';
import {
  employeeActivityTab,
  employeeAttendanceTab,
  employeeHistoryTab,
  employeeOverviewTab,
  employeeReportsTab,
  employeeScheduleTab,
  employeeSettingsTab,
} from '../../features/employee-area/tabs';

/** Employee tabs (spec §2): overview, attendance, schedule, activity, history, reports, settings. */
export const employeeTabs: TabDef[] = [
  employeeOverviewTab,
  employeeAttendanceTab,
  employeeScheduleTab,
  employeeActivityTab,
  employeeHistoryTab,
  employeeReportsTab,
  employeeSettingsTab,
];
