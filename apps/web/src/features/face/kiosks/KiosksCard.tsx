import { Alert, Badge, Button, Card, Group, Paper, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { PairedKiosk } from '@presente/shared';
import { IconAlertTriangle, IconDeviceTablet, IconInfoCircle, IconPlus } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/messages';
import { notify } from '../../../lib/notify';
import { usePairedKiosks, useRevokeKiosk } from './api';
import { PairKioskModal } from './PairKioskModal';

/** Configuración → "Kioscos vinculados" (decision 0033): pair a kiosk with a one-time code, see them, revoke one. */
export function KiosksCard() {
  const { t, i18n } = useTranslation(['settings', 'common']);
  const query = usePairedKiosks();
  const revoke = useRevokeKiosk();
  const [pairOpen, setPairOpen] = useState(false);
  const when = (iso: string | null) =>
    iso ? new Date(iso).toLocaleString(i18n.language, { day: '2-digit', month: 'short', hour: '2-digit', minute: '2-digit' }) : t('kiosks.never');

  const onRevoke = (kiosk: PairedKiosk) =>
    modals.openConfirmModal({
      title: t('kiosks.revokeTitle'),
      centered: true,
      children: (
        <Stack gap={6}>
          <Text fw={600}>{t('kiosks.revokeQuestion', { name: kiosk.name })}</Text>
          <Text size="sm" c="dimmed">
            {t('kiosks.revokeWarning')}
          </Text>
        </Stack>
      ),
      labels: { confirm: t('kiosks.revoke'), cancel: t('kiosks.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        revoke.mutate(kiosk.id, {
          onSuccess: (message) => notify.success(message ?? t('kiosks.revoked')),
          onError: (error) => notify.error(errorMessage(t, error, t('kiosks.revokeError'))),
        }),
    });

  let body: ReactNode;
  if (query.isPending) body = <Skeleton h={56} radius="md" />;
  else if (query.isError)
    body = (
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title={t('kiosks.loadError')}>
        <Button mt="xs" size="xs" variant="white" color="red" onClick={() => void query.refetch()}>
          {t('common:actions.retry')}
        </Button>
      </Alert>
    );
  else if (query.data.length === 0)
    body = (
      <Stack align="center" gap={6} py="lg" ta="center">
        <Text fw={600}>{t('kiosks.empty')}</Text>
        <Text size="sm" c="dimmed" maw={440}>
          {t('kiosks.emptyHint')}
        </Text>
      </Stack>
    );
  else
    body = (
      <Stack gap="xs" data-testid="kiosk-list">
        {query.data.map((k) => (
          <Paper key={k.id} withBorder radius="md" p="sm" data-testid="kiosk-row" opacity={k.revokedAt ? 0.65 : 1}>
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Stack gap={2} style={{ flex: '1 1 220px', minWidth: 0 }}>
                <Group gap="xs">
                  <Text fw={600}>{k.name}</Text>
                  <Badge color={k.revokedAt ? 'gray' : 'teal'} variant="light" style={{ textTransform: 'none' }}>
                    {k.revokedAt ? t('kiosks.revoked') : t('kiosks.active')}
                  </Badge>
                </Group>
                <Text size="xs" c="dimmed">
                  {t('kiosks.columns.lastUse')}: {when(k.lastUsedAt)}
                  {k.lastIp ? ` · IP ${k.lastIp}` : ''}
                  {k.lastLocation ? ` · ${k.lastLocation.latitude.toFixed(4)}, ${k.lastLocation.longitude.toFixed(4)}` : ''}
                </Text>
                {/* The kiosk's last signed contact and the offline punches it said were waiting (decision 0075). */}
                <Text size="xs" c={k.offlineWaiting ? 'orange' : 'dimmed'} data-testid="kiosk-contact">
                  {t('kiosks.lastContact', { date: when(k.lastContactAt) })}
                  {k.offlineWaiting ? ` · ${t('kiosks.waiting', { count: k.offlineWaiting })}` : ''}
                </Text>
                <Text size="xs" c="dimmed">
                  {t('kiosks.pairedOn', { date: when(k.createdAt), by: k.createdBy ?? '—' })}
                </Text>
              </Stack>
              {!k.revokedAt && (
                <Button size="xs" variant="light" color="red" onClick={() => onRevoke(k)}>
                  {t('kiosks.revoke')}
                </Button>
              )}
            </Group>
          </Paper>
        ))}
      </Stack>
    );

  return (
    <Card withBorder padding="lg" data-testid="kiosks-card">
      <Group justify="space-between" align="flex-start" mb="md" gap="sm">
        <Group gap="sm" wrap="nowrap" align="flex-start" style={{ flex: '1 1 320px' }}>
          <ThemeIcon variant="light" size={40} radius="md" color="indigo">
            <IconDeviceTablet size={22} />
          </ThemeIcon>
          <div>
            <Title order={2} fz="lg">
              {t('kiosks.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('kiosks.description')}
            </Text>
          </div>
        </Group>
        <Button leftSection={<IconPlus size={18} />} onClick={() => setPairOpen(true)}>
          {t('kiosks.add')}
        </Button>
      </Group>
      <Alert color="indigo" variant="light" icon={<IconInfoCircle size={18} />} mb="md">
        {t('kiosks.upgradeNote')}
      </Alert>
      {body}
      <PairKioskModal opened={pairOpen} onClose={() => setPairOpen(false)} />
    </Card>
  );
}
