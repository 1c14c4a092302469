// The shape of an area's tabs, apart from the lists of tabs (app/tabs/*), which import it.
import type { roleToArea, SessionUser } from '@presente/shared';
import type { Icon } from '@tabler/icons-react';
import type { ComponentType } from 'react';

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
  /** A count beside the label that asks for the admin's attention (the punches to review); nothing when there is none. */
  badge?: ComponentType;
}
