import type { roleToArea, SessionUser } from '@presente/shared';
import { type Icon, IconLayoutDashboard, IconSettings } from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { AccountSettingsTab } from '../settings/pages/AccountSettingsTab';
import { OverviewTab } from './pages/OverviewTab';

/** A protected area of the URL: /super-admin, /company-admin, /employee. */
export type Area = ReturnType<typeof roleToArea>;

export interface TabProps {
  user: SessionUser;
  area: Area;
}

export interface TabDef {
  /** URL segment: /company-admin/<id>. The first tab of an area lives at the bare area path. */
  id: string;
  /** i18n key of the sidebar label and header title. */
  labelKey: string;
  icon: Icon;
  component: ComponentType<TabProps>;
  /** Whether this user may see the tab (e.g. company settings need a companyId, spec §2). */
  visible?: (user: SessionUser) => boolean;
}

const overview: TabDef = { id: 'overview', labelKey: 'dashboard:tabs.overview', icon: IconLayoutDashboard, component: OverviewTab };
const settings: TabDef = { id: 'settings', labelKey: 'dashboard:tabs.settings', icon: IconSettings, component: AccountSettingsTab };

/** The tabs of each area, in sidebar order. Later features add their tab here. */
export const AREA_TABS: Record<Area, TabDef[]> = {
  'super-admin': [overview, settings],
  'company-admin': [overview, { ...settings, visible: (user) => Boolean(user.companyId) }],
  employee: [overview, settings],
};

export function tabsFor(area: Area, user: SessionUser): TabDef[] {
  return AREA_TABS[area].filter((tab) => !tab.visible || tab.visible(user));
}

/** URL of a tab: the default (first) tab is the area root, others a path segment. */
export function tabPath(area: Area, tabId: string, tabs: TabDef[] = AREA_TABS[area]): string {
  return tabs[0]?.id === tabId ? `/${area}` : `/${area}/${tabId}`;
}
