import { Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import type { SuperAdminCompany } from '@presente/shared';
import { useTranslation } from 'react-i18next';
import { employeesUsage } from '../format';
import { CompanyActionsMenu, type CompanyRowHandlers } from './CompanyActions';
import { AdminStatusBadge, AdminSummary, BillingFlagBadge, CompanyStatusBadge, PlanBadge } from './CompanyBadges';

/** An email that prefers to wrap right after the @ (long domains would otherwise break mid-word). */
function BreakableEmail({ email }: { email: string }) {
  const at = email.indexOf('@');
  if (at < 0) return email;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
}

/** Desktop table of companies (spec §2): company, RUC, email, plan, employees, status, admin, actions. */
export function CompaniesTable({ companies, handlers }: { companies: SuperAdminCompany[]; handlers: CompanyRowHandlers }) {
  const { t } = useTranslation('dashboard');
  const col = (key: string) => t(`superAdmin.companies.columns.${key}`);
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table verticalSpacing="sm" horizontalSpacing={8} highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{col('company')}</Table.Th>
            <Table.Th>{col('ruc')}</Table.Th>
            <Table.Th>{col('email')}</Table.Th>
            <Table.Th>{col('plan')}</Table.Th>
            <Table.Th>{col('employees')}</Table.Th>
            <Table.Th>{col('status')}</Table.Th>
            <Table.Th>{col('admin')}</Table.Th>
            <Table.Th w={52}>
              <VisuallyHidden>{col('actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {companies.map((c) => (
            <Table.Tr key={c.id}>
              <Table.Td maw={160}>
                <Text fw={600} size="sm" lineClamp={2}>
                  {c.name}
                </Text>
                {c.city && (
                  <Text size="xs" c="dimmed" truncate>
                    {c.city}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {c.ruc || '—'}
                </Text>
              </Table.Td>
              <Table.Td miw={140} maw={170}>
                <Text size="sm" lineClamp={2} title={c.email} style={{ overflowWrap: 'anywhere' }}>
                  <BreakableEmail email={c.email} />
                </Text>
              </Table.Td>
              <Table.Td>
                <PlanBadge plan={c.plan} />
              </Table.Td>
              <Table.Td>
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {employeesUsage(t, c)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Stack gap={4} align="flex-start">
                  <CompanyStatusBadge status={c.status} closed={!!c.closedAt} />
                  <BillingFlagBadge flag={c.billingFlag} />
                </Stack>
              </Table.Td>
              <Table.Td maw={180}>
                <Stack gap={6} align="flex-start" maw={180}>
                  <AdminSummary admin={c.admin} withStatus={false} />
                  {c.admin && <AdminStatusBadge isActive={c.admin.isActive} />}
                </Stack>
              </Table.Td>
              <Table.Td>
                <Group justify="flex-end">
                  <CompanyActionsMenu company={c} handlers={handlers} />
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
