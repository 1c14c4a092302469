import { Anchor, Badge, Card, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { Plan, PlanCatalogue } from '@presente/shared';
import { useTranslation } from 'react-i18next';
import { mailto, SALES_EMAIL } from '../../../lib/contact';
import { formatPrice } from '../../../lib/format';
import { planOf } from '../api';

interface Props {
  catalogue: PlanCatalogue;
  currentPlan: Plan;
}

/** The three plans (spec §1): Gratis, Premium at the server's price, Enterprise through sales. */
export function PlanCards({ catalogue, currentPlan }: Props) {
  const { t } = useTranslation('dashboard');
  const free = planOf(catalogue, 'FREE');
  const premium = planOf(catalogue, 'PREMIUM');
  const enterprise = planOf(catalogue, 'ENTERPRISE');
  // Without a configured SALES_CONTACT_URL the sales mailbox is the contact (as in the upgrade prompt).
  const salesUrl = enterprise.salesContactUrl ?? mailto(SALES_EMAIL, t('upgrade.salesSubject'));
  const current = <Badge color="teal">{t('subscription.plans.current')}</Badge>;
  return (
    <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
      <Card withBorder padding="lg" radius="md">
        <Stack gap="xs">
          <Title order={4}>{t('subscription.plans.free.name')}</Title>
          {currentPlan === 'FREE' && current}
          <Text fw={700} size="xl">
            {t('subscription.plans.free.price')}
          </Text>
          <List size="sm" spacing={4}>
            <List.Item>{t('subscription.plans.free.employees', { count: free.limits.employees })}</List.Item>
            <List.Item>{t('subscription.plans.free.limits')}</List.Item>
            <List.Item>{t('subscription.plans.free.reports')}</List.Item>
            <List.Item>{t('subscription.plans.free.support')}</List.Item>
          </List>
        </Stack>
      </Card>
      <Card withBorder padding="lg" radius="md" style={{ borderColor: 'var(--mantine-color-indigo-5)' }}>
        <Stack gap="xs">
          <Title order={4}>{t('subscription.plans.premium.name')}</Title>
          {currentPlan === 'PREMIUM' && current}
          <Text fw={700} size="xl">
            {t('subscription.plans.premium.price', { price: formatPrice(premium.pricePerEmployee), currency: catalogue.currency })}
          </Text>
          <List size="sm" spacing={4}>
            <List.Item>{t('subscription.plans.premium.employees', { min: premium.minEmployees, max: premium.maxEmployees })}</List.Item>
            <List.Item>{t('subscription.plans.premium.unlimited')}</List.Item>
            <List.Item>{t('subscription.plans.premium.reports')}</List.Item>
            <List.Item>{t('subscription.plans.premium.support')}</List.Item>
          </List>
        </Stack>
      </Card>
      <Card withBorder padding="lg" radius="md">
        <Stack gap="xs">
          <Title order={4}>{t('subscription.plans.enterprise.name')}</Title>
          <Text fw={700} size="xl">
            {t('subscription.plans.enterprise.price')}
          </Text>
          <List size="sm" spacing={4}>
            <List.Item>{t('subscription.plans.enterprise.employees', { min: enterprise.minEmployees })}</List.Item>
            <List.Item>{t('subscription.plans.enterprise.custom')}</List.Item>
          </List>
          <Anchor href={salesUrl} target="_blank" rel="noopener noreferrer">
            {t('subscription.plans.enterprise.contact')}
          </Anchor>
        </Stack>
      </Card>
    </SimpleGrid>
  );
}
