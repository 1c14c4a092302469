import { IconBuildingSkyscraper, IconLayoutDashboard, IconSettings } from '@tabler/icons-react';
import type { TabDef } from '../dashboard/tabs';
import { CompaniesTab } from './pages/CompaniesTab';
import { SuperAdminOverviewTab } from './pages/SuperAdminOverviewTab';
import { SuperAdminSettingsTab } from './pages/SuperAdminSettingsTab';

/** The super admin area's tabs (spec §2): overview, companies, settings. */
export const superAdminOverviewTab: TabDef = {
  id: 'overview',
  labelKey: 'dashboard:tabs.overview',
  icon: IconLayoutDashboard,
  component: SuperAdminOverviewTab,
};
export const superAdminCompaniesTab: TabDef = {
  id: 'companies',
  labelKey: 'dashboard:superAdmin.tabs.companies',
  icon: IconBuildingSkyscraper,
  component: CompaniesTab,
};
export const superAdminSettingsTab: TabDef = {
  id: 'settings',
  labelKey: 'dashboard:tabs.settings',
  icon: IconSettings,
  component: SuperAdminSettingsTab,
};
