import { Alert, Button, Chip, Divider, Group, Input, Modal, NumberInput, Select, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { scheduleInput } from '@presente/shared';
import { IconAlertCircle, IconMoon } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyServerErrors } from '../../../lib/forms';
import { errorMessage, useMessage } from '../../../lib/messages';
import { notify } from '../../../lib/notify';
import { type Schedule, useCreateSchedule, useUpdateSchedule, useWorkLocationOptions } from '../api';
import { TimeField } from './TimeField';

export interface ScheduleFormValues {
  name: string;
  startTime: string;
  endTime: string;
  breakStartTime: string;
  breakEndTime: string;
  workDays: string[];
  lateToleranceMinutes: number | string;
  allowEarlyCheckIn: boolean;
  earlyCheckInMinutes: number | string;
  countActualTime: boolean;
  allowManualAttendance: boolean;
  allowQrAttendance: boolean;
  isActive: boolean;
  locationId: string | null;
}

export const WEEK_DAYS = ['1', '2', '3', '4', '5', '6', '7'] as const;

/** Spec §9 defaults: Monday-Friday, tolerance 15, early check-in allowed with 30 min, actual time off, manual allowed, active. */
export const SCHEDULE_DEFAULTS: ScheduleFormValues = {
  name: '',
  startTime: '',
  endTime: '',
  breakStartTime: '',
  breakEndTime: '',
  workDays: ['1', '2', '3', '4', '5'],
  lateToleranceMinutes: 15,
  allowEarlyCheckIn: true,
  earlyCheckInMinutes: 30,
  countActualTime: false,
  allowManualAttendance: true,
  allowQrAttendance: false,
  isActive: true,
  locationId: null,
};

function valuesOf(s: Schedule | null): ScheduleFormValues {
  if (!s) return SCHEDULE_DEFAULTS;
  return {
    name: s.name,
    startTime: s.startTime,
    endTime: s.endTime,
    breakStartTime: s.breakStartTime ?? '',
    breakEndTime: s.breakEndTime ?? '',
    workDays: s.workDays.split(',').filter(Boolean),
    lateToleranceMinutes: s.lateToleranceMinutes,
    allowEarlyCheckIn: s.allowEarlyCheckIn,
    earlyCheckInMinutes: s.earlyCheckInMinutes,
    countActualTime: s.countActualTime,
    allowManualAttendance: s.allowManualAttendance,
    allowQrAttendance: s.allowQrAttendance ?? false,
    isActive: s.isActive,
    locationId: s.locationId,
  };
}

interface ScheduleFormModalProps {
  opened: boolean;
  /** null = create. */
  schedule: Schedule | null;
  onClose: () => void;
  onPlanLimit: (error: unknown) => boolean;
}

