import { Divider, Image, Stack, Text } from '@mantine/core';
import type { FaceData } from '@presente/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { facePhotoUrl, useFaceSettings } from '../api';

/**
 * The kept enrolment photo of a registered employee, for the company admin (employee info modal). Shown only
 * when the company keeps photos; the image is an authenticated, uncached call (the session cookie goes with
 * it) and `createdAt` in its URL makes a re-enrolment show the new photo.
 */
export function FacePhoto({ employee }: { employee: { id: string; firstName: string; lastName: string; faceData?: FaceData | null } }) {
  const { t } = useTranslation('dashboard');
  const registered = !!employee.faceData?.isActive;
  const settings = useFaceSettings(registered);
  const [failed, setFailed] = useState<string | null>(null);
  if (!registered || !settings.data?.keepEnrolmentPhotos || !employee.faceData) return null;
  const src = facePhotoUrl(employee.id, employee.faceData.createdAt);
  return (
    <Stack gap="xs" data-testid="face-photo">
      <Divider label={t('facePhoto.title')} labelPosition="left" />
      {failed === src ? (
        <Text size="sm" c="dimmed">
          {t('facePhoto.missing')}
        </Text>
      ) : (
        <Image
          src={src}
          alt={t('facePhoto.alt', { name: `${employee.firstName} ${employee.lastName}` })}
          w={160}
          h={120}
          fit="cover"
          radius="md"
          // The preview was mirrored while capturing; show the photo the same way the person saw themselves.
          style={{ transform: 'scaleX(-1)' }}
          onError={() => setFailed(src)}
        />
      )}
    </Stack>
  );
}
