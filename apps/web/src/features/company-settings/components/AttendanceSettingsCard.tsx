import { Button, Group, NumberInput, Skeleton, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { attendanceSettingsInput, OPEN_RECORD_GRACE_HOURS } from '@presente/shared';
import { IconClockCheck, IconDeviceFloppy } from '@tabler/icons-react';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/LoadError';
import { SettingsCard } from '../../../components/SettingsCard';
import { errorMessage, useMessage } from '../../../lib/messages';
import { notify } from '../../../lib/notify';
import { useAttendanceSettings, useUpdateAttendanceSettings } from '../api';

/** The shared schema's rule: whole hours from 1 to 24. An emptied field is '' in NumberInput. */
export function validateGrace(value: number | string): string | null {
  const result = attendanceSettingsInput.safeParse({ openRecordGraceHours: value === '' ? undefined : value });
  return result.success ? null : (result.error.issues[0]?.message ?? 'company.graceHoursInvalid');
}

/**
 * Asistencia card: the forgotten check-out grace. An open record is closed as incomplete at the shift's
 * end plus these hours (the employee is told), and a punch after midnight belongs to the previous night
 * shift until then.
 */
export function AttendanceSettingsCard() {
  const { t } = useTranslation('settings');
  const message = useMessage();
  const settings = useAttendanceSettings();
  const update = useUpdateAttendanceSettings();
  const form = useForm<{ grace: number | string }>({
    mode: 'controlled',
    initialValues: { grace: OPEN_RECORD_GRACE_HOURS.default },
    validate: { grace: validateGrace },
  });
  const a = (key: string, vars?: Record<string, unknown>) => t(`companySettings.attendance.${key}`, vars);
  const saved = settings.data?.openRecordGraceHours;

  // Follow the saved value (first load, a change in another tab) unless the user is editing.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the saved value changes
  useEffect(() => {
    if (saved != null && !form.isDirty()) {
      form.setInitialValues({ grace: saved });
      form.setValues({ grace: saved });
    }
  }, [saved]);

  const submit = form.onSubmit(({ grace }) =>
    update.mutate(
      { openRecordGraceHours: Number(grace) },
      {
        onSuccess: (msg) => {
          notify.success(msg || a('success'));
          form.setInitialValues({ grace: Number(grace) });
        },
        onError: (error) => notify.error(errorMessage(t, error, a('error'))),
      },
    ),
  );

  let content: ReactNode;
  if (settings.isPending) content = <Skeleton h={92} />;
  else if (settings.isError) content = <LoadError message={a('loadError')} onRetry={() => void settings.refetch()} />;
  else
    content = (
      <form onSubmit={submit} noValidate>
        <Stack gap="xs">
          <NumberInput
            label={a('graceLabel')}
            description={a('graceHint', { grace: Number(form.values.grace) || '…' })}
            min={OPEN_RECORD_GRACE_HOURS.min}
            max={OPEN_RECORD_GRACE_HOURS.max}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="none"
            withAsterisk
            {...form.getInputProps('grace')}
            error={message(form.errors.grace as string | undefined)}
          />
          <Group>
            <Button
              type="submit"
              variant="light"
              color="orange"
              leftSection={<IconDeviceFloppy size={16} />}
              loading={update.isPending}
              disabled={Number(form.values.grace) === saved}
            >
              {a('save')}
            </Button>
          </Group>
        </Stack>
      </form>
    );

  return (
    <SettingsCard icon={IconClockCheck} color="orange" title={a('title')} description={a('description')}>
      {content}
    </SettingsCard>
  );
}
