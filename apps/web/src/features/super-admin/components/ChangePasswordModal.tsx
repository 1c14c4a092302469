import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { superAdminChangePasswordInput } from '@presente/shared';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../../components/PasswordField';
import { ApiError } from '../../../lib/api';
import { errorMessage, useMessage } from '../../../lib/messages';
import { notify } from '../../../lib/notify';
import { useChangeOwnPassword } from '../api';

interface Values {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** Spec §5: all three required, min 8, 'Las contraseñas no coinciden' (the shared schema, plus a required confirmation). */
export function validatePasswordChange(values: Values): Record<string, string> {
  const result = superAdminChangePasswordInput.safeParse(values);
  const errors: Record<string, string> = {};
  for (const issue of result.success ? [] : result.error.issues) {
    const field = String(issue.path[0] ?? '');
    if (field && !errors[field]) errors[field] = issue.message;
  }
  if (!values.confirmPassword) errors.confirmPassword = 'admin.confirmPasswordRequired';
  return errors;
}

/** Change own password (super admin settings). */
export function ChangePasswordModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('dashboard');
  return (
    <Modal opened={opened} onClose={onClose} title={t('superAdmin.settings.password.modalTitle')} radius="lg" styles={{ title: { fontWeight: 700 } }}>
      {opened && <ChangePasswordForm onDone={onClose} />}
    </Modal>
  );
}

function ChangePasswordForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('dashboard');
  const message = useMessage();
  const change = useChangeOwnPassword();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    validate: validatePasswordChange,
  });
  const field = (name: keyof Values) => ({ ...form.getInputProps(name), error: message(form.errors[name] as string | undefined) });
  const p = (key: string) => t(`superAdmin.settings.password.${key}`);

  const submit = form.onSubmit((values) => {
    setServerError(null);
    change.mutate(values, {
      onSuccess: (msg) => {
        notify.success(msg || p('success'));
        onDone();
      },
      onError: (error) => {
        if (error instanceof ApiError) for (const e of error.errors ?? []) if (e.path in values) form.setFieldError(e.path, e.message);
        setServerError(errorMessage(t, error, p('error')));
      },
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
            {t('superAdmin.settings.cancel')}
          </Button>
          <Button type="submit" loading={change.isPending}>
            {p('submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
