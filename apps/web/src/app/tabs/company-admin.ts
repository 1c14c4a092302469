import { accountSettingsTab, overviewTab } from '../../features/dashboard/default-tabs';
import type { TabDef } from '../../features/dashboard/tabs';

/**
 * Company admin tabs (spec §2), in this order: overview, subscription, schedules, employees,
 * attendance, reports, holidays, settings (settings only with a companyId).
 */
export const companyAdminTabs: TabDef[] = [overviewTab, { ...accountSettingsTab, visible: (user) => Boolean(user.companyId) }];
