import type { roleToArea, SessionUser } from '@presente/shared';
import type { Icon } from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { companyAdminTabs } from '../../app/tabs/company-admin';
import { employeeTabs } from '../../app/tabs/employee';
import { superAdminTabs } from '../../app/tabs/super-admin';

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
