import { Button, Grid, Stack, Text, TextInput } from '@mantine/core';
import { IconLanguage, IconLock, IconMail, IconUserCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../../components/LanguageSwitch';
import { SettingsCard } from '../../../components/SettingsCard';
import type { TabProps } from '../../dashboard/tab-types';
import { ChangeEmailModal } from '../components/ChangeEmailModal';
import { ChangePasswordModal } from '../components/ChangePasswordModal';

/** Super admin settings (spec §2): change own password and own email, each in a modal; account facts and language. */
export function SuperAdminSettingsTab({ user }: TabProps) {
  const { t } = useTranslation(['dashboard', 'settings', 'common']);
  const [modal, setModal] = useState<'password' | 'email' | null>(null);
  const s = (key: string) => t(`superAdmin.settings.${key}`);

  return (
    <Stack gap="md">
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <SettingsCard icon={IconLock} title={s('password.title')} description={s('password.description')}>
            <Button variant="light" leftSection={<IconLock size={16} />} onClick={() => setModal('password')}>
              {s('password.open')}
            </Button>
          </SettingsCard>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <SettingsCard icon={IconMail} title={s('email.title')} description={s('email.description')}>
            <Button variant="light" leftSection={<IconMail size={16} />} onClick={() => setModal('email')}>
              {s('email.open')}
            </Button>
          </SettingsCard>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <SettingsCard icon={IconUserCircle} title={t('settings:account.title')} description={t('settings:account.description')}>
            <Stack gap="sm">
              <TextInput label={t('settings:account.name')} value={user.name} readOnly variant="filled" />
              <TextInput label={t('settings:account.email')} value={user.email} readOnly variant="filled" data-testid="current-email" />
              <TextInput label={t('settings:account.role')} value={t(`common:roles.${user.role}`)} readOnly variant="filled" />
            </Stack>
          </SettingsCard>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <SettingsCard icon={IconLanguage} title={t('settings:preferences.title')} description={t('settings:preferences.description')}>
            <Text size="sm" fw={500} mb={6}>
              {t('settings:preferences.language')}
            </Text>
            <LanguageSwitch size="sm" long fullWidth />
          </SettingsCard>
        </Grid.Col>
      </Grid>
      <ChangePasswordModal opened={modal === 'password'} onClose={() => setModal(null)} />
      <ChangeEmailModal opened={modal === 'email'} onClose={() => setModal(null)} currentEmail={user.email} />
    </Stack>
  );
}
