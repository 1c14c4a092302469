import { Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconBuildingSkyscraper, IconClipboardCheck, IconRefresh, IconUserCheck, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatClockWithZone } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { errorMessage } from '../../../lib/messages';
import { useSuperAdminDashboard } from '../api';
import { LoadError } from '../components/LoadError';
import { StatCard } from '../components/StatCard';
import { SystemStatusCard } from '../components/SystemStatusCard';

/** Super admin overview (spec §2): platform totals and the system status block, refreshable. */
export function SuperAdminOverviewTab() {
  const { t } = useTranslation(['dashboard', 'common']);
  const query = useSuperAdminDashboard();
  const lang = currentLanguage();
  const locale = lang === 'es' ? 'es-PE' : 'en-US';
  const data = query.data;
  const loading = query.isPending;
  const activePercent = data && data.totalEmployees > 0 ? Math.round((data.activeEmployees / data.totalEmployees) * 100) : null;
  // 24-hour with its zone (walk-through finding 18: "06:28 p. m." read as local time while it was UTC).
  const updatedAt = query.dataUpdatedAt ? formatClockWithZone(new Date(query.dataUpdatedAt), locale) : '';

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={2} fz={{ base: 'lg', sm: 'xl' }}>
            {t('superAdmin.overview.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('superAdmin.overview.subtitle')}
            {data && updatedAt ? ` · ${t('superAdmin.overview.updatedAt', { time: updatedAt })}` : ''}
          </Text>
        </div>
        <Button
          variant="default"
          leftSection={<IconRefresh size={16} />}
          onClick={() => query.refetch()}
          loading={query.isFetching && !loading}
          disabled={loading}
        >
          {t('superAdmin.overview.refresh')}
        </Button>
      </Group>

      {query.isError && (
        <LoadError
          title={t('superAdmin.overview.loadError')}
          detail={errorMessage(t, query.error, '')}
          onRetry={() => query.refetch()}
          retrying={query.isFetching}
        />
      )}
      {(data || loading) && (
        <>
          <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md">
            <StatCard
              icon={IconBuildingSkyscraper}
              color="indigo"
              label={t('superAdmin.overview.cards.totalCompanies')}
              value={data?.totalCompanies}
              hint={t('superAdmin.overview.cards.totalCompaniesHint')}
              loading={loading}
              locale={locale}
            />
            <StatCard
              icon={IconUsers}
              color="cyan"
              label={t('superAdmin.overview.cards.totalUsers')}
              value={data?.totalEmployees}
              hint={t('superAdmin.overview.cards.totalUsersHint')}
              loading={loading}
              locale={locale}
            />
            <StatCard
              icon={IconUserCheck}
              color="teal"
              label={t('superAdmin.overview.cards.activeUsers')}
              value={data?.activeEmployees}
              hint={
                activePercent === null
                  ? t('superAdmin.overview.cards.activeUsersHintEmpty')
                  : t('superAdmin.overview.cards.activeUsersHint', { percent: activePercent })
              }
              loading={loading}
              locale={locale}
            />
            <StatCard
              icon={IconClipboardCheck}
              color="grape"
              label={t('superAdmin.overview.cards.attendances')}
              value={data?.totalAttendances}
              hint={t('superAdmin.overview.cards.attendancesHint')}
              loading={loading}
              locale={locale}
            />
          </SimpleGrid>
          <SystemStatusCard system={data?.system} loading={loading} />
        </>
      )}
    </Stack>
  );
}
