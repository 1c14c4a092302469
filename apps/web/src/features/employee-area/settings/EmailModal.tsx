import { useTranslation } from 'react-i18next';
import { ChangeEmailModal, emailTextsFrom } from '../../../components/account/ChangeEmailModal';
import { useChangeEmployeeEmail } from '../api';
import { validateEmployeeEmail } from './validation';

/** Change email modal (spec §2 Settings, §5): the current address read-only, the new one validated. */
export function EmailModal({ opened, currentEmail, onClose }: { opened: boolean; currentEmail: string; onClose: () => void }) {
  const { t } = useTranslation('employee');
  const change = useChangeEmployeeEmail();
  return (
    <ChangeEmailModal
      opened={opened}
      onClose={onClose}
      currentEmail={currentEmail}
      texts={emailTextsFrom(t, 'employeeArea.settings.email', t('employeeArea.settings.cancel'))}
      validate={validateEmployeeEmail}
      submit={change.mutateAsync}
    />
  );
}
