import { Alert, Button, Group, Loader, Paper, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { toLocal } from '@presente/shared';
import { IconAlertCircle, IconUserSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../../components/DayInput';
import { useNow } from '../../../lib/useNow';
import { useAvailableYears } from '../../attendance/api';
import { useCompanyConfig } from '../../auth/CompanyConfigContext';
import type { Employee } from '../../employees/api';
import { EmployeeAutocomplete, employeeFullName } from '../../employees/components/EmployeeAutocomplete';
import { useEmployeeReport } from '../api';
import { PayrollPanel } from '../components/PayrollPanel';
import { ReportExportMenu } from '../components/ReportExportMenu';
import { ReportStats } from '../components/ReportStats';
import { ReportTable } from '../components/ReportTable';
import { type EmployeeReport, periodRange, type ReportPeriod } from '../report';

/** Reports tab (spec §2): one employee's monthly or annual report, computed by the server's read model, and its exports. */
export function ReportsTab() {
  const { t } = useTranslation('dashboard');
  const { timezone } = useCompanyConfig();
  const mobile = useMediaQuery('(max-width: 47.99em)') ?? false;
  const now = useNow(60_000);
  const today = toLocal(now, timezone).date;
  const [employee, setEmployee] = useState<Employee | null>(null);
  const [period, setPeriod] = useState<ReportPeriod>('monthly');
  const [month, setMonth] = useState(() => Number(today.slice(5, 7)));
  const [year, setYear] = useState(() => Number(today.slice(0, 4)));
  const years = useAvailableYears();
  const months = t('attendance.months', { returnObjects: true }) as string[];
  const { start, end } = periodRange(period, year, month);
  const source = useEmployeeReport(employee?.id ?? null, start, end);
  const report = useMemo<EmployeeReport | null>(
    () => (source.data && employee && source.data.employee.id === employee.id ? { ...source.data, period } : null),
    [source.data, employee, period],
  );
  const yearList = [...new Set([...(years.data ?? []), year])].sort((a, b) => b - a);

  return (
    <Stack gap="md">
      <Paper withBorder p="md" radius="lg">
        <Stack gap="sm">
          <Group justify="space-between" align="flex-start" gap="sm">
            <div>
              <Text fw={700}>{t('reports.title')}</Text>
              <Text size="sm" c="dimmed">
                {t('reports.subtitle')}
              </Text>
            </div>
            <ReportExportMenu report={report} timezone={timezone} />
          </Group>
          <Group gap="sm" align="flex-end" wrap="wrap">
            <EmployeeAutocomplete label={t('reports.filters.employee')} value={employee} onChange={setEmployee} style={{ flex: '2 1 260px' }} />
            <Stack gap={4} style={{ flex: '0 1 auto' }}>
              <Text size="sm" fw={500} id="report-period-label">
                {t('reports.filters.period')}
              </Text>
              <SegmentedControl
                aria-labelledby="report-period-label"
                value={period}
                onChange={(v) => setPeriod(v as ReportPeriod)}
                data={[
                  { value: 'monthly', label: t('reports.period.monthly') },
                  { value: 'annual', label: t('reports.period.annual') },
                ]}
              />
            </Stack>
            {period === 'monthly' && (
              <Select
                label={t('reports.filters.month')}
                data={months.map((name, i) => ({ value: String(i + 1), label: `${String(i + 1).padStart(2, '0')} - ${name}` }))}
                value={String(month)}
                onChange={(v) => v && setMonth(Number(v))}
                allowDeselect={false}
                style={{ flex: '0 1 170px' }}
              />
            )}
            <Select
              label={t('reports.filters.year')}
              data={yearList.map((y) => ({ value: String(y), label: String(y) }))}
              value={String(year)}
              onChange={(v) => v && setYear(Number(v))}
              allowDeselect={false}
              style={{ flex: '0 1 110px' }}
            />
          </Group>
        </Stack>
      </Paper>

      {!employee ? (
        <Paper withBorder p="xl" radius="lg">
          <Stack align="center" gap="xs">
            <IconUserSearch size={40} color="var(--mantine-color-gray-5)" />
            <Text fw={700}>{t('reports.empty')}</Text>
            <Text size="sm" c="dimmed" ta="center">
              {t('reports.emptyHint')}
            </Text>
          </Stack>
        </Paper>
      ) : source.isError ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
          <Group justify="space-between">
            <Text size="sm">{t('reports.loadError')}</Text>
            <Button size="xs" variant="light" color="red" onClick={() => source.refetch()}>
              {t('attendance.actions.retry')}
            </Button>
          </Group>
        </Alert>
      ) : !report ? (
        <Group justify="center" py="xl">
          <Loader />
        </Group>
      ) : (
        <>
          <Text size="sm" c="dimmed">
            {t('reports.heading', {
              name: employeeFullName(report.employee),
              code: report.employee.employeeCode,
              start: formatDay(report.startDate),
              end: formatDay(report.endDate),
            })}
          </Text>
          <ReportStats report={report} />
          <ReportTable lines={report.attendances} timezone={timezone} mobile={mobile} />
        </>
      )}
      {period === 'monthly' && <PayrollPanel from={start} to={end} mobile={mobile} />}
    </Stack>
  );
}
