import { Alert, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { IconAlertCircle, IconCalendarTime, IconPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pagination } from '../../../components/Pagination';
import { UpgradePrompt } from '../../../components/UpgradePrompt';
import { errorMessage } from '../../../lib/messages';
import { notify } from '../../../lib/notify';
import { isAtLimit, useCompanySettings } from '../../plan-usage/api';
import { useUpgradePrompt } from '../../plan-usage/useUpgradePrompt';
import { type Schedule, useDeleteSchedule, useSchedules } from '../api';
import { ScheduleFormModal } from '../components/ScheduleFormModal';
import { ScheduleList } from '../components/ScheduleList';

/** Schedules tab (spec §2): table of the company's shifts, create/edit modal, upgrade prompt on the free plan. */
export function SchedulesTab() {
  const { t } = useTranslation(['dashboard', 'common']);
  const mobile = useMediaQuery('(max-width: 47.99em)') ?? false;
  const [page, setPage] = useState(1);
  const [form, setForm] = useState<{ schedule: Schedule | null } | null>(null);
  const list = useSchedules(page);
  const settings = useCompanySettings();
  const upgrade = useUpgradePrompt(settings.data);
  const remove = useDeleteSchedule();

  useEffect(() => {
    if (list.data && page > list.data.pages) setPage(list.data.pages);
  }, [list.data, page]);

  const usage = settings.data?.usage.schedules;
  const openCreate = () => {
    if (usage && isAtLimit(usage)) return upgrade.show('schedules', usage.limit);
    setForm({ schedule: null });
  };
  const onPlanLimit = (error: unknown) => {
    if (!upgrade.showIfLimitError(error, 'schedules')) return false;
    setForm(null);
    void settings.refetch();
    return true;
  };

  const confirmDelete = (s: Schedule) =>
    modals.openConfirmModal({
      title: t('schedules.delete.title'),
      children: <Text size="sm">{t('schedules.delete.message', { name: s.name })}</Text>,
      labels: { confirm: t('schedules.actions.delete'), cancel: t('schedules.actions.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(s.id, {
          onSuccess: (message) => notify.success(message ?? t('schedules.success.deleted')),
          onError: (error) => notify.error(errorMessage(t, error, t('schedules.errors.delete'))),
        }),
    });

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" gap="sm">
        <Text c="dimmed" size="sm" maw={640}>
          {t('schedules.intro')}
        </Text>
        <Button leftSection={<IconPlus size={16} />} onClick={openCreate}>
          {t('schedules.new')}
        </Button>
      </Group>

      {list.isPending ? (
        <Group justify="center" py="xl">
          <Loader />
        </Group>
      ) : list.isError ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
          <Group justify="space-between">
            <Text size="sm">{t('schedules.loadError')}</Text>
            <Button size="xs" variant="light" color="red" onClick={() => list.refetch()}>
              {t('common:actions.retry')}
            </Button>
          </Group>
        </Alert>
      ) : list.data.schedules.length === 0 ? (
        <Paper withBorder p="xl" radius="lg">
          <Stack align="center" gap="xs">
            <IconCalendarTime size={36} color="var(--mantine-color-gray-5)" />
            <Text fw={600}>{t('schedules.empty')}</Text>
            <Text size="sm" c="dimmed" ta="center">
              {t('schedules.emptyHint')}
            </Text>
          </Stack>
        </Paper>
      ) : (
        <Paper withBorder p={mobile ? 0 : 'xs'} radius="lg" bg={mobile ? 'transparent' : undefined} style={mobile ? { border: 0 } : undefined}>
          <ScheduleList schedules={list.data.schedules} mobile={mobile} onEdit={(s) => setForm({ schedule: s })} onDelete={confirmDelete} />
        </Paper>
      )}

      <Pagination page={page} total={list.data?.pages ?? 1} onChange={setPage} />

      <ScheduleFormModal opened={form !== null} schedule={form?.schedule ?? null} onClose={() => setForm(null)} onPlanLimit={onPlanLimit} />
      <UpgradePrompt {...upgrade.props} />
    </Stack>
  );
}
