import { Group, Loader, Paper, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconHistory } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/LoadError';
import { Pagination } from '../../../components/Pagination';
import { useCompanyConfig } from '../../auth/CompanyConfigContext';
import { ManualChangesCard } from '../../manual-changes/ManualChangesCard';
import { ReceiptsCard } from '../../receipts/ReceiptsCard';
import { useAttendanceHistory } from '../api';
import { EmptyState } from '../components/EmptyState';
import { RecordsTable } from '../components/RecordsTable';

/** History tab (spec §2): the employee's manual changes to answer (decision 0039), their punch receipts (decision 0053), then their records, newest first, 10 per page; cards on mobile. */
export function HistoryTab() {
  const { t } = useTranslation('employee');
  const { timezone } = useCompanyConfig();
  const mobile = useMediaQuery('(max-width: 47.99em)') ?? false;
  const [page, setPage] = useState(1);
  const history = useAttendanceHistory(page);

  useEffect(() => {
    if (history.data && page > history.data.pages) setPage(history.data.pages);
  }, [history.data, page]);

  if (history.isPending) {
    return (
      <Group justify="center" py="xl">
        <Loader />
      </Group>
    );
  }
  if (history.isError) return <LoadError message={t('employeeArea.history.loadError')} onRetry={() => history.refetch()} />;
  if (history.data.records.length === 0) {
    return (
      <Stack gap={0}>
        <ManualChangesCard />
        <ReceiptsCard />
        <EmptyState icon={IconHistory} title={t('employeeArea.history.empty')} hint={t('employeeArea.history.emptyHint')} />
      </Stack>
    );
  }
  return (
    <Stack gap={0}>
      <ManualChangesCard />
      <ReceiptsCard />
      <Paper withBorder p={mobile ? 0 : 'xs'} radius="lg" bg={mobile ? 'transparent' : undefined} style={mobile ? { border: 0 } : undefined}>
        <RecordsTable records={history.data.records} timezone={timezone} mobile={mobile} />
      </Paper>
      <Pagination page={page} total={history.data.pages} onChange={setPage} disabled={history.isFetching} />
    </Stack>
  );
}
