import { Alert, Button, Group, Loader, Paper, Select, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconAlertCircle, IconBeach, IconPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../../components/DayInput';
import { Pagination } from '../../../components/Pagination';
import { errorMessage } from '../../../lib/messages';
import { notify } from '../../../lib/notify';
import { useIsMobile } from '../../../lib/useIsMobile';
import { useCompanyConfig } from '../../auth/CompanyConfigContext';
import { type Holiday, useDeleteHoliday, useHolidays } from '../api';
import { HolidayFormModal } from '../components/HolidayFormModal';
import { HolidayList } from '../components/HolidayList';

/** The current year in the company's timezone. */
function currentYear(timezone: string): number {
  try {
    return Number(new Intl.DateTimeFormat('en-US', { year: 'numeric', timeZone: timezone }).format(new Date()));
  } catch {
    return new Date().getUTCFullYear();
  }
}

/** Holidays tab (spec §2): filters by year (current ±2) and month, table, create/edit modal. */
export function HolidaysTab() {
  const { t } = useTranslation(['dashboard', 'common']);
  const { timezone } = useCompanyConfig();
  const mobile = useIsMobile();
  const thisYear = currentYear(timezone);
  const [year, setYear] = useState(thisYear);
  const [month, setMonth] = useState<number | null>(null);
  const [page, setPage] = useState(1);
  const [form, setForm] = useState<{ holiday: Holiday | null } | null>(null);
  const list = useHolidays({ year, month, page });
  const remove = useDeleteHoliday();

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new period starts at page 1
  useEffect(() => setPage(1), [year, month]);
  useEffect(() => {
    if (list.data && page > list.data.pages) setPage(list.data.pages);
  }, [list.data, page]);

  const years = [-2, -1, 0, 1, 2].map((d) => String(thisYear + d));
  const monthNames = t('holidays.months', { returnObjects: true }) as string[];
  const months = [{ value: '', label: t('holidays.filters.allMonths') }, ...monthNames.map((name, i) => ({ value: String(i + 1), label: name }))];

  const confirmDelete = (h: Holiday) =>
    modals.openConfirmModal({
      title: t('holidays.delete.title'),
      children: <Text size="sm">{t('holidays.delete.message', { name: h.name, date: formatDay(h.date) })}</Text>,
      labels: { confirm: t('holidays.actions.delete'), cancel: t('holidays.actions.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(h.id, {
          onSuccess: (message) => notify.success(message ?? t('holidays.success.deleted')),
          onError: (error) => notify.error(errorMessage(t, error, t('holidays.errors.delete'))),
        }),
    });

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Group gap="sm" align="flex-end">
          <Select
            label={t('holidays.filters.year')}
            data={years}
            value={String(year)}
            onChange={(v) => v && setYear(Number(v))}
            allowDeselect={false}
            w={120}
          />
          <Select
            label={t('holidays.filters.month')}
            data={months}
            value={month ? String(month) : ''}
            onChange={(v) => setMonth(v ? Number(v) : null)}
            allowDeselect={false}
            w={170}
          />
        </Group>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setForm({ holiday: null })}>
          {t('holidays.new')}
        </Button>
      </Group>

      {list.isPending ? (
        <Group justify="center" py="xl">
          <Loader />
        </Group>
      ) : list.isError ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
          <Group justify="space-between">
            <Text size="sm">{t('holidays.loadError')}</Text>
            <Button size="xs" variant="light" color="red" onClick={() => list.refetch()}>
              {t('common:actions.retry')}
            </Button>
          </Group>
        </Alert>
      ) : list.data.holidays.length === 0 ? (
        <Paper withBorder p="xl" radius="lg">
          <Stack align="center" gap="xs">
            <IconBeach size={36} color="var(--mantine-color-gray-5)" />
            <Text fw={600}>{t('holidays.empty')}</Text>
            <Text size="sm" c="dimmed" ta="center">
              {t('holidays.emptyHint')}
            </Text>
          </Stack>
        </Paper>
      ) : (
        <Paper withBorder p={mobile ? 0 : 'xs'} radius="lg" bg={mobile ? 'transparent' : undefined} style={mobile ? { border: 0 } : undefined}>
          <HolidayList holidays={list.data.holidays} mobile={mobile} onEdit={(h) => setForm({ holiday: h })} onDelete={confirmDelete} />
        </Paper>
      )}

      <Pagination page={page} total={list.data?.pages ?? 1} onChange={setPage} />

      <HolidayFormModal opened={form !== null} holiday={form?.holiday ?? null} onClose={() => setForm(null)} />
    </Stack>
  );
}
