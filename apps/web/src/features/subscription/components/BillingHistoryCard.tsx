import { Card, Loader, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pagination } from '../../../components/Pagination';
import { formatDate, useBillingHistory } from '../api';

/** The company's billing events (activation, payments, failures, revisions, cancellation), 10 per page. */
export function BillingHistoryCard({ timezone }: { timezone: string }) {
  const { t } = useTranslation('dashboard');
  const [page, setPage] = useState(1);
  const history = useBillingHistory(page);
  const rows = history.data?.data ?? [];
  const pages = history.data?.pagination?.pages ?? 1;

  return (
    <Card withBorder padding="lg" radius="md">
      <Title order={4} mb="sm">
        {t('subscription.history.title')}
      </Title>
      {history.isPending && <Loader size="sm" />}
      {history.isError && (
        <Text size="sm" c="red">
          {t('subscription.history.loadError')}
        </Text>
      )}
      {history.isSuccess && rows.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('subscription.history.empty')}
        </Text>
      )}
      {rows.length > 0 && (
        <Table.ScrollContainer minWidth={420}>
          <Table verticalSpacing="xs" fz="sm" aria-label={t('subscription.history.title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('subscription.history.date')}</Table.Th>
                <Table.Th>{t('subscription.history.event')}</Table.Th>
                <Table.Th ta="right">{t('subscription.history.amount')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((entry) => (
                <Table.Tr key={entry.id}>
                  <Table.Td>{formatDate(entry.timestamp, timezone)}</Table.Td>
                  <Table.Td>{entry.title}</Table.Td>
                  <Table.Td ta="right">{entry.amount ? `${entry.amount} ${entry.currency ?? 'USD'}` : '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Pagination page={page} total={pages} onChange={setPage} disabled={history.isFetching} />
    </Card>
  );
}
