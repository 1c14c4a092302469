import { Button, Text } from '@mantine/core';
import { adminPasswordInput } from '@presente/shared';
import { IconKey, IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ChangePasswordForm,
  ChangePasswordModal,
  type ChangePasswordModalProps,
  type PasswordValues,
  passwordTextsFrom,
} from '../../../components/account/ChangePasswordModal';
import { SettingsCard } from '../../../components/SettingsCard';
import { useChangeAdminPassword } from '../api';

export type { PasswordValues };

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

/** The company admin's password modal: the settings words, min 8, only current and new are sent. */
function usePasswordModal(): Omit<ChangePasswordModalProps, 'opened' | 'onClose'> {
  const { t } = useTranslation('settings');
  const change = useChangeAdminPassword();
  return {
    texts: passwordTextsFrom(t, 'companySettings.password', t('companySettings.cancel')),
    validate: validateAdminPassword,
    submit: ({ currentPassword, newPassword }) => change.mutateAsync({ currentPassword, newPassword }),
  };
}

export function PasswordForm({ onDone }: { onDone: () => void }) {
  return <ChangePasswordForm {...usePasswordModal()} onDone={onDone} />;
}

/** Password card with its change modal. */
export function AdminPasswordCard() {
  const { t } = useTranslation('settings');
  const [opened, setOpened] = useState(false);
  const modal = usePasswordModal();
  return (
    <SettingsCard icon={IconLock} color="grape" title={t('companySettings.password.title')} description={t('companySettings.password.description')}>
      <Text fw={600} mb="sm" aria-hidden>
        ••••••••••
      </Text>
      <Button variant="light" color="grape" leftSection={<IconKey size={16} />} onClick={() => setOpened(true)}>
        {t('companySettings.password.edit')}
      </Button>
      <ChangePasswordModal opened={opened} onClose={() => setOpened(false)} {...modal} />
    </SettingsCard>
  );
}
