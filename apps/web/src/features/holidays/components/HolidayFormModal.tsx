import { Button, Group, Modal, MultiSelect, SimpleGrid, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { schemaResolver } from '@mantine/form';
import { holidayInput } from '@presente/shared';
import { IconCalendar } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { DayInput } from '../../../components/DayInput';
import { ServerError, useServerForm } from '../../../lib/forms';
import { notify } from '../../../lib/notify';
import { useScheduleOptions } from '../../schedules/api';
import { type Holiday, useCreateHoliday, useUpdateHoliday } from '../api';

export interface HolidayFormValues {
  name: string;
  date: string | null;
  description: string;
  shouldPayFullDay: boolean;
  applyToAll: boolean;
  scheduleIds: string[];
  isActive: boolean;
}

const DEFAULTS: HolidayFormValues = { name: '', date: null, description: '', shouldPayFullDay: true, applyToAll: true, scheduleIds: [], isActive: true };

function valuesOf(h: Holiday | null): HolidayFormValues {
  if (!h) return DEFAULTS;
  return {
    name: h.name,
    date: h.date,
    description: h.description ?? '',
    shouldPayFullDay: h.shouldPayFullDay,
    applyToAll: h.applyToAll,
    scheduleIds: h.scheduleIds,
    isActive: h.isActive,
  };
}

const resolveHoliday = schemaResolver(holidayInput, { sync: true });

/** The shared schema, with the schedules rule reported together with the field errors (zod runs it only once the fields pass). */
function validateHoliday(values: HolidayFormValues) {
  const errors = resolveHoliday(values);
  if (!values.applyToAll && values.scheduleIds.length === 0) errors.scheduleIds = 'holiday.schedulesRequired';
  return errors;
}

interface HolidayFormModalProps {
  opened: boolean;
  /** null = create. */
  holiday: Holiday | null;
  onClose: () => void;
}

/** Create / edit a holiday (spec §2, §3): for every schedule or for chosen ones; errors are shown, not only logged. */
export function HolidayFormModal({ opened, holiday, onClose }: HolidayFormModalProps) {
  const { t } = useTranslation('dashboard');
  const create = useCreateHoliday();
  const update = useUpdateHoliday();
  const schedules = useScheduleOptions(opened);
  const formRef = useRef<HTMLFormElement>(null);
  // A long form scrolls: bring the first field with an error into view.
  const focusFirstInvalid = () => requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  const { form, field, serverError, clearServerError, fail } = useServerForm<HolidayFormValues>({
    mode: 'controlled',
    initialValues: DEFAULTS,
    validate: validateHoliday,
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the modal opens for another holiday
  useEffect(() => {
    if (!opened) return;
    form.setValues(valuesOf(holiday));
    form.clearErrors();
    clearServerError();
  }, [opened, holiday]);

  const check = (name: keyof HolidayFormValues) => form.getInputProps(name, { type: 'checkbox' });

  const onError = (error: unknown, fallback: string) => void fail(error, fallback);

  const submit = form.onSubmit((values) => {
    clearServerError();
    const parsed = holidayInput.parse(values);
    // Spec §3: scheduleIds travel as a JSON-string list.
    const body = { ...parsed, scheduleIds: JSON.stringify(parsed.applyToAll ? [] : parsed.scheduleIds) };
    const done = (msg: string | undefined, fallback: string) => {
      notify.success(msg ?? fallback);
      onClose();
    };
    if (holiday) {
      update.mutate(
        { id: holiday.id, body },
        { onSuccess: (m) => done(m, t('holidays.success.updated')), onError: (e) => onError(e, t('holidays.errors.update')) },
      );
    } else {
      create.mutate(body, { onSuccess: (m) => done(m, t('holidays.success.created')), onError: (e) => onError(e, t('holidays.errors.create')) });
    }
  }, focusFirstInvalid);

  const pending = create.isPending || update.isPending;

  return (
    <Modal opened={opened} onClose={onClose} title={holiday ? t('holidays.form.titleEdit') : t('holidays.form.titleCreate')} size="lg" centered>
      <form ref={formRef} onSubmit={submit} noValidate>
        <Stack gap="md">
          <ServerError message={serverError} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput label={t('holidays.form.name')} placeholder={t('holidays.form.namePlaceholder')} withAsterisk data-autofocus {...field('name')} />
            <DayInput
              label={t('holidays.form.date')}
              placeholder={t('holidays.form.datePlaceholder')}
              withAsterisk
              leftSection={<IconCalendar size={16} />}
              {...field('date')}
            />
          </SimpleGrid>
          <Textarea label={t('holidays.form.description')} placeholder={t('holidays.form.descriptionPlaceholder')} rows={3} {...field('description')} />
          <Switch label={t('holidays.form.shouldPayFullDay')} description={t('holidays.form.shouldPayFullDayHint')} {...check('shouldPayFullDay')} />
          <Switch label={t('holidays.form.applyToAll')} {...check('applyToAll')} />
          {!form.values.applyToAll && (
            <MultiSelect
              label={t('holidays.form.schedules')}
              placeholder={t('holidays.form.schedulesPlaceholder')}
              data={(schedules.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
              nothingFoundMessage={t('holidays.form.noSchedules')}
              searchable
              withAsterisk
              {...field('scheduleIds')}
            />
          )}
          <Switch label={t('holidays.form.isActive')} {...check('isActive')} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={pending}>
              {t('holidays.actions.cancel')}
            </Button>
            <Button type="submit" loading={pending}>
              {holiday ? t('holidays.actions.save') : t('holidays.actions.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
