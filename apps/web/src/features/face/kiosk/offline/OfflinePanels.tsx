import { Alert, Badge, Button, Stack, Text } from '@mantine/core';
import { IconCloudUpload, IconDeviceFloppy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** How many offline punches wait on this kiosk (decision 0075); nothing when none. */
export function WaitingBadge({ waiting }: { waiting: number }) {
  const { t } = useTranslation('employee');
  if (!waiting) return null;
  return (
    <Badge data-testid="kiosk-waiting" data-count={waiting} size="md" variant="light" color="orange" leftSection={<IconCloudUpload size={16} aria-hidden />}>
      {t('kiosk.connection.waiting', { count: waiting })}
    </Badge>
  );
}

/** A punch captured offline and kept: it is verified by the server when sent, so no name is shown yet. */
export function QueuedPanel({ time, onDone }: { time: string; onDone: () => void }) {
  const { t } = useTranslation(['employee', 'common']);
  return (
    <Alert color="orange" variant="light" icon={<IconDeviceFloppy size={20} />} title={t('kiosk.connection.queuedTitle')} data-testid="kiosk-queued">
      <Stack gap="xs">
        <Text size="sm">{t('kiosk.connection.queued', { time })}</Text>
        <Button size="xs" variant="light" color="orange" onClick={onDone}>
          {t('common:actions.close')}
        </Button>
      </Stack>
    </Alert>
  );
}
