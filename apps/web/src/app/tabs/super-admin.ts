import type { TabDef } from '../../features/dashboard/tab-types';
import { superAdminCompaniesTab, superAdminOverviewTab, superAdminSettingsTab } from '../../features/super-admin/tabs';

/** Super admin tabs (spec §2): overview, companies, settings. */
export const superAdminTabs: TabDef[] = [superAdminOverviewTab, superAdminCompaniesTab, superAdminSettingsTab];
