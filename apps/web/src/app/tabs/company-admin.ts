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
import { lazyTab } from '../../features/dashboard/lazyTab';
import type { TabDef } from '../../features/dashboard/tab-types';
import { PunchReviewBadge } from '../../features/punch-reviews/PunchReviewBadge';

// Each tab is its own chunk (decision 0026).
const AttendanceTab = lazyTab(() => import('../../features/attendance/pages/AttendanceTab'), 'AttendanceTab');
const CompanyOverviewTab = lazyTab(() => import('../../features/company-overview/pages/CompanyOverviewTab'), 'CompanyOverviewTab');
const CompanySettingsTab = lazyTab(() => import('../../features/company-settings/pages/CompanySettingsTab'), 'CompanySettingsTab');
const EmployeesTab = lazyTab(() => import('../../features/employees/pages/EmployeesTab'), 'EmployeesTab');
const HolidaysTab = lazyTab(() => import('../../features/holidays/pages/HolidaysTab'), 'HolidaysTab');
const ReportsTab = lazyTab(() => import('../../features/reports/pages/ReportsTab'), 'ReportsTab');
const SchedulesTab = lazyTab(() => import('../../features/schedules/pages/SchedulesTab'), 'SchedulesTab');
const SubscriptionTab = lazyTab(() => import('../../features/subscription/pages/SubscriptionTab'), 'SubscriptionTab');

/**
 * Company admin tabs (spec §2), in this order: overview, subscription, schedules, employees,
 * attendance, reports, holidays, settings (settings only with a companyId).
 */
export const companyAdminTabs: TabDef[] = [
  { id: 'overview', labelKey: 'dashboard:tabs.overview', icon: IconLayoutDashboard, component: CompanyOverviewTab },
  { id: 'subscription', labelKey: 'dashboard:subscription.tab', icon: IconCreditCard, component: SubscriptionTab },
  { id: 'schedules', labelKey: 'dashboard:schedules.tab', icon: IconClockHour8, component: SchedulesTab },
  { id: 'employees', labelKey: 'dashboard:employees.tab', icon: IconUsers, component: EmployeesTab },
  { id: 'attendance', labelKey: 'dashboard:attendance.tab', icon: IconCalendarStats, component: AttendanceTab, badge: PunchReviewBadge },
  { id: 'reports', labelKey: 'dashboard:reports.tab', icon: IconReportAnalytics, component: ReportsTab },
  { id: 'holidays', labelKey: 'dashboard:holidays.tab', icon: IconBeach, component: HolidaysTab },
  { id: 'settings', labelKey: 'dashboard:tabs.settings', icon: IconSettings, component: CompanySettingsTab, visible: (user) => Boolean(user.companyId) },
];
