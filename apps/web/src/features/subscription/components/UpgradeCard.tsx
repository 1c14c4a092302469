import { Button, Card, Group, List, NumberInput, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { type BillingCycle, type PlanCatalogue, premiumEmployeeCount, premiumPricing } from '@presente/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, translateMessage } from '../../../lib/messages';
import { notify } from '../../../lib/notify';
import type { CompanySettings } from '../../plan-usage/api';
import { planOf, useCreatePlan } from '../api';
import { PaypalCheckout } from './PaypalCheckout';

interface Props {
  catalogue: PlanCatalogue;
  company: CompanySettings;
  /** Where the browser goes to approve the payment (tests replace it). */
  redirect?: (url: string) => void;
}

/** Benefits and the FREE → PREMIUM payment: employee count, cycle, price preview, pay button (spec §4, §5). */
export function UpgradeCard({ catalogue, company, redirect = (url) => window.location.assign(url) }: Props) {
  const { t } = useTranslation('dashboard');
  const premium = planOf(catalogue, 'PREMIUM');
  const min = Math.max(premium.minEmployees, company.currentEmployees);
  const [count, setCount] = useState<number | string>(min);
  const [cycle, setCycle] = useState<BillingCycle>('monthly');
  const [error, setError] = useState<string | null>(null);
  const create = useCreatePlan();
  const simulator = catalogue.mode === 'simulator';
  // Real PayPal: its JS buttons; the simulator (or no public client id): our button to the approval page.
  const sdkClientId = catalogue.mode === 'paypal' ? catalogue.paypalClientId : null;

  const validate = (value: number | string): string | null => {
    const parsed = premiumEmployeeCount.safeParse(value === '' ? undefined : value);
    if (!parsed.success) return translateMessage(t, 'billing.employeeCountRange');
    if (parsed.data < company.currentEmployees) return translateMessage(t, 'billing.employeeCountBelowCurrent', { count: company.currentEmployees });
    return null;
  };
  const valid = validate(count) === null;
  const pricing = valid ? premiumPricing(Number(count), premium.pricePerEmployee, cycle) : null;

  const pay = () => {
    const problem = validate(count);
    setError(problem);
    if (problem) return;
    create.mutate(
      { companyId: company.id, companyName: company.name, employeeCount: Number(count), billingCycle: cycle },
      {
        onSuccess: (data) => {
          if (data.approvalUrl) redirect(data.approvalUrl);
          else notify.error(translateMessage(t, 'billing.planCreateFailed'));
        },
        onError: (err) => notify.error(errorMessage(t, err, translateMessage(t, 'billing.planCreateFailed'))),
      },
    );
  };

  return (
    <Card withBorder padding="lg" radius="md">
      <Stack gap="md">
        <Title order={4}>{t('subscription.upgrade.title')}</Title>
        <div>
          <Text fw={600} size="sm" mb={4}>
            {t('subscription.benefits.title')}
          </Text>
          <List size="sm" spacing={4}>
            <List.Item>{t('subscription.benefits.employees')}</List.Item>
            <List.Item>{t('subscription.benefits.unlimited')}</List.Item>
            <List.Item>{t('subscription.benefits.reports')}</List.Item>
            <List.Item>{t('subscription.benefits.support')}</List.Item>
          </List>
        </div>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <NumberInput
            label={t('subscription.upgrade.employees')}
            description={t('subscription.upgrade.employeesHint', { min, max: premium.maxEmployees })}
            value={count}
            min={min}
            max={premium.maxEmployees}
            allowDecimal={false}
            allowNegative={false}
            onChange={(v) => {
              setCount(v);
              setError(validate(v));
            }}
            error={error}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('subscription.upgrade.cycle')}
            </Text>
            <SegmentedControl
              value={cycle}
              onChange={(v) => setCycle(v as BillingCycle)}
              data={[
                { value: 'monthly', label: t('subscription.upgrade.monthly') },
                { value: 'annual', label: t('subscription.upgrade.annual') },
              ]}
            />
          </Stack>
        </SimpleGrid>
        {pricing && (
          <Text size="sm" data-testid="price-preview">
            {t(cycle === 'annual' ? 'subscription.upgrade.previewAnnual' : 'subscription.upgrade.previewMonthly', {
              count: pricing.employeeCount,
              price: pricing.pricePerEmployeePerPeriod,
              total: pricing.total,
              currency: pricing.currency,
            })}
          </Text>
        )}
        {sdkClientId ? (
          <PaypalCheckout
            clientId={sdkClientId}
            order={valid ? { companyId: company.id, companyName: company.name, employeeCount: Number(count), billingCycle: cycle } : null}
          />
        ) : (
          <Group>
            <Button onClick={pay} loading={create.isPending} disabled={!valid}>
              {simulator ? t('subscription.upgrade.paySimulator') : t('subscription.upgrade.pay')}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
