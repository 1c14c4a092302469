import { Alert, Button, Checkbox, Group, List, Skeleton, Stack, Text } from '@mantine/core';
import { FACE_NOTICE, FACE_NOTICE_PHOTO, type FaceNoticeVersion, faceNoticeVersion } from '@presente/shared';
import { IconAlertTriangle, IconShieldLock } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n';
import { useFaceSettings } from '../api';

/**
 * The biometric notice (Ley 29733) the company's setting calls for: FACE_NOTICE, or FACE_NOTICE_PHOTO when the
 * company keeps an enrolment photo. The employee's acceptance is required to continue; the version accepted
 * goes with the enrolment (the server refuses one that is not the company's current notice).
 */
export function NoticeStep({
  employeeName,
  onAccept,
  onCancel,
}: {
  employeeName: string;
  onAccept: (noticeVersion: FaceNoticeVersion) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation(['dashboard', 'common']);
  const settings = useFaceSettings();
  const [accepted, setAccepted] = useState(false);
  if (settings.isPending) return <Skeleton h={220} />;
  if (settings.isError)
    return (
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title={t('faceRegister.notice.loadError')}>
        <Button mt="xs" size="xs" variant="white" color="red" onClick={() => void settings.refetch()}>
          {t('common:actions.retry')}
        </Button>
      </Alert>
    );
  const keepsPhoto = settings.data.keepEnrolmentPhotos;
  const notice = keepsPhoto ? FACE_NOTICE_PHOTO : FACE_NOTICE;
  return (
    <Stack gap="md">
      <Alert variant="light" color="indigo" icon={<IconShieldLock size={20} />} title={t('faceRegister.notice.title')}>
        <List size="sm" spacing={6}>
          {notice[currentLanguage()].map((line) => (
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
        <Button disabled={!accepted} onClick={() => onAccept(faceNoticeVersion(keepsPhoto))}>
          {t('faceRegister.notice.continue')}
        </Button>
      </Group>
    </Stack>
  );
}
