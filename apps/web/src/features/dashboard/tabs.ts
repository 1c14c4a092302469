import type { SessionUser } from '@presente/shared';
import { companyAdminTabs } from '../../app/tabs/company-admin';
import { employeeTabs } from '../../app/tabs/employee';
import { superAdminTabs } from '../../app/tabs/super-admin';
import type { Area, TabDef } from './tab-types';

/** The tabs of each area, in sidebar order: one list per area in app/tabs/. */
export const AREA_TABS: Record<Area, TabDef[]> = {
  'super-admin': superAdminTabs,
  'company-admin': companyAdminTabs,
  employee: employeeTabs,
};

export function tabsFor(area: Area, user: SessionUser): TabDef[] {
  return AREA_TABS[area].filter((tab) => !tab.visible || tab.visible(user));
}

/** URL of a tab: the default (first) tab is the area root, others a path segment. */
export function tabPath(area: Area, tabId: string, tabs: TabDef[] = AREA_TABS[area]): string {
  return tabs[0]?.id === tabId ? `/${area}` : `/${area}/${tabId}`;
}
