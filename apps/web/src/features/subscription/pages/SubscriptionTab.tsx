import { Alert, Anchor, Badge, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { mailto, SALES_EMAIL } from '../../../lib/contact';
import { useCompanySettings } from '../../plan-usage/api';
import { planOf, usePlans, useSubscriptionDetails } from '../api';
import { ArrearsCard } from '../components/ArrearsCard';
import { BillingHistoryCard } from '../components/BillingHistoryCard';
import { PlanCards } from '../components/PlanCards';
import { PremiumCard } from '../components/PremiumCard';
import { UpgradeCard } from '../components/UpgradeCard';
import { usePaypalReturn } from '../components/usePaypalReturn';

/**
 * Company admin Suscripción (spec §2, §4): current plan and usage, plans, upgrade or manage/cancel, the
 * arrears when a downgrade happened, and the billing history. Refreshed live by company_update.
 */
export function SubscriptionTab() {
  const { t } = useTranslation('dashboard');
  const settings = useCompanySettings();
  const plans = usePlans();
  const { confirming } = usePaypalReturn(settings.data?.id);
  const premiumPlan = settings.data?.plan === 'PREMIUM';
  // A FREE company may still be in arrears (downgraded after the grace period): its details say so.
  const details = useSubscriptionDetails(!!settings.data && !premiumPlan);

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
  const inArrears = !premium && details.data?.subscription.status === 'SUSPENDED' ? details.data : null;
  const salesUrl = planOf(catalogue, 'ENTERPRISE').salesContactUrl ?? mailto(SALES_EMAIL, t('upgrade.salesSubject'));

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
      {inArrears && <ArrearsCard details={inArrears} />}
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
      {premium ? (
        <PremiumCard company={company} />
      ) : catalogue.mode === 'off' ? (
        <Alert color="blue" title={t('subscription.off.title')}>
          <Text size="sm">{t('subscription.off.body')}</Text>
          <Anchor href={salesUrl} target="_blank" rel="noopener noreferrer" size="sm">
            {t('subscription.plans.enterprise.contact')}
          </Anchor>
        </Alert>
      ) : (
        <UpgradeCard catalogue={catalogue} company={company} />
      )}
      <PlanCards catalogue={catalogue} currentPlan={company.plan} />
      <BillingHistoryCard timezone={company.timezone} />
    </Stack>
  );
}
