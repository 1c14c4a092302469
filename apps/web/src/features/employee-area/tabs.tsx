import { IconActivity, IconCalendarTime, IconClockCheck, IconHistory, IconLayoutDashboard, IconReportAnalytics, IconSettings } from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { lazyTab } from '../dashboard/lazyTab';
import type { TabDef, TabProps } from '../dashboard/tab-types';
import { useEmployeeRealtime } from './useEmployeeRealtime';

// Each tab is its own chunk (decision 0026).
const ActivityTab = lazyTab(() => import('./activity/ActivityTab'), 'ActivityTab');
const AttendanceTab = lazyTab(() => import('./attendance/AttendanceTab'), 'AttendanceTab');
const HistoryTab = lazyTab(() => import('./history/HistoryTab'), 'HistoryTab');
const EmployeeOverviewTab = lazyTab(() => import('./overview/EmployeeOverviewTab'), 'EmployeeOverviewTab');
const ReportsTab = lazyTab(() => import('./reports/ReportsTab'), 'ReportsTab');
const ScheduleTab = lazyTab(() => import('./schedule/ScheduleTab'), 'ScheduleTab');
const EmployeeSettingsTab = lazyTab(() => import('./settings/EmployeeSettingsTab'), 'EmployeeSettingsTab');

/** Every employee tab listens to the employee's own realtime events while it is on screen. */
function live(Tab: ComponentType<TabProps>): ComponentType<TabProps> {
  function LiveEmployeeTab(props: TabProps) {
    useEmployeeRealtime();
    return <Tab {...props} />;
  }
  LiveEmployeeTab.displayName = `Live(${Tab.displayName ?? Tab.name})`;
  return LiveEmployeeTab;
}

const label = (key: string) => `employee:employeeArea.tabs.${key}`;

export const employeeOverviewTab: TabDef = {
  id: 'overview',
  labelKey: 'dashboard:tabs.overview',
  icon: IconLayoutDashboard,
  component: live(EmployeeOverviewTab),
};
export const employeeAttendanceTab: TabDef = { id: 'attendance', labelKey: label('attendance'), icon: IconClockCheck, component: live(AttendanceTab) };
export const employeeScheduleTab: TabDef = { id: 'schedule', labelKey: label('schedule'), icon: IconCalendarTime, component: live(ScheduleTab) };
export const employeeActivityTab: TabDef = { id: 'activity', labelKey: label('activity'), icon: IconActivity, component: live(ActivityTab) };
export const employeeHistoryTab: TabDef = { id: 'history', labelKey: label('history'), icon: IconHistory, component: live(HistoryTab) };
export const employeeReportsTab: TabDef = { id: 'reports', labelKey: label('reports'), icon: IconReportAnalytics, component: live(ReportsTab) };
export const employeeSettingsTab: TabDef = { id: 'settings', labelKey: 'dashboard:tabs.settings', icon: IconSettings, component: live(EmployeeSettingsTab) };
