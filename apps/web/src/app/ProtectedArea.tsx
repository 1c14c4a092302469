import { Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { homePathFor, roleToArea } from '@presente/shared';
import { IconWifiOff } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { FullPageLoader } from '../components/FullPageLoader';
import { useSession } from '../features/auth/api';
import type { Area } from '../features/dashboard/tab-types';
import { loadNamespaces, NAMESPACES } from '../lib/i18n';

// A lapsed company's admin sees only the register export (decision 0034).
const RegisterOnlyPage = lazy(async () => {
  const [page] = await Promise.all([import('../features/register/RegisterOnlyPage'), loadNamespaces(['dashboard', 'common', 'messages'])]);
  return { default: page.RegisterOnlyPage };
});

// The areas read every namespace (tabs mix them): they load with the layout, in the current language only.
const DashboardLayout = lazy(async () => {
  const [layout] = await Promise.all([import('../features/dashboard/components/DashboardLayout'), loadNamespaces(NAMESPACES)]);
  return layout;
});

/**
 * Guard of /super-admin/*, /company-admin/*, /employee/*: verifies the session first ('Verificando autenticación...'),
 * sends visitors to /login and users of another role to their own area (roles compared as URL areas, spec §2).
 */
export function ProtectedArea({ area }: { area: Area }) {
  const { t } = useTranslation();
  const session = useSession();
  const location = useLocation();

  if (session.isPending) return <FullPageLoader label={t('status.verifyingAuth')} />;

  if (session.isError) {
    return (
      <Center mih="100dvh" p="md">
        <Stack align="center" gap="sm" maw={420} ta="center">
          <ThemeIcon size={56} radius="xl" variant="light" color="orange">
            <IconWifiOff size={28} />
          </ThemeIcon>
          <Title order={3}>{t('status.sessionError')}</Title>
          <Text c="dimmed">{t('status.sessionErrorHint')}</Text>
          <Button mt="sm" onClick={() => void session.refetch()} loading={session.isFetching}>
            {t('actions.retry')}
          </Button>
        </Stack>
      </Center>
    );
  }

  const user = session.data;
  if (!user) return <Navigate to="/login" replace state={{ from: `${location.pathname}${location.search}` }} />;
  if (roleToArea(user.role) !== area) return <Navigate to={homePathFor(user.role)} replace />;
  if (user.access === 'register_only') {
    return (
      <Suspense fallback={<FullPageLoader label={t('status.loading')} />}>
        <RegisterOnlyPage />
      </Suspense>
    );
  }

  return (
    <Suspense fallback={<FullPageLoader label={t('status.loading')} />}>
      <DashboardLayout area={area} user={user} />
    </Suspense>
  );
}
