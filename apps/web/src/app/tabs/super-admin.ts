import { accountSettingsTab, overviewTab } from '../../features/dashboard/default-tabs';
import type { TabDef } from '../../features/dashboard/tabs';

/** Super admin tabs (spec §2): overview, companies, settings. */
export const superAdminTabs: TabDef[] = [overviewTab, accountSettingsTab];
