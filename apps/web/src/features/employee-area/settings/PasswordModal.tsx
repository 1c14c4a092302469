import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../../components/PasswordField';
import { errorMessage, useMessage } from '../../../lib/messages';
import { notify } from '../../../lib/notify';
import { useChangeEmployeePassword } from '../api';
import { allPasswordFieldsFilled, type PasswordValues, validateEmployeePassword } from './validation';

function PasswordForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation(['employee', 'common']);
  const message = useMessage();
  const change = useChangeEmployeePassword();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<PasswordValues>({
    mode: 'controlled',
    initialValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    validate: validateEmployeePassword,
  });
  const p = (key: string) => t(`employeeArea.settings.password.${key}`);
  const field = (name: keyof PasswordValues) => ({ ...form.getInputProps(name), error: message(form.errors[name] as string | undefined) });

  const submit = form.onSubmit((values) => {
    setServerError(null);
    change.mutate(values, {
      onSuccess: (msg) => {
        notify.success(message(msg) || p('success'));
        onDone();
      },
      onError: (error) => setServerError(errorMessage(t, error, p('error'))),
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <PasswordField label={p('current')} autoComplete="current-password" withAsterisk data-autofocus {...field('currentPassword')} />
        <PasswordField label={p('new')} autoComplete="new-password" withAsterisk {...field('newPassword')} />
        <PasswordField label={p('confirm')} autoComplete="new-password" withAsterisk {...field('confirmPassword')} />
        <Text size="xs" c="dimmed">
          {p('hint')}
        </Text>
        {serverError && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {serverError}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onDone} disabled={change.isPending}>
            {t('employeeArea.settings.cancel')}
          </Button>
          <Button type="submit" loading={change.isPending} disabled={!allPasswordFieldsFilled(form.values)}>
            {p('submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Change password modal (spec §2 Settings, §5): current, new, confirm; min 6; must match. */
export function PasswordModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('employee');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('employeeArea.settings.password.modalTitle')}
      centered
      styles={{ title: { fontWeight: 700 } }}
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
    >
      {opened && <PasswordForm onDone={onClose} />}
    </Modal>
  );
}
