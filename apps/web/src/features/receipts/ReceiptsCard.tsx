import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReceiptView } from '@presente/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../components/DayInput';
import { Pagination } from '../../components/Pagination';
import { useMessage } from '../../lib/messages';
import { useOwnReceipts } from './api';

/** The time a receipt vouches for: the entry, the exit, or both for a manual entry. */
export function receiptTime(r: Pick<ReceiptView, 'kind' | 'checkInTime' | 'checkOutTime'>): string {
  if (r.kind === 'check_in') return r.checkInTime ?? '—';
  if (r.kind === 'check_out') return r.checkOutTime ?? '—';
  return [r.checkInTime, r.checkOutTime].filter(Boolean).join(' - ') || '—';
}

/** One receipt: type, date, time, method, place and the verification code. */
export function ReceiptItem({ receipt: r }: { receipt: ReceiptView }) {
  const { t } = useTranslation('common');
  const message = useMessage();
  return (
    <Paper withBorder radius="md" p="sm" component="article" aria-label={`${message(`receipt.kind.${r.kind}`)} ${formatDay(r.date)}`}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text fw={600} size="sm">
          {message(`receipt.kind.${r.kind}`)} · {formatDay(r.date)} · {receiptTime(r)}
        </Text>
        <Badge variant="light" ff="monospace" aria-label={t('receipts.code')}>
          {r.code}
        </Badge>
      </Group>
      <Text size="xs" c="dimmed">
        {t('receipts.method')}: {message(`receipt.method.${r.method}`)} · {t('receipts.place')}: {r.place ?? t('receipts.noPlace')}
      </Text>
    </Paper>
  );
}

/** The worker's receipts (decision 0053), newest first, 5 a page; hidden while there is none. */
export function ReceiptsCard() {
  const { t } = useTranslation('common');
  const [page, setPage] = useState(1);
  const list = useOwnReceipts(page);
  if (!list.data || (list.data.receipts.length === 0 && page === 1)) return null;
  return (
    <Paper withBorder radius="lg" p="md" mb="md" component="section" aria-labelledby="receipts-title">
      <Stack gap="sm">
        <Title order={2} fz="md" id="receipts-title">
          {t('receipts.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('receipts.intro')}
        </Text>
        {list.data.receipts.map((r) => (
          <ReceiptItem key={r.id} receipt={r} />
        ))}
        {list.data.pages > 1 && <Pagination page={page} total={list.data.pages} onChange={setPage} disabled={list.isFetching} />}
      </Stack>
    </Paper>
  );
}
