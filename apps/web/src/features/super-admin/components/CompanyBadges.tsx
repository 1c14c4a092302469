import { Badge, Group, Stack, Text } from '@mantine/core';
import type { CompanyStatus, Plan, SuperAdminCompany } from '@presente/shared';
import { IconCrown } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Badges never truncate their word, even in a tight table cell. */
const NO_SHRINK = { flexShrink: 0, minWidth: 'max-content' } as const;

const STATUS_COLOR: Record<CompanyStatus, string> = { ACTIVE: 'teal', INACTIVE: 'gray', SUSPENDED: 'orange' };

export function PlanBadge({ plan }: { plan: Plan }) {
  const { t } = useTranslation('dashboard');
  return (
    <Badge
      variant={plan === 'PREMIUM' ? 'filled' : 'light'}
      color={plan === 'PREMIUM' ? 'violet' : 'gray'}
      leftSection={plan === 'PREMIUM' ? <IconCrown size={12} /> : undefined}
      style={NO_SHRINK}
    >
      {t(`superAdmin.companies.plans.${plan}`)}
    </Badge>
  );
}

/** A money disagreement with PayPal the super admin must look at (decision 0041); nothing when there is none. */
export function BillingFlagBadge({ flag }: { flag?: { reason: string; at: string } | null }) {
  const { t } = useTranslation('dashboard');
  if (!flag) return null;
  return (
    <Badge variant="filled" color="red" style={NO_SHRINK} title={t('superAdmin.companies.billingFlagTitle', { reason: flag.reason })}>
      {t('superAdmin.companies.billingFlag')}
    </Badge>
  );
}

/** The company's status; a closed one (deleted, only its attendance register kept; decision 0034) says so instead. */
export function CompanyStatusBadge({ status, closed = false }: { status: CompanyStatus; closed?: boolean }) {
  const { t } = useTranslation('dashboard');
  if (closed)
    return (
      <Badge variant="light" color="red" style={NO_SHRINK}>
        {t('register.superAdmin.closed')}
      </Badge>
    );
  return (
    <Badge variant="light" color={STATUS_COLOR[status]} style={NO_SHRINK}>
      {t(`superAdmin.companies.statuses.${status}`)}
    </Badge>
  );
}

export function AdminStatusBadge({ isActive }: { isActive: boolean }) {
  const { t } = useTranslation('dashboard');
  return (
    <Badge size="xs" variant="dot" color={isActive ? 'teal' : 'red'} style={NO_SHRINK}>
      {isActive ? t('superAdmin.companies.admin.active') : t('superAdmin.companies.admin.inactive')}
    </Badge>
  );
}

/** Name, email and (unless shown elsewhere) active/inactive of the company's administrator. */
export function AdminSummary({ admin, withStatus = true }: { admin: SuperAdminCompany['admin']; withStatus?: boolean }) {
  const { t } = useTranslation('dashboard');
  if (!admin) {
    return (
      <Text size="sm" c="dimmed" fs="italic">
        {t('superAdmin.companies.admin.none')}
      </Text>
    );
  }
  return (
    // maxWidth: inside a cell that aligns its content to the start, a long email would otherwise push past the cell.
    <Stack gap={2} style={{ minWidth: 0, maxWidth: '100%' }}>
      <Group gap={6} wrap="nowrap">
        <Text size="sm" fw={500} truncate title={admin.name}>
          {admin.name}
        </Text>
        {withStatus && <AdminStatusBadge isActive={admin.isActive} />}
      </Group>
      <Text size="xs" c="dimmed" truncate title={admin.email}>
        {admin.email}
      </Text>
    </Stack>
  );
}
