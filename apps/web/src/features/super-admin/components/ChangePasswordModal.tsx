import { superAdminChangePasswordInput } from '@presente/shared';
import { useTranslation } from 'react-i18next';
import { ChangePasswordModal as OwnPasswordModal, type PasswordValues, passwordTextsFrom } from '../../../components/account/ChangePasswordModal';
import { useChangeOwnPassword } from '../api';

/** Spec §5: all three required, min 8, 'Las contraseñas no coinciden' (the shared schema, plus a required confirmation). */
export function validatePasswordChange(values: PasswordValues): Record<string, string> {
  const result = superAdminChangePasswordInput.safeParse(values);
  const errors: Record<string, string> = {};
  for (const issue of result.success ? [] : result.error.issues) {
    const field = String(issue.path[0] ?? '');
    if (field && !errors[field]) errors[field] = issue.message;
  }
  if (!values.confirmPassword) errors.confirmPassword = 'admin.confirmPasswordRequired';
  return errors;
}

/** Change own password (super admin settings); the server's field errors show under the fields too. */
export function ChangePasswordModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('dashboard');
  const change = useChangeOwnPassword();
  return (
    <OwnPasswordModal
      opened={opened}
      onClose={onClose}
      texts={passwordTextsFrom(t, 'superAdmin.settings.password', t('superAdmin.settings.cancel'))}
      validate={validatePasswordChange}
      submit={change.mutateAsync}
      serverFieldErrors
    />
  );
}
