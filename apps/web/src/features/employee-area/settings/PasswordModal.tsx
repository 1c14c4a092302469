import { useTranslation } from 'react-i18next';
import { ChangePasswordModal, passwordTextsFrom } from '../../../components/account/ChangePasswordModal';
import { useChangeEmployeePassword } from '../api';
import { validateEmployeePassword } from './validation';

/** Change password modal (spec §2 Settings, §5): current, new, confirm; min 6; must match; submit disabled until all are filled. */
export function PasswordModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('employee');
  const change = useChangeEmployeePassword();
  return (
    <ChangePasswordModal
      opened={opened}
      onClose={onClose}
      texts={passwordTextsFrom(t, 'employeeArea.settings.password', t('employeeArea.settings.cancel'))}
      validate={validateEmployeePassword}
      submit={change.mutateAsync}
      requireAllFields
    />
  );
}
