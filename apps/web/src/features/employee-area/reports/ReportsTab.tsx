import { Group, Loader, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { monthRange } from '@presente/shared';
import { IconReportAnalytics } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/LoadError';
import { useCompanyConfig } from '../../auth/CompanyConfigContext';
import { useAvailableYears, useEmployeeProfile, useOwnReport } from '../api';
import { EmptyState } from '../components/EmptyState';
import { RecordsTable } from '../components/RecordsTable';
import { localDay } from '../format';
import { serverNow } from '../serverClock';
import { ReportExportMenu } from './ReportExportMenu';
import { ReportStats } from './ReportStats';
import { reportRecords } from './reportExport';

/**
 * Reports tab (spec §2): year and month (or all months), the period's figures, its records and the export, all from the
 * one report the server computes (GET /employee/attendance/report, the admin's computation; decision 0055).
 */
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
  const range = month ? monthRange(year, month) : { start: `${year}-01-01`, end: `${year}-12-31` };
  const report = useOwnReport({ startDate: range.start, endDate: range.end });

  const monthNames = t('employeeArea.months', { returnObjects: true }) as string[];
  const yearOptions = [...new Set([...(years.data ?? []), year])].sort((a, b) => b - a).map(String);
  const periodLabel = month ? `${monthNames[month - 1]} ${year}` : r('wholeYear', { year });
  const records = report.data ? reportRecords(report.data) : null;
  const file = report.data && profile.data ? { report: report.data, company: profile.data.company.name, periodLabel } : null;

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
          <ReportExportMenu file={file} />
        </Group>
      </Paper>

      {report.isError ? (
        <LoadError message={r('loadError')} onRetry={() => report.refetch()} />
      ) : report.data ? (
        <ReportStats report={report.data} />
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
          {records && records.length > 0 && (
            <Text size="sm" c="dimmed">
              {r('recordsCount', { count: records.length })}
            </Text>
          )}
        </Group>
        {report.isError ? null : !records ? (
          <Group justify="center" py="lg">
            <Loader />
          </Group>
        ) : records.length === 0 ? (
          <EmptyState icon={IconReportAnalytics} title={t('employeeArea.records.empty')} hint={r('emptyHint')} />
        ) : (
          <Paper withBorder p={mobile ? 0 : 'xs'} radius="lg" bg={mobile ? 'transparent' : undefined} style={mobile ? { border: 0 } : undefined}>
            <RecordsTable records={records} timezone={timezone} mobile={mobile} />
          </Paper>
        )}
      </Stack>
    </Stack>
  );
}
