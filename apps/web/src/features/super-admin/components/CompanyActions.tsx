import { ActionIcon, Group, Menu, Tooltip } from '@mantine/core';
import type { SuperAdminCompany } from '@presente/shared';
import {
  IconChecks,
  IconDotsVertical,
  IconEye,
  IconFileSpreadsheet,
  IconFileTypePdf,
  IconPencil,
  IconTrash,
  IconUserCheck,
  IconUserOff,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { companyRegisterUrl } from '../../register/api';

/** What a row of the companies list can do. */
export interface CompanyRowHandlers {
  onView: (company: SuperAdminCompany) => void;
  onEdit: (company: SuperAdminCompany) => void;
  onDelete: (company: SuperAdminCompany) => void;
  onToggleAdmin: (company: SuperAdminCompany) => void;
  /** Close the company's "Revisar cobro" review (asks first; only offered while it is flagged). */
  onClearBillingFlag: (company: SuperAdminCompany) => void;
  /** Id of the company whose admin is being toggled. */
  togglingId: string | null;
}

/** View and edit buttons of one company (the phone card; the rest is in the menu beside them). */
export function CompanyActionIcons({ company, handlers }: { company: SuperAdminCompany; handlers: CompanyRowHandlers }) {
  const { t } = useTranslation('dashboard');
  const actions = [
    { key: 'view', icon: IconEye, color: 'indigo', label: t('superAdmin.companies.actions.view'), run: handlers.onView },
    // A closed company (decision 0034) can only be viewed and its register produced.
    ...(company.closedAt ? [] : [{ key: 'edit', icon: IconPencil, color: 'blue', label: t('superAdmin.companies.actions.edit'), run: handlers.onEdit }]),
  ];
  return (
    <Group gap={4} wrap="nowrap">
      {actions.map(({ key, icon: Icon, color, label, run }) => (
        <Tooltip key={key} label={label} withArrow>
          <ActionIcon variant="subtle" color={color} size="lg" aria-label={`${label}: ${company.name}`} onClick={() => run(company)}>
            <Icon size={18} stroke={1.7} />
          </ActionIcon>
        </Tooltip>
      ))}
      <CompanyActionsMenu company={company} handlers={handlers} />
    </Group>
  );
}

/**
 * Every action of a company in a compact menu (keeps every column visible at 1280 px). Switching the
 * administrator off lives here, beside delete, never as a one-tap button in the row: it asks first
 * (DeactivateAdminModal) because it ends that person's session at once (decision 0024).
 */
export function CompanyActionsMenu({ company, handlers }: { company: SuperAdminCompany; handlers: CompanyRowHandlers }) {
  const { t, i18n } = useTranslation('dashboard');
  const admin = company.admin;
  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={260}>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t('superAdmin.companies.actions.menu', { name: company.name })}>
          <IconDotsVertical size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconEye size={16} />} onClick={() => handlers.onView(company)}>
          {t('superAdmin.companies.actions.view')}
        </Menu.Item>
        {company.closedAt ? (
          // A closed company (decision 0034): only its register, read-only.
          <>
            <Menu.Divider />
            <Menu.Item component="a" href={companyRegisterUrl(company.id, 'xlsx', i18n.language)} download leftSection={<IconFileSpreadsheet size={16} />}>
              {t('register.superAdmin.excel')}
            </Menu.Item>
            <Menu.Item component="a" href={companyRegisterUrl(company.id, 'pdf', i18n.language)} download leftSection={<IconFileTypePdf size={16} />}>
              {t('register.superAdmin.pdf')}
            </Menu.Item>
          </>
        ) : (
          <>
            <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => handlers.onEdit(company)}>
              {t('superAdmin.companies.actions.edit')}
            </Menu.Item>
            {company.billingFlag && (
              <Menu.Item color="red" leftSection={<IconChecks size={16} />} onClick={() => handlers.onClearBillingFlag(company)}>
                {t('superAdmin.companies.billingFlagReview.clearItem')}
              </Menu.Item>
            )}
            <Menu.Divider />
            {admin && (
              <Menu.Item
                color={admin.isActive ? 'orange' : 'teal'}
                leftSection={admin.isActive ? <IconUserOff size={16} /> : <IconUserCheck size={16} />}
                disabled={handlers.togglingId === company.id}
                onClick={() => handlers.onToggleAdmin(company)}
              >
                {admin.isActive ? t('superAdmin.companies.admin.deactivateItem') : t('superAdmin.companies.admin.activateItem')}
              </Menu.Item>
            )}
            <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={() => handlers.onDelete(company)}>
              {t('superAdmin.companies.actions.delete')}
            </Menu.Item>
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
