import { superAdminChangeEmailInput } from '@presente/shared';
import { IconAt } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { emailTextsFrom, ChangeEmailModal as OwnEmailModal } from '../../../components/account/ChangeEmailModal';
import { useChangeOwnEmail } from '../api';

/** Spec §5: a valid email ('Por favor ingrese un email válido') that differs from the current one. */
export function validateEmailChange(newEmail: string, currentEmail: string): string | null {
  const result = superAdminChangeEmailInput.safeParse({ newEmail });
  if (!result.success) return result.error.issues[0]?.message ?? 'admin.emailInvalid';
  if (result.data.newEmail === currentEmail.trim().toLowerCase()) return 'admin.emailSameAsCurrent';
  return null;
}

/** Change own email (super admin settings); the shown user email follows at once. */
export function ChangeEmailModal({ opened, onClose, currentEmail }: { opened: boolean; onClose: () => void; currentEmail: string }) {
  const { t } = useTranslation('dashboard');
  const change = useChangeOwnEmail();
  return (
    <OwnEmailModal
      opened={opened}
      onClose={onClose}
      currentEmail={currentEmail}
      texts={emailTextsFrom(t, 'superAdmin.settings.email', t('superAdmin.settings.cancel'))}
      validate={validateEmailChange}
      submit={async (newEmail) => (await change.mutateAsync(newEmail)).message}
      leftSection={<IconAt size={16} />}
    />
  );
}
