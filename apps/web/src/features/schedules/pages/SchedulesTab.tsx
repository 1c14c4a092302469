import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconCalendarTime, IconPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pagination } from '../../../components/Pagination';
import { EmptyState, QueryState } from '../../../components/QueryState';
import { UpgradePrompt } from '../../../components/UpgradePrompt';
import { errorMessage } from '../../../lib/messages';
import { notify } from '../../../lib/notify';
import { useIsMobile } from '../../../lib/useIsMobile';
import { useCompanySettings } from '../../plan-usage/api';
import { useUpgradePrompt } from '../../plan-usage/useUpgradePrompt';
import { type Schedule, useDeleteSchedule, useSchedules } from '../api';
import { ScheduleFormModal } from '../components/ScheduleFormModal';
import { ScheduleList } from '../components/ScheduleList';

/** Schedules tab (spec §2): table of the company's shifts, create/edit modal, upgrade prompt on the free plan. */
export function SchedulesTab() {
  const { t } = useTranslation(['dashboard', 'common']);
  const mobile = useIsMobile();
  const [page, setPage] = useState(1);
  const [form, setForm] = useState<{ schedule: Schedule | null } | null>(null);
  const list = useSchedules(page);
  const settings = useCompanySettings();
  const upgrade = useUpgradePrompt(settings.data);
  const remove = useDeleteSchedule();

  useEffect(() => {
    if (list.data && page > list.data.pages) setPage(list.data.pages);
  }, [list.data, page]);

  const openCreate = () => void upgrade.guard('schedules', () => setForm({ schedule: null }));
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
        <Button leftSection={<IconPlus size={16} />} onClick={openCreate} loading={upgrade.checking}>
          {t('schedules.new')}
        </Button>
      </Group>

      <QueryState
        query={list}
        loadError={t('schedules.loadError')}
        isEmpty={(data) => data.schedules.length === 0}
        empty={<EmptyState icon={IconCalendarTime} title={t('schedules.empty')} hint={t('schedules.emptyHint')} />}
      >
        {(data) => (
          <Paper withBorder p={mobile ? 0 : 'xs'} radius="lg" bg={mobile ? 'transparent' : undefined} style={mobile ? { border: 0 } : undefined}>
            <ScheduleList schedules={data.schedules} mobile={mobile} onEdit={(s) => setForm({ schedule: s })} onDelete={confirmDelete} />
          </Paper>
        )}
      </QueryState>

      <Pagination page={page} total={list.data?.pages ?? 1} onChange={setPage} />

      <ScheduleFormModal opened={form !== null} schedule={form?.schedule ?? null} onClose={() => setForm(null)} onPlanLimit={onPlanLimit} />
      <UpgradePrompt {...upgrade.props} />
    </Stack>
  );
}
