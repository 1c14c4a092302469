import { Alert, Badge, Button, Card, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { SubscriptionStatus } from '@presente/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CompanySettings, companySettingsKey } from '../../plan-usage/api';
import { formatDate, useSubscriptionDetails } from '../api';
import { CancelModal } from './CancelModal';
import { ManageModal } from './ManageModal';

const STATUS_COLORS: Record<SubscriptionStatus, string> = {
  ACTIVE: 'teal',
  CANCELLED: 'gray',
  SUSPENDED: 'orange',
  EXPIRED: 'red',
  APPROVAL_PENDING: 'yellow',
};

function Field({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600}>{value}</Text>
    </div>
  );
}

/** A Premium company's subscription (spec §4): status, billing, manage and cancel. */
export function PremiumCard({ company }: { company: CompanySettings }) {
  const { t } = useTranslation('dashboard');
  const queryClient = useQueryClient();
  const details = useSubscriptionDetails(true);
  const [manage, setManage] = useState(false);
  const [cancel, setCancel] = useState(false);
  const notFound = details.isSuccess && details.data === null;

  useEffect(() => {
    if (!notFound) return;
    setManage(false);
    void queryClient.invalidateQueries({ queryKey: companySettingsKey });
  }, [notFound, queryClient]);

  if (details.isPending) return <Loader size="sm" />;
  if (details.isError)
    return (
      <Alert color="red" title={t('subscription.loadError')}>
        <Button size="xs" variant="light" color="red" onClick={() => void details.refetch()}>
          {t('subscription.retry')}
        </Button>
      </Alert>
    );
  if (!details.data) return null;
  const { subscription: sub, company: info } = details.data;
  const last = sub.billing_info.last_payment;
  const active = sub.status === 'ACTIVE';
  const tz = info.timezone;
  const day = (iso: string | null | undefined) => formatDate(iso, tz);

  return (
    <Card withBorder padding="lg" radius="md">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={4}>{t('subscription.premium.title')}</Title>
          <Badge color={STATUS_COLORS[sub.status]}>{t(`subscription.status.${sub.status}`)}</Badge>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
          <Field label={t('subscription.premium.employees')} value={String(sub.quantity)} />
          <Field label={t('subscription.premium.nextBilling')} value={day(sub.billing_info.next_billing_time ?? info.nextBillingDate)} />
          <Field
            label={t('subscription.premium.lastPayment')}
            value={last ? `${last.amount.value} ${last.amount.currency_code}${last.time ? ` · ${day(last.time)}` : ''}` : '—'}
          />
          <Field label={t('subscription.premium.failedPayments')} value={String(sub.billing_info.failed_payments_count)} />
        </SimpleGrid>
        {active && sub.pending_revision && (
          <Alert color="blue" variant="light">
            <Text size="sm">
              {t('subscription.premium.pendingRevision', { count: sub.pending_revision.employee_count, date: day(sub.pending_revision.effective_from) })}
            </Text>
          </Alert>
        )}
        {sub.status === 'SUSPENDED' && (
          <Alert color="orange" title={info.graceEndsAt ? t('subscription.premium.graceUntil', { date: day(info.graceEndsAt) }) : undefined}>
            <Text size="sm">{t('subscription.premium.suspended')}</Text>
            {info.deletionAt && (
              <Text size="sm" mt={4}>
                {t('subscription.premium.suspendedDeletion', { grace: day(info.graceEndsAt), date: day(info.deletionAt) })}
              </Text>
            )}
          </Alert>
        )}
        {(sub.status === 'CANCELLED' || sub.status === 'EXPIRED') && info.accessUntil && (
          <Alert color="gray">
            <Text size="sm">{t('subscription.premium.accessUntil', { date: day(info.accessUntil) })}</Text>
            {info.deletionAt && (
              <Text size="sm" mt={4} fw={600}>
                {t('subscription.premium.deletionOn', { date: day(info.deletionAt) })}
              </Text>
            )}
          </Alert>
        )}
        {sub.status === 'CANCELLED' && <Text size="sm">{t('subscription.premium.resume')}</Text>}
        {active && (
          <Group>
            <Button onClick={() => setManage(true)}>{t('subscription.premium.manage')}</Button>
            <Button variant="light" color="red" onClick={() => setCancel(true)}>
              {t('subscription.premium.cancel')}
            </Button>
          </Group>
        )}
      </Stack>
      {manage && (
        <ManageModal
          opened
          onClose={() => setManage(false)}
          companyId={company.id}
          companyName={company.name}
          current={info.maxEmployees}
          nextBilling={day(sub.billing_info.next_billing_time ?? info.nextBillingDate)}
        />
      )}
      <CancelModal opened={cancel} onClose={() => setCancel(false)} companyName={company.name} timezone={tz} />
    </Card>
  );
}