/** Create / edit a schedule with every rule of spec §3 and §5, validated by the shared scheduleInput. */
export function ScheduleFormModal({ opened, schedule, onClose, onPlanLimit }: ScheduleFormModalProps) {
  const { t } = useTranslation('dashboard');
  const message = useMessage();
  const create = useCreateSchedule();
  const update = useUpdateSchedule();
  const locations = useWorkLocationOptions(opened);
  const [serverError, setServerError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  // A long form scrolls: bring the first field with an error into view.
  const focusFirstInvalid = () => requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  const form = useForm<ScheduleFormValues>({ mode: 'controlled', initialValues: SCHEDULE_DEFAULTS, validate: schemaResolver(scheduleInput, { sync: true }) });

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the modal opens for another schedule
  useEffect(() => {
    if (!opened) return;
    form.setValues(valuesOf(schedule));
    form.clearErrors();
    setServerError(null);
  }, [opened, schedule]);

  const field = (name: keyof ScheduleFormValues) => ({ ...form.getInputProps(name), error: message(form.errors[name] as string | undefined) });
  const check = (name: keyof ScheduleFormValues) => form.getInputProps(name, { type: 'checkbox' });

  const onError = (error: unknown, fallback: string) => {
    if (!schedule && onPlanLimit(error)) return;
    applyServerErrors(form, error);
    setServerError(errorMessage(t, error, fallback));
  };

  const submit = form.onSubmit((values) => {
    setServerError(null);
    const body = scheduleInput.parse(values);
    const done = (msg: string | undefined, fallback: string) => {
      notify.success(msg ?? fallback);
      onClose();
    };
    if (schedule) {
      update.mutate(
        { id: schedule.id, body },
        { onSuccess: (msg) => done(msg, t('schedules.success.updated')), onError: (e) => onError(e, t('schedules.errors.update')) },
      );
    } else {
      create.mutate(body, { onSuccess: (msg) => done(msg, t('schedules.success.created')), onError: (e) => onError(e, t('schedules.errors.create')) });
    }
  }, focusFirstInvalid);

  const { startTime, endTime, allowEarlyCheckIn } = form.values;
  const nightShift = /^\d{2}:\d{2}$/.test(startTime) && /^\d{2}:\d{2}$/.test(endTime) && endTime < startTime;
  const pending = create.isPending || update.isPending;

  return (
    <Modal opened={opened} onClose={onClose} title={schedule ? t('schedules.form.titleEdit') : t('schedules.form.titleCreate')} size="xl" centered>
      <form ref={formRef} onSubmit={submit} noValidate>
        <Stack gap="md">
          {serverError && (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
              {serverError}
            </Alert>
          )}
          <TextInput label={t('schedules.form.name')} placeholder={t('schedules.form.namePlaceholder')} withAsterisk data-autofocus {...field('name')} />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <TimeField label={t('schedules.form.startTime')} withAsterisk {...field('startTime')} />
            <TimeField label={t('schedules.form.endTime')} withAsterisk {...field('endTime')} />
          </SimpleGrid>
          {nightShift && (
            <Alert color="indigo" variant="light" icon={<IconMoon size={18} />} py="xs">
              {t('schedules.form.nightShiftHint')}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <TimeField label={t('schedules.form.breakStartTime')} clearable {...field('breakStartTime')} />
            <TimeField label={t('schedules.form.breakEndTime')} clearable {...field('breakEndTime')} />
          </SimpleGrid>
          <Text size="xs" c="dimmed" mt={-8}>
            {t('schedules.form.breakHint')}
          </Text>

          <Input.Wrapper label={t('schedules.form.workDays')} withAsterisk error={message(form.errors.workDays as string | undefined)}>
            <Chip.Group
              multiple
              value={form.values.workDays}
              onChange={(v) =>
                form.setFieldValue(
                  'workDays',
                  WEEK_DAYS.filter((d) => v.includes(d)),
                )
              }
            >
              <Group gap={6} mt={6} mb={4}>
                {WEEK_DAYS.map((d) => (
                  <Chip key={d} value={d} size="sm">
                    {t(`schedules.days.long.${d}`)}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
          </Input.Wrapper>

          <Divider label={t('schedules.form.rules')} labelPosition="left" />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <NumberInput
              label={t('schedules.form.tolerance')}
              description={t('schedules.form.toleranceHint')}
              min={0}
              max={60}
              allowDecimal={false}
              allowNegative={false}
              {...field('lateToleranceMinutes')}
            />
            <Stack gap={6}>
              <Switch label={t('schedules.form.allowEarlyCheckIn')} {...check('allowEarlyCheckIn')} />
              <NumberInput
                label={t('schedules.form.earlyCheckInMinutes')}
                description={t('schedules.form.earlyHint')}
                min={0}
                max={120}
                allowDecimal={false}
                allowNegative={false}
                disabled={!allowEarlyCheckIn}
                {...field('earlyCheckInMinutes')}
              />
            </Stack>
          </SimpleGrid>
          <Switch label={t('schedules.form.countActualTime')} description={t('schedules.form.countActualTimeHint')} {...check('countActualTime')} />
          <Switch
            label={t('schedules.form.allowManualAttendance')}
            description={t('schedules.form.allowManualAttendanceHint')}
            {...check('allowManualAttendance')}
          />
          <Switch label={t('schedules.form.allowQrAttendance')} description={t('schedules.form.allowQrAttendanceHint')} {...check('allowQrAttendance')} />
          <Select
            label={t('schedules.form.location')}
            description={t('schedules.form.locationHint')}
            placeholder={t('schedules.form.locationPlaceholder')}
            data={(locations.data ?? []).map((l) => ({ value: l.id, label: l.name }))}
            clearable
            {...field('locationId')}
          />
          <Switch label={t('schedules.form.isActive')} {...check('isActive')} />

          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={pending}>
              {t('schedules.actions.cancel')}
            </Button>
            <Button type="submit" loading={pending}>
              {schedule ? t('schedules.actions.save') : t('schedules.actions.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
