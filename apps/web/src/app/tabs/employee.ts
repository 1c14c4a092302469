import { accountSettingsTab, overviewTab } from '../../features/dashboard/default-tabs';
import type { TabDef } from '../../features/dashboard/tabs';

/** Employee tabs (spec §2): overview, attendance, schedule, activity, history, reports, settings. */
export const employeeTabs: TabDef[] = [overviewTab, accountSettingsTab];
