import {
  IconBeach,
  IconCalendarStats,
  IconClockHour8,
  IconCreditCard,
  IconLayoutDashboard,
  IconReportAnalytics,
  IconSettings,
  IconUsers,
} from '@tabler/icons-react';
import { AttendanceTab } from '../../features/attendance/pages/AttendanceTab';
import { CompanyOverviewTab } from '../../features/company-overview/pages/CompanyOverviewTab';
import { CompanySettingsTab } from '../../features/company-settings/pages/CompanySettingsTab';
import type { TabDef } from '../../features/dashboard/tabs';
import { EmployeesTab } from '../../features/employees/pages/EmployeesTab';
import { HolidaysTab } from '../../features/holidays/pages/HolidaysTab';
import { ReportsTab } from '../../features/reports/pages/ReportsTab';
import { SchedulesTab } from '../../features/schedules/pages/SchedulesTab';
import { SubscriptionTab } from '../../features/subscription/pages/SubscriptionTab';

/**
 * Company admin tabs (spec §2), in this order: overview, subscription, schedules, employees,
 * attendance, reports, holidays, settings (settings only with a companyId).
 */
export const companyAdminTabs: TabDef[] = [
  { id: 'overview', labelKey: 'dashboard:tabs.overview', icon: IconLayoutDashboard, component: CompanyOverviewTab },
  { id: 'subscription', labelKey: 'dashboard:subscription.tab', icon: IconCreditCard, component: SubscriptionTab },
  { id: 'schedules', labelKey: 'dashboard:schedules.tab', icon: IconClockHour8, component: SchedulesTab },
  { id: 'employees', labelKey: 'dashboard:employees.tab', icon: IconUsers, component: EmployeesTab },
  { id: 'attendance', labelKey: 'dashboard:attendance.tab', icon: IconCalendarStats, component: AttendanceTab },
  { id: 'reports', labelKey: 'dashboard:reports.tab', icon: IconReportAnalytics, component: ReportsTab },
  { id: 'holidays', labelKey: 'dashboard:holidays.tab', icon: IconBeach, component: HolidaysTab },
  { id: 'settings', labelKey: 'dashboard:tabs.settings', icon: IconSettings, component: CompanySettingsTab, visible: (user) => Boolean(user.companyId) },
];
