import { Alert, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { toLocal } from '@presente/shared';
import { IconAlertCircle, IconCalendarOff } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pagination } from '../../../components/Pagination';
import { useNow } from '../../../lib/useNow';
import { useCompanyConfig } from '../../auth/CompanyConfigContext';
import { DisputedChanges } from '../../manual-changes/DisputedChanges';
import { PunchReviews } from '../../punch-reviews/PunchReviews';
import { type CalendarDay, type CalendarFilters, type CalendarRow, useMonthlyCalendar } from '../api';
import { type AttendanceFilterState, AttendanceFilters } from '../components/AttendanceFilters';
import { CalendarCards } from '../components/CalendarCards';
import { CalendarGrid } from '../components/CalendarGrid';
import { DayModal, type DayTarget } from '../components/DayModal';
import { ExportMenu } from '../components/ExportMenu';
import { StatusLegend } from '../components/StatusLegend';

const NAME_DEBOUNCE_MS = 300;

/**
 * Attendance tab (spec §2): the monthly calendar of the company's employees with filters, legend,
 * paging, a day modal to create/edit/delete records and the month's exports. The calendar refreshes
 * on the realtime attendance_update event (RealtimeConnection invalidates the 'attendance' queries).
 */
export function AttendanceTab() {
  const { t } = useTranslation('dashboard');
  const { timezone } = useCompanyConfig();
  const mobile = useMediaQuery('(max-width: 47.99em)') ?? false;
  const now = useNow(60_000);
  const today = toLocal(now, timezone).date;
  const [filters, setFilters] = useState<AttendanceFilterState>(() => ({
    employee: null,
    employeeText: '',
    departmentId: '',
    position: '',
    month: Number(today.slice(5, 7)),
    year: Number(today.slice(0, 4)),
  }));
  const [debouncedText] = useDebouncedValue(filters.employeeText, NAME_DEBOUNCE_MS);
  const [page, setPage] = useState(1);
  const [target, setTarget] = useState<DayTarget | null>(null);

  const query: CalendarFilters = useMemo(
    () => ({
      employeeId: filters.employee?.id ?? '',
      employeeName: filters.employee ? '' : debouncedText.trim().length >= 2 ? debouncedText : '',
      departmentId: filters.departmentId,
      position: filters.position,
      month: filters.month,
      year: filters.year,
    }),
    [filters.employee, debouncedText, filters.departmentId, filters.position, filters.month, filters.year],
  );
  const calendar = useMonthlyCalendar(query, page);

  // biome-ignore lint/correctness/useExhaustiveDependencies: new filters start at page 1
  useEffect(() => setPage(1), [query]);
  useEffect(() => {
    if (calendar.data && page > calendar.data.pages) setPage(calendar.data.pages);
  }, [calendar.data, page]);

  // Keep an open day in step with refreshed data (another admin or a punch changed it).
  useEffect(() => {
    if (!target || !calendar.data) return;
    const row = calendar.data.rows.find((r) => r.employeeId === target.row.employeeId);
    const day = row?.days.find((d) => d.date === target.day.date);
    if (row && day && day !== target.day && day.attendance?.id !== target.day.attendance?.id) setTarget({ row, day });
  }, [calendar.data, target]);

  const openDay = (row: CalendarRow, day: CalendarDay) => setTarget({ row, day });
  const rows = calendar.data?.rows ?? [];

  return (
    <Stack gap="md">
      <DisputedChanges />
      <PunchReviews />
      <Paper withBorder p="md" radius="lg">
        <Stack gap="sm">
          <Group justify="space-between" align="flex-start" gap="sm">
            <div>
              <Text fw={700}>{t('attendance.title')}</Text>
              <Text size="sm" c="dimmed">
                {t('attendance.subtitle')}
              </Text>
            </div>
            <ExportMenu filters={query} timezone={timezone} />
          </Group>
          <AttendanceFilters value={filters} onChange={(next) => setFilters((f) => ({ ...f, ...next }))} />
        </Stack>
      </Paper>

      <Paper withBorder px="md" py="sm" radius="lg">
        <StatusLegend />
      </Paper>

      {calendar.isPending ? (
        <Group justify="center" py="xl">
          <Loader />
        </Group>
      ) : calendar.isError ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
          <Group justify="space-between">
            <Text size="sm">{t('attendance.loadError')}</Text>
            <Button size="xs" variant="light" color="red" onClick={() => calendar.refetch()}>
              {t('attendance.actions.retry')}
            </Button>
          </Group>
        </Alert>
      ) : rows.length === 0 ? (
        <Paper withBorder p="xl" radius="lg">
          <Stack align="center" gap="xs">
            <IconCalendarOff size={36} color="var(--mantine-color-gray-5)" />
            <Text fw={600}>{t('attendance.empty')}</Text>
            <Text size="sm" c="dimmed" ta="center">
              {t('attendance.emptyHint')}
            </Text>
          </Stack>
        </Paper>
      ) : mobile ? (
        <CalendarCards rows={rows} timezone={timezone} today={today} onOpenDay={openDay} />
      ) : (
        <Paper withBorder p="xs" radius="lg" style={{ opacity: calendar.isPlaceholderData ? 0.6 : 1 }}>
          <CalendarGrid rows={rows} timezone={timezone} today={today} onOpenDay={openDay} />
        </Paper>
      )}

      <Pagination page={page} total={calendar.data?.pages ?? 1} onChange={setPage} />

      <DayModal target={target} timezone={timezone} today={today} onClose={() => setTarget(null)} />
    </Stack>
  );
}
