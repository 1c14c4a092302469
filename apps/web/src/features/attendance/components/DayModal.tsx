import { Alert, Button, Group, Modal, SimpleGrid, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import { IconAlertCircle, IconCalendar, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DayInput, formatDay } from '../../../components/DayInput';
import { applyServerErrors } from '../../../lib/forms';
import { errorMessage, translateMessage, useMessage } from '../../../lib/messages';
import { notify } from '../../../lib/notify';
import { TimeField } from '../../schedules/components/TimeField';
import { type CalendarDay, type CalendarRow, scheduleOn, useAttendanceRecord, useCreateAttendance, useDeleteAttendance, useUpdateAttendance } from '../api';
import { type DayFormValues, dayBody, initialDayValues, permissionValues, validateDay } from './dayForm';
import { RecordInfo } from './RecordInfo';

export interface DayTarget {
  row: CalendarRow;
  day: CalendarDay;
}

interface DayModalProps {
  target: DayTarget | null;
  timezone: string;
  /** The company's local day: the latest day a record may be created for. */
  today: string;
  onClose: () => void;
}

const EMPTY: DayFormValues = { employeeId: '', date: null, checkIn: '', checkOut: '', notes: '', isPermission: false, unpaid: false, reason: '' };

/** Create, edit or delete one day's record by hand (spec §2, §4, §5); every change needs a reason. */
export function DayModal({ target, timezone, today, onClose }: DayModalProps) {
  const { t } = useTranslation('dashboard');
  const message = useMessage();
  const record = target?.day.attendance ?? null;
  const full = useAttendanceRecord(target?.row.employeeId ?? '', target?.day.date ?? '', !!record);
  const create = useCreateAttendance();
  const update = useUpdateAttendance();
  const remove = useDeleteAttendance();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<DayFormValues>({ mode: 'controlled', initialValues: EMPTY, validate: (values) => validateDay(values, target?.row.schedule ?? null) });

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when another day is opened
  useEffect(() => {
    if (!target) return;
    form.setValues(initialDayValues(target.row.employeeId, target.day.date, target.day.attendance, timezone));
    form.clearErrors();
    setServerError(null);
  }, [target]);

  // The full record says whether a permission is without pay (the calendar cell does not carry it).
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the full record arrives
  useEffect(() => {
    if (full.data && form.values.unpaid === null) form.setFieldValue('unpaid', full.data.permissionUnpaid ?? false);
  }, [full.data]);

  const field = (name: keyof DayFormValues) => ({ ...form.getInputProps(name), error: message(form.errors[name] as string | undefined) });

  const onError = (error: unknown, fallback: string) => {
    applyServerErrors(form, error);
    const text = errorMessage(t, error, fallback);
    setServerError(text);
    notify.error(text);
  };

  const done = (msg: string | undefined, fallback: string) => {
    notify.success(msg ?? fallback);
    onClose();
  };

  const submit = form.onSubmit((values) => {
    setServerError(null);
    const body = dayBody(values);
    if (record) {
      update.mutate(
        { id: record.id, body },
        { onSuccess: (m) => done(m, t('attendance.success.updated')), onError: (e) => onError(e, t('attendance.errors.update')) },
      );
    } else {
      create.mutate(body, { onSuccess: (m) => done(m, t('attendance.success.created')), onError: (e) => onError(e, t('attendance.errors.create')) });
    }
  });

  const askDelete = () => {
    if (!record || !target) return;
    const reason = form.values.reason.trim();
    if (!reason) return form.setFieldError('reason', 'attendance.reasonRequired');
    modals.openConfirmModal({
      title: t('attendance.delete.title'),
      children: <Text size="sm">{t('attendance.delete.message', { name: target.row.employeeName, date: formatDay(target.day.date) })}</Text>,
      labels: { confirm: t('attendance.delete.confirm'), cancel: t('attendance.actions.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(
          { id: record.id, reason },
          { onSuccess: (m) => done(m, t('attendance.success.deleted')), onError: (e) => onError(e, t('attendance.errors.delete')) },
        ),
    });
  };

  const togglePermission = (on: boolean) => {
    form.setValues(
      permissionValues(form.values, on, target ? scheduleOn(target.row, target.day.date) : null, translateMessage(t, 'attendance.permissionNote')),
    );
    form.clearFieldError('checkIn');
  };

  const pending = create.isPending || update.isPending || remove.isPending;
  const title = target ? `${target.row.employeeName} · ${formatDay(target.day.date)}` : '';

  return (
    <Modal opened={target !== null} onClose={onClose} title={title} size="lg" centered>
      {target && (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              {record ? t('attendance.modal.editHint') : t('attendance.modal.createHint')}
            </Text>
            <RecordInfo day={target.day} schedule={scheduleOn(target.row, target.day.date)} record={full.data ?? record} />
            {serverError && (
              <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
                {serverError}
              </Alert>
            )}
            {!record && (
              <DayInput label={t('attendance.modal.date')} leftSection={<IconCalendar size={16} />} maxDate={today} withAsterisk clearable {...field('date')} />
            )}
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
              <TimeField label={t('attendance.modal.checkIn')} withAsterisk={!form.values.isPermission} clearable {...field('checkIn')} />
              <TimeField label={t('attendance.modal.checkOut')} clearable {...field('checkOut')} />
            </SimpleGrid>
            <Text size="xs" c="dimmed" mt={-8}>
              {t('attendance.modal.timezoneHint', { timezone })}
            </Text>
            <Switch
              label={t('attendance.modal.permission')}
              description={t('attendance.modal.permissionHint')}
              checked={form.values.isPermission}
              onChange={(e) => togglePermission(e.currentTarget.checked)}
            />
            {form.values.isPermission && (
              <Switch
                label={t('attendance.modal.unpaid')}
                description={t('attendance.modal.unpaidHint')}
                checked={form.values.unpaid === true}
                disabled={form.values.unpaid === null}
                onChange={(e) => form.setFieldValue('unpaid', e.currentTarget.checked)}
              />
            )}
            <Textarea label={t('attendance.modal.notes')} rows={2} maxLength={500} {...field('notes')} />
            <TextInput
              label={t('attendance.modal.reason')}
              placeholder={t('attendance.modal.reasonPlaceholder')}
              description={t('attendance.modal.reasonHint')}
              withAsterisk
              maxLength={500}
              {...field('reason')}
            />
            <Group justify="space-between" gap="sm">
              {record ? (
                <Button variant="subtle" color="red" leftSection={<IconTrash size={16} />} onClick={askDelete} disabled={pending}>
                  {t('attendance.actions.delete')}
                </Button>
              ) : (
                <span />
              )}
              <Group gap="sm">
                <Button variant="default" onClick={onClose} disabled={pending}>
                  {t('attendance.actions.cancel')}
                </Button>
                <Button type="submit" loading={create.isPending || update.isPending}>
                  {record ? t('attendance.actions.save') : t('attendance.actions.create')}
                </Button>
              </Group>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
