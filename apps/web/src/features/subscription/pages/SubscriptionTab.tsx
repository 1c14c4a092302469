import { Alert, Badge, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCompanySettings } from '../../plan-usage/api';
import { usePlans } from '../api';
import { PlanCards } from '../components/PlanCards';
import { PremiumCard } from '../components/PremiumCard';
import { UpgradeCard } from '../components/UpgradeCard';
import { usePaypalReturn } from '../components/usePaypalReturn';

/** Company admin Suscripción (spec §2, §4): current plan and usage, plans, upgrade or manage/cancel. */
export function SubscriptionTab() {
  const { t } = useTranslation('dashboard');
  const settings = useCompanySettings();
  const plans = usePlans();
  const { confirming } = usePaypalReturn(settings.data?.id);

  if (settings.isPending || plans.isPending) return <Loader />;
  if (settings.isError || plans.isError)
    return (
      <Alert color="red" title={t('subscription.loadError')}>
        <Button
          size="xs"
          variant="light"
          color="red"
          onClick={() => {
            void settings.refetch();
            void plans.refetch();
          }}
        >
          {t('subscription.retry')}
        </Button>
      </Alert>
    );
  const company = settings.data;
  const catalogue = plans.data;
  const premium = company.plan === 'PREMIUM';
  const limit = (n: number) => (n === -1 ? t('subscription.current.unlimited') : String(n));

  return (
    <Stack gap="lg">
      {catalogue.mode === 'simulator' && (
        <Alert color="yellow" title={<Badge color="yellow">{t('subscription.simulator.badge')}</Badge>}>
          {t('subscription.simulator.notice')}
        </Alert>
      )}
      {confirming && (
        <Group gap="xs">
          <Loader size="xs" />
          <Text size="sm">{t('subscription.confirming')}</Text>
        </Group>
      )}
      <Card withBorder padding="lg" radius="md">
        <Group justify="space-between" mb="xs">
          <Title order={4}>{t('subscription.current.title')}</Title>
          <Badge color={premium ? 'indigo' : 'gray'} size="lg">
            {premium ? t('subscription.plans.premium.name') : t('subscription.plans.free.name')}
          </Badge>
        </Group>
        <Group gap="xl">
          {(['employees', 'schedules', 'locations', 'links'] as const).map((key) => (
            <div key={key}>
              <Text size="xs" c="dimmed">
                {t(`subscription.current.${key}`)}
              </Text>
              <Text fw={600}>
                {company.usage[key].used} / {limit(company.usage[key].limit)}
              </Text>
            </div>
          ))}
        </Group>
      </Card>
      {premium ? <PremiumCard company={company} /> : <UpgradeCard catalogue={catalogue} company={company} />}
      <PlanCards catalogue={catalogue} currentPlan={company.plan} />
    </Stack>
  );
}
