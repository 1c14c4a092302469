import { Alert, Badge, Button, Card, Group, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { AttendanceLink } from '@presente/shared';
import { IconAlertTriangle, IconLink, IconPlus, IconScan } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UpgradePrompt } from '../../../components/UpgradePrompt';
import { errorMessage } from '../../../lib/messages';
import { notify } from '../../../lib/notify';
import { isAtLimit, useCompanySettings } from '../../plan-usage/api';
import { useUpgradePrompt } from '../../plan-usage/useUpgradePrompt';
import { useAttendanceLinks, useDeleteLink, useToggleLink } from '../api';
import { CreateLinkModal } from './CreateLinkModal';
import { LinkList } from './LinkList';
import { QrModal } from './QrModal';

/** Settings card "facial attendance links" (spec §2): table, create (upgrade prompt at the Free limit), QR, toggle, delete. */
export function AttendanceLinksCard() {
  const { t } = useTranslation(['settings', 'common']);
  const query = useAttendanceLinks();
  const settings = useCompanySettings();
  const upgrade = useUpgradePrompt(settings.data);
  const toggle = useToggleLink();
  const remove = useDeleteLink();
  const [createOpen, setCreateOpen] = useState(false);
  const [qrLink, setQrLink] = useState<AttendanceLink | null>(null);

  const usage = settings.data?.usage.links;
  const openCreate = () => void upgrade.guard('links', () => setCreateOpen(true));

  const onToggle = (link: AttendanceLink) =>
    toggle.mutate(
      { id: link.id, isActive: !link.isActive },
      {
        onSuccess: (message) => notify.success(message ?? t(link.isActive ? 'faceLinks.deactivated' : 'faceLinks.activated')),
        onError: (error) => notify.error(errorMessage(t, error, t('faceLinks.toggleError'))),
      },
    );

  const onDelete = (link: AttendanceLink) =>
    modals.openConfirmModal({
      title: t('faceLinks.delete.title'),
      centered: true,
      children: (
        <Stack gap={6}>
          <Text fw={600}>{t('faceLinks.delete.question', { name: link.name })}</Text>
          <Text size="sm" c="dimmed">
            {t('faceLinks.delete.warning')}
          </Text>
        </Stack>
      ),
      labels: { confirm: t('faceLinks.delete.confirm'), cancel: t('faceLinks.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(link.id, {
          onSuccess: (message) => notify.success(message ?? t('faceLinks.delete.done')),
          onError: (error) => notify.error(errorMessage(t, error, t('faceLinks.delete.error'))),
        }),
    });

  let body: ReactNode;
  if (query.isPending) {
    body = (
      <Stack gap="xs">
        {[0, 1].map((i) => (
          <Skeleton key={i} h={44} radius="md" />
        ))}
      </Stack>
    );
  } else if (query.isError) {
    body = (
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title={t('faceLinks.loadError')}>
        <Button mt="xs" size="xs" variant="white" color="red" onClick={() => void query.refetch()} loading={query.isFetching}>
          {t('common:actions.retry')}
        </Button>
      </Alert>
    );
  } else if (query.data.length === 0) {
    body = (
      <Stack align="center" gap={6} py="xl" ta="center">
        <ThemeIcon size={52} radius="xl" variant="light" color="gray">
          <IconLink size={26} />
        </ThemeIcon>
        <Text fw={600}>{t('faceLinks.empty')}</Text>
        <Text size="sm" c="dimmed" maw={440}>
          {t('faceLinks.emptyHint')}
        </Text>
      </Stack>
    );
  } else {
    body = <LinkList links={query.data} onQr={setQrLink} onToggle={onToggle} onDelete={onDelete} />;
  }

  return (
    <Card withBorder padding="lg" data-testid="attendance-links-card">
      <Group justify="space-between" align="flex-start" mb="md" gap="sm">
        <Group gap="sm" wrap="nowrap" align="flex-start" style={{ flex: '1 1 320px' }}>
          <ThemeIcon variant="light" size={40} radius="md" color="indigo">
            <IconScan size={22} />
          </ThemeIcon>
          <div>
            <Group gap="xs">
              <Title order={2} fz="lg">
                {t('faceLinks.title')}
              </Title>
              {usage && usage.limit !== -1 && (
                <Badge variant="light" color={isAtLimit(usage) ? 'orange' : 'gray'} style={{ textTransform: 'none' }}>
                  {t('faceLinks.usage', { used: usage.used, limit: usage.limit })}
                </Badge>
              )}
            </Group>
            <Text size="sm" c="dimmed">
              {t('faceLinks.description')}
            </Text>
          </div>
        </Group>
        <Button leftSection={<IconPlus size={18} />} onClick={openCreate} loading={upgrade.checking}>
          {t('faceLinks.add')}
        </Button>
      </Group>
      {body}
      <CreateLinkModal opened={createOpen} onClose={() => setCreateOpen(false)} onPlanLimit={(error) => upgrade.showIfLimitError(error, 'links')} />
      <QrModal link={qrLink} onClose={() => setQrLink(null)} />
      <UpgradePrompt {...upgrade.props} />
    </Card>
  );
}
