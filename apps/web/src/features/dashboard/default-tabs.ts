import { IconLayoutDashboard, IconSettings } from '@tabler/icons-react';
import { AccountSettingsTab } from '../settings/pages/AccountSettingsTab';
import { OverviewTab } from './pages/OverviewTab';
import type { TabDef } from './tab-types';

/** Tabs every area starts from; an area replaces them with its own as features land. */
export const overviewTab: TabDef = { id: 'overview', labelKey: 'dashboard:tabs.overview', icon: IconLayoutDashboard, component: OverviewTab };
export const accountSettingsTab: TabDef = { id: 'settings', labelKey: 'dashboard:tabs.settings', icon: IconSettings, component: AccountSettingsTab };
