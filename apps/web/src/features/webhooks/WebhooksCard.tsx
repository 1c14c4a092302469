import { ActionIcon, Badge, Button, Card, Group, Menu, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { WebhookEndpoint } from '@presente/shared';
import { IconDotsVertical, IconKey, IconList, IconPencil, IconPlayerPause, IconPlayerPlay, IconPlus, IconTrash, IconWebhook } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, QueryState } from '../../components/QueryState';
import { errorMessage } from '../../lib/messages';
import { notify } from '../../lib/notify';
import { useDeleteWebhook, useRotateWebhookSecret, useUpdateWebhook, useWebhooks } from './api';
import { DeliveriesModal } from './DeliveriesModal';
import { SecretModal } from './SecretModal';
import { WebhookFormModal } from './WebhookFormModal';

/**
 * Configuración → "Webhooks" (decision 0058): register https endpoints for attendance and employee events, see
 * each one's state and delivery log, pause, edit, rotate the secret (shown once) or delete.
 */
export function WebhooksCard() {
  const { t, i18n } = useTranslation(['settings', 'common']);
  const query = useWebhooks();
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const rotate = useRotateWebhookSecret();
  const [form, setForm] = useState<{ open: boolean; endpoint: WebhookEndpoint | null }>({ open: false, endpoint: null });
  const [secret, setSecret] = useState<string | null>(null);
  const [log, setLog] = useState<WebhookEndpoint | null>(null);
  const when = (iso: string | null) =>
    iso
      ? new Date(iso).toLocaleString(i18n.language, { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hour12: false })
      : t('webhooks.never');
  const failed = (err: unknown) => notify.error(errorMessage(t, err, t('webhooks.actionError')));

  const confirm = (title: string, question: string, warning: string, label: string, onConfirm: () => void) =>
    modals.openConfirmModal({
      title,
      centered: true,
      children: (
        <Stack gap={6}>
          <Text fw={600} style={{ wordBreak: 'break-all' }}>
            {question}
          </Text>
          <Text size="sm" c="dimmed">
            {warning}
          </Text>
        </Stack>
      ),
      labels: { confirm: label, cancel: t('webhooks.cancel') },
      confirmProps: { color: 'red' },
      onConfirm,
    });

  const onDelete = (e: WebhookEndpoint) =>
    confirm(t('webhooks.deleteTitle'), t('webhooks.deleteQuestion', { url: e.url }), t('webhooks.deleteWarning'), t('webhooks.delete'), () =>
      remove.mutate(e.id, { onSuccess: (message) => notify.success(message ?? t('webhooks.delete')), onError: failed }),
    );
  const onRotate = (e: WebhookEndpoint) =>
    confirm(t('webhooks.rotateTitle'), t('webhooks.rotateQuestion', { url: e.url }), t('webhooks.rotateWarning'), t('webhooks.rotate'), () =>
      rotate.mutate(e.id, { onSuccess: (res) => setSecret(res.data?.secret ?? null), onError: failed }),
    );
  const onToggle = (e: WebhookEndpoint) =>
    update.mutate(
      { id: e.id, url: e.url, description: e.description, events: e.events, enabled: !e.enabled },
      { onSuccess: (res) => notify.success(res.message ?? ''), onError: failed },
    );

  const state = (e: WebhookEndpoint) =>
    e.enabled ? (
      <Badge color={e.failingSince ? 'orange' : 'teal'} variant="light" style={{ textTransform: 'none' }}>
        {e.failingSince ? t('webhooks.failingSince', { date: when(e.failingSince) }) : t('webhooks.active')}
      </Badge>
    ) : (
      <Badge color={e.disabledReason === 'failing' ? 'red' : 'gray'} variant="light" style={{ textTransform: 'none' }}>
        {e.disabledReason === 'failing' ? t('webhooks.disabledFailing') : t('webhooks.disabledByAdmin')}
      </Badge>
    );

  const body = (
    <QueryState
      query={query}
      loadError={t('webhooks.loadError')}
      isEmpty={(list) => list.length === 0}
      empty={<EmptyState icon={IconWebhook} title={t('webhooks.empty')} hint={t('webhooks.emptyHint')} />}
    >
      {(endpoints) => (
        <Stack gap="xs" data-testid="webhook-list">
          {endpoints.map((e) => (
            <Paper key={e.id} withBorder radius="md" p="sm" data-testid="webhook-row">
              <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
                <Stack gap={4} style={{ flex: '1 1 auto', minWidth: 0 }}>
                  <Group gap="xs" wrap="wrap">
                    <Text fw={600} ff="monospace" size="sm" style={{ wordBreak: 'break-all' }}>
                      {e.url}
                    </Text>
                    {state(e)}
                  </Group>
                  {e.description && (
                    <Text size="sm" c="dimmed">
                      {e.description}
                    </Text>
                  )}
                  <Group gap={4} wrap="wrap">
                    {e.events.map((ev) => (
                      <Badge key={ev} size="sm" variant="outline" color="indigo" style={{ textTransform: 'none' }}>
                        {t(`webhooks.eventNames.${ev}`)}
                      </Badge>
                    ))}
                  </Group>
                  <Text size="xs" c="dimmed">
                    {t('webhooks.lastSuccess', { date: when(e.lastSuccessAt) })} · {t('webhooks.secret')}: <code>{e.secretHint}</code>
                  </Text>
                </Stack>
                <Menu position="bottom-end" withinPortal shadow="md" width={220}>
                  <Menu.Target>
                    <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t('webhooks.actions', { url: e.url })}>
                      <IconDotsVertical size={18} />
                    </ActionIcon>
                  </Menu.Target>
                  <Menu.Dropdown>
                    <Menu.Item leftSection={<IconList size={16} />} onClick={() => setLog(e)}>
                      {t('webhooks.log')}
                    </Menu.Item>
                    <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => setForm({ open: true, endpoint: e })}>
                      {t('webhooks.edit')}
                    </Menu.Item>
                    <Menu.Item leftSection={e.enabled ? <IconPlayerPause size={16} /> : <IconPlayerPlay size={16} />} onClick={() => onToggle(e)}>
                      {e.enabled ? t('webhooks.pause') : t('webhooks.resume')}
                    </Menu.Item>
                    <Menu.Item leftSection={<IconKey size={16} />} onClick={() => onRotate(e)}>
                      {t('webhooks.rotate')}
                    </Menu.Item>
                    <Menu.Divider />
                    <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={() => onDelete(e)}>
                      {t('webhooks.delete')}
                    </Menu.Item>
                  </Menu.Dropdown>
                </Menu>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
    </QueryState>
  );

  return (
    <Card withBorder padding="lg" data-testid="webhooks-card">
      <Group justify="space-between" align="flex-start" mb="md" gap="sm">
        <Group gap="sm" wrap="nowrap" align="flex-start" style={{ flex: '1 1 320px' }}>
          <ThemeIcon variant="light" size={40} radius="md" color="indigo">
            <IconWebhook size={22} />
          </ThemeIcon>
          <div>
            <Title order={2} fz="lg">
              {t('webhooks.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('webhooks.description')}
            </Text>
          </div>
        </Group>
        <Button leftSection={<IconPlus size={18} />} onClick={() => setForm({ open: true, endpoint: null })}>
          {t('webhooks.add')}
        </Button>
      </Group>
      {body}
      <WebhookFormModal
        opened={form.open}
        endpoint={form.endpoint}
        onClose={() => setForm({ open: false, endpoint: null })}
        onCreated={(created) => setSecret(created.secret)}
      />
      <SecretModal secret={secret} onClose={() => setSecret(null)} />
      <DeliveriesModal endpoint={log} onClose={() => setLog(null)} />
    </Card>
  );
}
