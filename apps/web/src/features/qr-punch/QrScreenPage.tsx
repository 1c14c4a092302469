import { Alert, Anchor, Center, Stack, Text, Title } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useParams } from 'react-router';
import { FullPageLoader } from '../../components/FullPageLoader';
import { ApiError } from '../../lib/api';
import { errorMessage } from '../../lib/messages';
import { useSession } from '../auth/api';
import { useQrDisplayCode } from './api';
import { QrCodeDisplay } from './QrCodeDisplay';

function Screen({ locationId }: { locationId: string }) {
  const { t } = useTranslation(['settings', 'common']);
  const code = useQrDisplayCode(locationId);
  if (code.isError && !code.data) {
    const notFound = code.error instanceof ApiError && code.error.status === 404;
    return (
      <Center mih="100dvh" p="md">
        <Alert color={notFound ? 'red' : 'orange'} icon={<IconWifiOff size={20} />} title={t('qrScreen.errorTitle')} maw={480}>
          {errorMessage(t, code.error, t('qrScreen.offline'))}
        </Alert>
      </Center>
    );
  }
  return (
    <Center mih="100dvh" p={{ base: 'sm', sm: 'xl' }} bg="gray.0">
      <Stack align="center" gap="lg" maw={720} w="100%">
        <Stack align="center" gap={4}>
          <Title order={1} ta="center" fz={{ base: 26, sm: 40 }}>
            {t('qrScreen.title')}
          </Title>
          <Text fz={{ base: 'lg', sm: 24 }} fw={600} c="indigo.8" ta="center">
            {code.data?.location.name ?? ' '}
          </Text>
        </Stack>
        <QrCodeDisplay code={code.data} />
        <Text ta="center" size="lg" maw={560}>
          {t('qrScreen.instructions')}
        </Text>
        {code.isError && (
          <Text c="orange.8" size="sm" role="status">
            {t('qrScreen.offline')}
          </Text>
        )}
        <Anchor href="/company-admin/settings" size="sm" c="dimmed">
          {t('qrScreen.back')}
        </Anchor>
      </Stack>
    </Center>
  );
}

/**
 * The admin's full-screen QR of a work location (decision 0044): a screen at the entrance, a new code every
 * 30 s. For the company admin's session only; a visitor goes to the login and comes back.
 */
export function QrScreenPage() {
  const { t } = useTranslation('common');
  const session = useSession();
  const location = useLocation();
  const { locationId = '' } = useParams();
  if (session.isPending) return <FullPageLoader label={t('status.verifyingAuth')} />;
  if (!session.data) return <Navigate to="/login" replace state={{ from: `${location.pathname}${location.search}` }} />;
  if (session.data.role !== 'COMPANY_ADMIN') return <Navigate to="/" replace />;
  return (
    <main>
      <Screen locationId={locationId} />
    </main>
  );
}
