import { Alert, List, Text } from '@mantine/core';
import { FACE_NOTICE_TEXTS, type FaceNoticeVersion } from '@presente/shared';
import { IconShieldLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n';

/** The biometric notice of a version (Ley 29733), with its version: what the worker reads before signing. */
export function NoticeText({ version }: { version: FaceNoticeVersion }) {
  const { t } = useTranslation('common');
  return (
    <Alert variant="light" color="indigo" icon={<IconShieldLock size={20} />} title={t('consent.notice.title')}>
      <List size="sm" spacing={6}>
        {FACE_NOTICE_TEXTS[version][currentLanguage()].map((line) => (
          <List.Item key={line}>{line}</List.Item>
        ))}
      </List>
      <Text size="xs" c="dimmed" mt="xs">
        {t('consent.notice.version', { version })}
      </Text>
    </Alert>
  );
}
