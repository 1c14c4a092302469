import { Alert, Button, Checkbox, Group, List, Stack, Text } from '@mantine/core';
import { FACE_NOTICE } from '@presente/shared';
import { IconShieldLock } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n';

/** The biometric notice (FACE_NOTICE, Ley 29733): the employee's acceptance is required to continue. */
export function NoticeStep({ employeeName, onAccept, onCancel }: { employeeName: string; onAccept: () => void; onCancel: () => void }) {
  const { t } = useTranslation('dashboard');
  const [accepted, setAccepted] = useState(false);
  return (
    <Stack gap="md">
      <Alert variant="light" color="indigo" icon={<IconShieldLock size={20} />} title={t('faceRegister.notice.title')}>
        <List size="sm" spacing={6}>
          {FACE_NOTICE[currentLanguage()].map((line) => (
            <List.Item key={line}>{line}</List.Item>
          ))}
        </List>
      </Alert>
      <Text size="sm" c="dimmed">
        {t('faceRegister.notice.hint')}
      </Text>
      <Checkbox checked={accepted} onChange={(e) => setAccepted(e.currentTarget.checked)} label={t('faceRegister.notice.accept', { name: employeeName })} />
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          {t('faceRegister.cancel')}
        </Button>
        <Button disabled={!accepted} onClick={onAccept}>
          {t('faceRegister.notice.continue')}
        </Button>
      </Group>
    </Stack>
  );
}
