import { Alert, Button, Code, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useCopy } from '../../lib/useCopy';

/** The signing secret, shown this once (after creating an endpoint or rotating its secret). */
export function SecretModal({ secret, onClose }: { secret: string | null; onClose: () => void }) {
  const { t } = useTranslation('settings');
  const { copy, copied } = useCopy({ copied: t('webhooks.copied'), failed: t('webhooks.copyFailed') });
  return (
    <Modal opened={!!secret} onClose={onClose} title={t('webhooks.secretTitle')} centered closeOnClickOutside={false}>
      <Stack gap="md">
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />}>
          {t('webhooks.secretHint')}
        </Alert>
        <Code block fz="md" data-testid="webhook-secret" style={{ wordBreak: 'break-all' }}>
          {secret}
        </Code>
        <Text size="sm" c="dimmed">
          Presente-Signature: t=…,v1=HMAC-SHA256(secret, "t.body")
        </Text>
        <Group justify="flex-end">
          <Button variant="light" leftSection={<IconCopy size={16} />} onClick={() => secret && void copy(secret)}>
            {copied ? t('webhooks.copied') : t('webhooks.copy')}
          </Button>
          <Button onClick={onClose}>{t('webhooks.done')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
