import { Button, Group, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { employeeProfileInput } from '@presente/shared';
import { IconDeviceFloppy, IconPhone } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SettingsCard } from '../../../components/SettingsCard';
import { errorMessage, useMessage } from '../../../lib/messages';
import { notify } from '../../../lib/notify';
import { useUpdatePhone } from '../api';

/** The one field an employee edits (spec: phone only); validated by the shared schema, empty removes it. */
export function PhoneCard({ phone }: { phone: string | null }) {
  const { t } = useTranslation(['employee', 'common']);
  const message = useMessage();
  const update = useUpdatePhone();
  const form = useForm({
    mode: 'controlled',
    initialValues: { phone: phone ?? '' },
    validate: {
      phone: (value: string) => {
        const result = employeeProfileInput.safeParse({ phone: value });
        return result.success ? null : (result.error.issues[0]?.message ?? 'employeeArea.phoneInvalid');
      },
    },
  });
  const w = (key: string) => t(`employeeArea.settings.phone.${key}`);
  const submit = form.onSubmit(({ phone: value }) => {
    update.mutate(value.trim() || null, {
      onSuccess: (msg) => {
        notify.success(message(msg) || w('success'));
        form.resetDirty();
      },
      onError: (error) => form.setFieldError('phone', errorMessage(t, error, w('error'))),
    });
  });
  return (
    <SettingsCard icon={IconPhone} color="teal" title={w('title')} description={w('description')}>
      <form onSubmit={submit} noValidate>
        <Group align="flex-start" gap="sm" wrap="nowrap">
          <TextInput
            style={{ flex: 1 }}
            aria-label={w('label')}
            placeholder={w('placeholder')}
            type="tel"
            autoComplete="tel"
            {...form.getInputProps('phone')}
            error={message(form.errors.phone as string | undefined)}
          />
          <Button type="submit" leftSection={<IconDeviceFloppy size={16} />} loading={update.isPending} disabled={!form.isDirty()} variant="light" color="teal">
            {w('save')}
          </Button>
        </Group>
      </form>
    </SettingsCard>
  );
}
