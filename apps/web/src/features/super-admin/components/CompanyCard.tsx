import { Card, Divider, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { SuperAdminCompany } from '@presente/shared';
import { useTranslation } from 'react-i18next';
import { employeesUsage } from '../format';
import { CompanyActionIcons, type CompanyRowHandlers } from './CompanyActions';
import { AdminSummary, BillingFlagBadge, CompanyStatusBadge, PlanBadge } from './CompanyBadges';

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text size="sm" truncate>
        {value}
      </Text>
    </div>
  );
}

/** One company on a phone (< 768 px): the table's facts stacked in a card. */
export function CompanyCard({ company: c, handlers }: { company: SuperAdminCompany; handlers: CompanyRowHandlers }) {
  const { t } = useTranslation('dashboard');
  const col = (key: string) => t(`superAdmin.companies.columns.${key}`);
  return (
    <Card withBorder padding="md" radius="lg">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <div style={{ minWidth: 0 }}>
          <Text fw={700} lineClamp={2}>
            {c.name}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {c.email}
          </Text>
        </div>
        <Stack gap={4} align="flex-end" style={{ flexShrink: 0 }}>
          <PlanBadge plan={c.plan} />
          <CompanyStatusBadge status={c.status} closed={!!c.closedAt} />
          <BillingFlagBadge flag={c.billingFlag} />
        </Stack>
      </Group>
      <SimpleGrid cols={2} spacing="sm" mt="sm">
        <Fact label={col('ruc')} value={c.ruc || '—'} />
        <Fact label={col('employees')} value={employeesUsage(t, c)} />
      </SimpleGrid>
      <Divider my="sm" />
      <Text size="xs" c="dimmed" fw={600} tt="uppercase" mb={4}>
        {col('admin')}
      </Text>
      <AdminSummary admin={c.admin} />
      <Divider my="sm" />
      <Group justify="flex-end">
        <CompanyActionIcons company={c} handlers={handlers} />
      </Group>
    </Card>
  );
}
