import { Alert, List, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { type CurrentSubscriptionDetails, formatDate } from '../api';

/**
 * After the grace period ended without payment the company is on FREE limits but still in arrears:
 * the failed payments and the day its data will be deleted stay on screen (spec §1 terms, §4).
 */
export function ArrearsCard({ details }: { details: CurrentSubscriptionDetails }) {
  const { t } = useTranslation('dashboard');
  const { subscription: sub, company } = details;
  const tz = company.timezone;
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} />} title={t('subscription.arrears.title')} data-testid="arrears-card">
      <Text size="sm">{t('subscription.arrears.downgraded', { date: formatDate(company.downgradedAt, tz) })}</Text>
      <List size="sm" mt="xs" spacing={4}>
        <List.Item>{t('subscription.arrears.failedPayments', { count: sub.billing_info.failed_payments_count })}</List.Item>
        {company.deletionAt && (
          <List.Item>
            <Text span fw={700} size="sm">
              {t('subscription.arrears.deletion', { date: formatDate(company.deletionAt, tz) })}
            </Text>
          </List.Item>
        )}
      </List>
      <Text size="sm" mt="xs">
        {t('subscription.arrears.howTo')}
      </Text>
    </Alert>
  );
}
