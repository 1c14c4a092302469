import { Button, Text } from '@mantine/core';
import { emailChangeInput } from '@presente/shared';
import { IconMail, IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChangeEmailModal, emailTextsFrom } from '../../../components/account/ChangeEmailModal';
import { SettingsCard } from '../../../components/SettingsCard';
import { useChangeAdminEmail } from '../api';

/** Spec §5: required and a valid address (the shared schema), different from the current one. */
export function validateAdminEmail(newEmail: string, currentEmail: string): string | null {
  const result = emailChangeInput.safeParse({ newEmail });
  if (!result.success) return result.error.issues[0]?.message ?? 'profile.emailInvalid';
  return result.data.newEmail === currentEmail.trim().toLowerCase() ? 'profile.emailSame' : null;
}

/** Administrator email card with its edit modal. */
export function AdminEmailCard({ email }: { email: string }) {
  const { t } = useTranslation('settings');
  const [opened, setOpened] = useState(false);
  const change = useChangeAdminEmail();
  return (
    <SettingsCard icon={IconMail} title={t('companySettings.email.title')} description={t('companySettings.email.description')}>
      <Text fw={600} mb="sm" style={{ overflowWrap: 'anywhere' }}>
        {email}
      </Text>
      <Button variant="light" leftSection={<IconPencil size={16} />} onClick={() => setOpened(true)}>
        {t('companySettings.email.edit')}
      </Button>
      <ChangeEmailModal
        opened={opened}
        onClose={() => setOpened(false)}
        currentEmail={email}
        texts={emailTextsFrom(t, 'companySettings.email', t('companySettings.cancel'))}
        validate={validateAdminEmail}
        submit={change.mutateAsync}
      />
    </SettingsCard>
  );
}
