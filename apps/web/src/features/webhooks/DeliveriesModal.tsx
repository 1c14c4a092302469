import { Badge, Button, Modal, ScrollArea, Skeleton, Table, Text } from '@mantine/core';
import type { WebhookDelivery, WebhookEndpoint } from '@presente/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/messages';
import { notify } from '../../lib/notify';
import { useResendDelivery, useWebhookDeliveries, webhookKeys } from './api';

const COLOR: Record<WebhookDelivery['status'], string> = { pending: 'yellow', delivered: 'teal', failed: 'red' };

/** The delivery log of one endpoint: event, time, status, the receiver's answer and time, tries, next try; re-send. */
export function DeliveriesModal({ endpoint, onClose }: { endpoint: WebhookEndpoint | null; onClose: () => void }) {
  const { t, i18n } = useTranslation('settings');
  const query = useWebhookDeliveries(endpoint?.id ?? null);
  const resend = useResendDelivery();
  const queryClient = useQueryClient();
  const when = (iso: string | null) =>
    iso
      ? new Date(iso).toLocaleString(i18n.language, {
          day: '2-digit',
          month: '2-digit',
          year: 'numeric',
          hour: '2-digit',
          minute: '2-digit',
          second: '2-digit',
          hour12: false,
        })
      : '—';

  const onResend = (d: WebhookDelivery) =>
    endpoint &&
    resend.mutate(
      { id: endpoint.id, deliveryId: d.id },
      {
        onSuccess: (res) => {
          notify.success(res.message ?? t('webhooks.resent'));
          void queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(endpoint.id) });
        },
        onError: (err) => notify.error(errorMessage(t, err, t('webhooks.actionError'))),
      },
    );

  return (
    <Modal opened={!!endpoint} onClose={onClose} title={endpoint ? t('webhooks.deliveriesTitle', { url: endpoint.url }) : ''} centered size="min(960px, 96vw)">
      {query.isPending ? (
        <Skeleton h={120} />
      ) : !query.data?.length ? (
        <Text c="dimmed" ta="center" py="lg">
          {t('webhooks.deliveriesEmpty')}
        </Text>
      ) : (
        <ScrollArea type="auto">
          <Table striped verticalSpacing="xs" data-testid="webhook-deliveries" miw={640}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('webhooks.columns.event')}</Table.Th>
                <Table.Th>{t('webhooks.columns.when')}</Table.Th>
                <Table.Th>{t('webhooks.columns.status')}</Table.Th>
                <Table.Th>{t('webhooks.columns.answer')}</Table.Th>
                <Table.Th>{t('webhooks.columns.attempts')}</Table.Th>
                <Table.Th>{t('webhooks.columns.next')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {query.data.map((d) => (
                <Table.Tr key={d.id} data-testid="webhook-delivery">
                  <Table.Td>
                    <Text size="sm">{t(`webhooks.eventNames.${d.eventType}`)}</Text>
                    <Text size="xs" c="dimmed" ff="monospace">
                      {d.eventId}
                    </Text>
                  </Table.Td>
                  <Table.Td>{when(d.createdAt)}</Table.Td>
                  <Table.Td>
                    <Badge color={COLOR[d.status]} variant="light" style={{ textTransform: 'none', overflow: 'visible' }} miw="max-content">
                      {t(`webhooks.status.${d.status}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{d.lastStatusCode ?? '—'}</Text>
                    {d.lastDurationMs != null && (
                      <Text size="xs" c="dimmed">
                        {d.lastDurationMs} ms
                      </Text>
                    )}
                    {d.lastError && (
                      <Text size="xs" c="red.8" maw={220} style={{ wordBreak: 'break-word' }}>
                        {d.lastError}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{d.attempts}</Table.Td>
                  <Table.Td>{when(d.nextAttemptAt)}</Table.Td>
                  <Table.Td>
                    {d.status !== 'pending' && (
                      <Button size="compact-xs" variant="light" onClick={() => onResend(d)} loading={resend.isPending && resend.variables?.deliveryId === d.id}>
                        {t('webhooks.resend')}
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
    </Modal>
  );
}
