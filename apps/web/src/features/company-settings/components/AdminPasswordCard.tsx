import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { adminPasswordInput } from '@presente/shared';
import { IconAlertCircle, IconKey, IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../../components/PasswordField';
import { errorMessage, useMessage } from '../../../lib/messages';
import { notify } from '../../../lib/notify';
import { useChangeAdminPassword } from '../api';
import { SettingsCard } from './SettingsCard';

export interface PasswordValues {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/**
 * Spec §5 company admin password: every field required ('Todos los campos son obligatorios'), the two new
 * ones must match, min 8 (the shared adminPasswordInput). Errors are keys of the shared catalogue.
 */
export function validateAdminPassword(values: PasswordValues): Record<string, string> {
  const errors: Record<string, string> = {};
  const missing = (Object.keys(values) as (keyof PasswordValues)[]).filter((k) => !values[k]);
  if (missing.length) {
    for (const k of missing) errors[k] = 'profile.allFieldsRequired';
    return errors;
  }
  const result = adminPasswordInput.safeParse(values);
  for (const issue of result.success ? [] : result.error.issues) {
    const field = String(issue.path[0] ?? '');
    if (field && !errors[field]) errors[field] = issue.message;
  }
  if (values.newPassword !== values.confirmPassword) errors.confirmPassword = 'validation.passwordsMismatch';
  return errors;
}

export function PasswordForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('settings');
  const message = useMessage();
  const change = useChangeAdminPassword();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<PasswordValues>({
    mode: 'controlled',
    initialValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    validate: validateAdminPassword,
  });
  const p = (key: string) => t(`companySettings.password.${key}`);
  const field = (name: keyof PasswordValues) => ({ ...form.getInputProps(name), error: message(form.errors[name] as string | undefined) });

  const submit = form.onSubmit(({ currentPassword, newPassword }) => {
    setServerError(null);
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: (msg) => {
          notify.success(msg || p('success'));
          onDone();
        },
        onError: (error) => setServerError(errorMessage(t, error, p('error'))),
      },
    );
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
            {t('companySettings.cancel')}
          </Button>
          <Button type="submit" loading={change.isPending}>
            {p('submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Password card with its change modal. */
export function AdminPasswordCard() {
  const { t } = useTranslation('settings');
  const [opened, setOpened] = useState(false);
  return (
    <SettingsCard icon={IconLock} color="grape" title={t('companySettings.password.title')} description={t('companySettings.password.description')}>
      <Text fw={600} mb="sm" aria-hidden>
        ••••••••••
      </Text>
      <Button variant="light" color="grape" leftSection={<IconKey size={16} />} onClick={() => setOpened(true)}>
        {t('companySettings.password.edit')}
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title={t('companySettings.password.modalTitle')} centered styles={{ title: { fontWeight: 700 } }}>
        {opened && <PasswordForm onDone={() => setOpened(false)} />}
      </Modal>
    </SettingsCard>
  );
}
