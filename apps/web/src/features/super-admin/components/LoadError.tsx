import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertCircle, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

interface LoadErrorProps {
  title: string;
  /** The server's words when it answered; omitted for network failures. */
  detail?: string;
  onRetry: () => void;
  retrying?: boolean;
}

/** A failed load with the spec's message and a Reintentar button. */
export function LoadError({ title, detail, onRetry, retrying }: LoadErrorProps) {
  const { t } = useTranslation('common');
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={20} />} title={title} role="alert">
      <Group justify="space-between" align="center" gap="sm">
        <Text size="sm">{detail || t('status.sessionErrorHint')}</Text>
        <Button size="xs" variant="white" color="red" leftSection={<IconRefresh size={14} />} onClick={onRetry} loading={retrying}>
          {t('actions.retry')}
        </Button>
      </Group>
    </Alert>
  );
}
