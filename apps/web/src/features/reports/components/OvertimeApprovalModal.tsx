import { Group, Modal, Stack, Switch, Text } from '@mantine/core';
import type { PayrollLineDto } from '@presente/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../../components/DayInput';
import { api } from '../../../lib/api';
import { errorMessage } from '../../../lib/messages';
import { notify } from '../../../lib/notify';

/** One worker's days with overtime in the period, each approved or not (decision 0059): approved hours are paid in their bands. */
export function OvertimeApprovalModal({ line, onClose }: { line: PayrollLineDto | null; onClose: () => void }) {
  const { t } = useTranslation('dashboard');
  const queryClient = useQueryClient();
  const approve = useMutation({
    mutationFn: (body: { employeeId: string; date: string; approved: boolean }) => api.put<null>('/company-admin-simple/payroll/overtime-approvals', body),
    onSuccess: (res) => {
      notify.success(res.message ?? '');
      return queryClient.invalidateQueries({ queryKey: ['report', 'payroll'] });
    },
    onError: (err) => notify.error(errorMessage(t, err, t('reports.payroll.overtime.error'))),
  });
  return (
    <Modal opened={!!line} onClose={onClose} title={line ? t('reports.payroll.overtime.title', { name: line.name }) : ''} centered>
      {line && (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('reports.payroll.overtime.hint')}
          </Text>
          {line.overtimeDays.map((d) => (
            <Group key={d.date} justify="space-between" wrap="nowrap">
              <Text size="sm">
                {formatDay(d.date)} · {t('reports.payroll.overtime.hours', { hours: d.hours })}
              </Text>
              <Switch
                label={t('reports.payroll.overtime.approved')}
                checked={d.approved}
                disabled={approve.isPending}
                onChange={(e) => approve.mutate({ employeeId: line.employeeId, date: d.date, approved: e.currentTarget.checked })}
              />
            </Group>
          ))}
        </Stack>
      )}
    </Modal>
  );
}
