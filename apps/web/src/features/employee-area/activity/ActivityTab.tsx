import { Group, Loader, Stack, Text } from '@mantine/core';
import { IconActivity, IconCalendarSearch } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/LoadError';
import { Pagination } from '../../../components/Pagination';
import { useCompanyConfig } from '../../auth/CompanyConfigContext';
import { useActivity } from '../api';
import { EmptyState } from '../components/EmptyState';
import { localDay } from '../format';
import { serverNow } from '../serverClock';
import type { Activity } from '../types';
import { ActivityDetailModal } from './ActivityDetailModal';
import { type ActivityFilterState, ActivityFilters } from './ActivityFilters';
import { ActivityList } from './ActivityList';
import { periodRange } from './period';

/** Activity tab (spec §2): Tipo and Período filters, the paginated feed (10) and a detail modal per activity. */
export function ActivityTab() {
  const { t } = useTranslation('employee');
  const { timezone } = useCompanyConfig();
  const today = localDay(serverNow(), timezone);
  const [filters, setFilters] = useState<ActivityFilterState>({ filter: 'all', period: 'all', custom: { from: null, to: null } });
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<Activity | null>(null);
  const range = periodRange(filters.period, today, filters.custom);
  const activity = useActivity({ filter: filters.filter, page, ...(range ?? {}) }, range !== null);

  const changeFilters = (next: ActivityFilterState) => {
    setFilters(next);
    setPage(1);
  };
  useEffect(() => {
    if (activity.data && page > activity.data.pages) setPage(activity.data.pages);
  }, [activity.data, page]);

  let content: ReactNode;
  if (range === null) {
    content = <EmptyState icon={IconCalendarSearch} title={t('employeeArea.activity.pickRange')} hint={t('employeeArea.activity.pickRangeHint')} />;
  } else if (activity.isPending) {
    content = (
      <Group justify="center" py="xl">
        <Loader />
      </Group>
    );
  } else if (activity.isError) {
    content = <LoadError message={t('employeeArea.activity.loadError')} onRetry={() => activity.refetch()} />;
  } else if (activity.data.activities.length === 0) {
    content = <EmptyState icon={IconActivity} title={t('employeeArea.activity.empty')} hint={t('employeeArea.activity.emptyHint')} />;
  } else {
    content = (
      <Stack gap={0}>
        <Text size="sm" c="dimmed" mb="xs">
          {t('employeeArea.activity.count', { count: activity.data.total })}
        </Text>
        <ActivityList activities={activity.data.activities} timezone={timezone} onOpen={setOpen} />
        <Pagination page={page} total={activity.data.pages} onChange={setPage} disabled={activity.isFetching} />
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <ActivityFilters value={filters} today={today} onChange={changeFilters} />
      {content}
      <ActivityDetailModal activity={open} timezone={timezone} onClose={() => setOpen(null)} />
    </Stack>
  );
}
