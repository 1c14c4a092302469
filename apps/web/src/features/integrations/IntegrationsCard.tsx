import { Alert, Anchor, Badge, Button, Card, Group, Paper, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { ApiKeyDto } from '@presente/shared';
import { IconAlertTriangle, IconKey, IconPlus } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/messages';
import { notify } from '../../lib/notify';
import { useApiKeys, useRevokeApiKey } from './api';
import { CreateApiKeyModal } from './CreateApiKeyModal';

const STATE_COLOR = { active: 'teal', expired: 'gray', revoked: 'red' } as const;

/**
 * Configuración → "Integraciones" (decision 0048): the company's keys for the public API (/api/v1), their scope,
 * creation, last use and expiry; a new key is shown once; revoking asks first.
 */
export function IntegrationsCard() {
  const { t, i18n } = useTranslation(['settings', 'common']);
  const query = useApiKeys();
  const revoke = useRevokeApiKey();
  const [createOpen, setCreateOpen] = useState(false);
  const when = (iso: string | null) =>
    iso
      ? new Date(iso).toLocaleString(i18n.language, { day: '2-digit', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' })
      : t('integrations.never');
  const allowance = query.data?.allowance;
  const full = !!allowance && allowance.used >= allowance.keys;

  const onRevoke = (key: ApiKeyDto) =>
    modals.openConfirmModal({
      title: t('integrations.revokeTitle'),
      centered: true,
      children: (
        <Stack gap={6}>
          <Text fw={600}>{t('integrations.revokeQuestion', { name: key.name })}</Text>
          <Text size="sm" c="dimmed">
            {t('integrations.revokeWarning')}
          </Text>
        </Stack>
      ),
      labels: { confirm: t('integrations.revoke'), cancel: t('integrations.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        revoke.mutate(key.id, {
          onSuccess: (message) => notify.success(message ?? t('integrations.revoked')),
          onError: (error) => notify.error(errorMessage(t, error, t('integrations.revokeError'))),
        }),
    });

  let body: ReactNode;
  if (query.isPending) body = <Skeleton h={56} radius="md" />;
  else if (query.isError)
    body = (
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title={t('integrations.loadError')}>
        <Button mt="xs" size="xs" variant="white" color="red" onClick={() => void query.refetch()}>
          {t('common:actions.retry')}
        </Button>
      </Alert>
    );
  else if (query.data.keys.length === 0)
    body = (
      <Stack align="center" gap={6} py="lg" ta="center">
        <Text fw={600}>{t('integrations.empty')}</Text>
        <Text size="sm" c="dimmed" maw={440}>
          {t('integrations.emptyHint')}
        </Text>
      </Stack>
    );
  else
    body = (
      <Stack gap="xs" data-testid="api-key-list">
        {query.data.keys.map((k) => (
          <Paper key={k.id} withBorder radius="md" p="sm" data-testid="api-key-row">
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Stack gap={2} style={{ flex: '1 1 220px', minWidth: 0 }}>
                <Group gap="xs">
                  <Text fw={600}>{k.name}</Text>
                  <Badge color={STATE_COLOR[k.state]} variant="light" style={{ textTransform: 'none' }}>
                    {t(`integrations.states.${k.state}`)}
                  </Badge>
                  <Badge color="indigo" variant="outline" style={{ textTransform: 'none' }}>
                    {t(`integrations.scopes.${k.scope}`)}
                  </Badge>
                </Group>
                <Text size="xs" c="dimmed" ff="monospace">
                  {k.prefix}…
                </Text>
                <Text size="xs" c="dimmed">
                  {t('integrations.createdOn', { date: when(k.createdAt) })} · {t('integrations.lastUse', { date: when(k.lastUsedAt) })}
                  {k.expiresAt ? ` · ${t('integrations.expires', { date: when(k.expiresAt) })}` : ''}
                </Text>
              </Stack>
              {k.state === 'active' && (
                <Button size="xs" variant="light" color="red" onClick={() => onRevoke(k)} aria-label={t('integrations.revokeNamed', { name: k.name })}>
                  {t('integrations.revoke')}
                </Button>
              )}
            </Group>
          </Paper>
        ))}
      </Stack>
    );

  return (
    <Card withBorder padding="lg" data-testid="integrations-card">
      <Group justify="space-between" align="flex-start" mb="md" gap="sm">
        <Group gap="sm" wrap="nowrap" align="flex-start" style={{ flex: '1 1 320px' }}>
          <ThemeIcon variant="light" size={40} radius="md" color="indigo">
            <IconKey size={22} />
          </ThemeIcon>
          <div>
            <Title order={2} fz="lg">
              {t('integrations.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('integrations.description')}{' '}
              <Anchor href="/api/docs" target="_blank" rel="noopener" underline="always">
                {t('integrations.docs')}
              </Anchor>
            </Text>
          </div>
        </Group>
        <Button leftSection={<IconPlus size={18} />} onClick={() => setCreateOpen(true)} disabled={full || query.isPending}>
          {t('integrations.add')}
        </Button>
      </Group>
      {allowance && (
        <Text size="sm" c="dimmed" mb="sm" data-testid="api-key-allowance">
          {t('integrations.allowance', { used: allowance.used, keys: allowance.keys })}
          {allowance.scopes.includes('read_write') ? '' : ` ${t('integrations.freeNote')}`}
        </Text>
      )}
      {body}
      <CreateApiKeyModal opened={createOpen} onClose={() => setCreateOpen(false)} scopes={allowance?.scopes ?? ['read']} />
    </Card>
  );
}
