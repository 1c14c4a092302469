import { Group, Loader, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { monthRange } from '@presente/shared';
import { IconReportAnalytics } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/LoadError';
import { useCompanyConfig } from '../../auth/CompanyConfigContext';
import { useAttendanceStats, useAvailableYears, useEmployeeProfile, useReportRecords } from '../api';
import { EmptyState } from '../components/EmptyState';
import { RecordsTable } from '../components/RecordsTable';
import { localDay } from '../format';
import { serverNow } from '../serverClock';
import { ReportExportMenu } from './ReportExportMenu';
import { ReportStats } from './ReportStats';

/** Reports tab (spec §2): year and month (or all months), the period's figures, its records and the export. */
export function ReportsTab() {
  const { t } = useTranslation(['employee', 'common']);
  const { timezone } = useCompanyConfig();
  const mobile = useMediaQuery('(max-width: 47.99em)') ?? false;
  const today = localDay(serverNow(), timezone);
  const [year, setYear] = useState(Number(today.slice(0, 4)));
  const [month, setMonth] = useState<number | null>(Number(today.slice(5, 7)));
  const r = (key: string, vars?: Record<string, unknown>) => t(`employeeArea.reports.${key}`, vars);

  const years = useAvailableYears();
  const profile = useEmployeeProfile();
  const stats = useAttendanceStats(month ? { period: 'month', year, month } : { period: 'year', year });
  const range = month ? monthRange(year, month) : { start: `${year}-01-01`, end: `${year}-12-31` };
  const records = useReportRecords({ startDate: range.start, endDate: range.end });

  const monthNames = t('employeeArea.months', { returnObjects: true }) as string[];
  const yearOptions = [...new Set([...(years.data ?? []), year])].sort((a, b) => b - a).map(String);
  const periodLabel = month ? `${monthNames[month - 1]} ${year}` : r('wholeYear', { year });
  const p = profile.data;
  const report =
    p && stats.data && records.data
      ? {
          employee: {
            firstName: p.firstName,
            lastName: p.lastName,
            employeeCode: p.employeeCode,
            position: p.position,
            department: p.department?.name ?? null,
            company: p.company.name,
          },
          periodLabel,
          startDate: range.start,
          endDate: range.end,
          stats: stats.data,
          records: records.data,
          timezone,
        }
      : null;

  return (
    <Stack gap="md">
      <Paper withBorder p="md" radius="lg">
        <Group justify="space-between" align="flex-end" gap="sm">
          <Group gap="sm" align="flex-end">
            <Select label={r('year')} data={yearOptions} value={String(year)} onChange={(v) => v && setYear(Number(v))} allowDeselect={false} w={120} />
            <Select
              label={r('month')}
              data={[{ value: '', label: r('allMonths') }, ...monthNames.map((name, i) => ({ value: String(i + 1), label: name }))]}
              value={month ? String(month) : ''}
              onChange={(v) => setMonth(v ? Number(v) : null)}
              allowDeselect={false}
              w={190}
            />
          </Group>
          <ReportExportMenu report={report} />
        </Group>
      </Paper>

      {stats.isError ? (
        <LoadError message={r('loadError')} onRetry={() => stats.refetch()} />
      ) : stats.data ? (
        <ReportStats stats={stats.data} />
      ) : (
        <Group justify="center" py="lg">
          <Loader />
        </Group>
      )}

      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={2} fz="lg">
            {r('recordsTitle', { period: periodLabel })}
          </Title>
          {records.data && records.data.length > 0 && (
            <Text size="sm" c="dimmed">
              {r('recordsCount', { count: records.data.length })}
            </Text>
          )}
        </Group>
        {records.isError ? (
          <LoadError message={r('loadError')} onRetry={() => records.refetch()} />
        ) : !records.data ? (
          <Group justify="center" py="lg">
            <Loader />
          </Group>
        ) : records.data.length === 0 ? (
          <EmptyState icon={IconReportAnalytics} title={t('employeeArea.records.empty')} hint={r('emptyHint')} />
        ) : (
          <Paper withBorder p={mobile ? 0 : 'xs'} radius="lg" bg={mobile ? 'transparent' : undefined} style={mobile ? { border: 0 } : undefined}>
            <RecordsTable records={records.data} timezone={timezone} mobile={mobile} />
          </Paper>
        )}
      </Stack>
    </Stack>
  );
}
