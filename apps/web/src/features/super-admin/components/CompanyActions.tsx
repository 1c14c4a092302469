import { ActionIcon, Button, Group, Menu, Tooltip } from '@mantine/core';
import type { SuperAdminCompany } from '@presente/shared';
import { IconDotsVertical, IconEye, IconPencil, IconTrash, IconUserCheck, IconUserOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** What a row of the companies list can do. */
export interface CompanyRowHandlers {
  onView: (company: SuperAdminCompany) => void;
  onEdit: (company: SuperAdminCompany) => void;
  onDelete: (company: SuperAdminCompany) => void;
  onToggleAdmin: (company: SuperAdminCompany) => void;
  /** Id of the company whose admin is being toggled. */
  togglingId: string | null;
}

/** View, edit and delete buttons of one company. */
export function CompanyActionIcons({ company, handlers }: { company: SuperAdminCompany; handlers: CompanyRowHandlers }) {
  const { t } = useTranslation('dashboard');
  const actions = [
    { key: 'view', icon: IconEye, color: 'indigo', label: t('superAdmin.companies.actions.view'), run: handlers.onView },
    { key: 'edit', icon: IconPencil, color: 'blue', label: t('superAdmin.companies.actions.edit'), run: handlers.onEdit },
    { key: 'delete', icon: IconTrash, color: 'red', label: t('superAdmin.companies.actions.delete'), run: handlers.onDelete },
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
    </Group>
  );
}

/** The same actions in a compact menu, for the table (keeps every column visible at 1280 px). */
export function CompanyActionsMenu({ company, handlers }: { company: SuperAdminCompany; handlers: CompanyRowHandlers }) {
  const { t } = useTranslation('dashboard');
  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={200}>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t('superAdmin.companies.actions.menu', { name: company.name })}>
          <IconDotsVertical size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconEye size={16} />} onClick={() => handlers.onView(company)}>
          {t('superAdmin.companies.actions.view')}
        </Menu.Item>
        <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => handlers.onEdit(company)}>
          {t('superAdmin.companies.actions.edit')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={() => handlers.onDelete(company)}>
          {t('superAdmin.companies.actions.delete')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/** Desactivar / Activar of the company's administrator (spec §4); nothing when the company has none. */
export function AdminToggleButton({ company, handlers, fullWidth }: { company: SuperAdminCompany; handlers: CompanyRowHandlers; fullWidth?: boolean }) {
  const { t } = useTranslation('dashboard');
  if (!company.admin) return null;
  const active = company.admin.isActive;
  return (
    <Button
      size="compact-xs"
      variant={active ? 'subtle' : 'light'}
      color={active ? 'red' : 'teal'}
      leftSection={active ? <IconUserOff size={14} /> : <IconUserCheck size={14} />}
      loading={handlers.togglingId === company.id}
      onClick={() => handlers.onToggleAdmin(company)}
      fullWidth={fullWidth}
      aria-label={`${active ? t('superAdmin.companies.admin.deactivate') : t('superAdmin.companies.admin.activate')}: ${company.admin.name}`}
    >
      {active ? t('superAdmin.companies.admin.deactivate') : t('superAdmin.companies.admin.activate')}
    </Button>
  );
}
