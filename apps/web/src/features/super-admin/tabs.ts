import { IconBuildingSkyscraper, IconLayoutDashboard, IconSettings } from '@tabler/icons-react';
import { lazyTab } from '../dashboard/lazyTab';
import type { TabDef } from '../dashboard/tab-types';

// Each tab is its own chunk (decision 0026).
const CompaniesTab = lazyTab(() => import('./pages/CompaniesTab'), 'CompaniesTab');
const SuperAdminOverviewTab = lazyTab(() => import('./pages/SuperAdminOverviewTab'), 'SuperAdminOverviewTab');
const SuperAdminSettingsTab = lazyTab(() => import('./pages/SuperAdminSettingsTab'), 'SuperAdminSettingsTab');

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
