import { Button, Grid, SimpleGrid, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { IconKey, IconLanguage, IconLock, IconMail, IconPencil, IconUserCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../../components/LanguageSwitch';
import { LoadError } from '../../../components/LoadError';
import { SettingsCard } from '../../../components/SettingsCard';
import type { TabProps } from '../../dashboard/tab-types';
import { BiometricDataCard } from '../../face/consent/BiometricDataCard';
import { useEmployeeProfile } from '../api';
import type { EmployeeProfile } from '../types';
import { EmailModal } from './EmailModal';
import { PasswordModal } from './PasswordModal';
import { PhoneCard } from './PhoneCard';

function AccountInfo({ profile }: { profile: EmployeeProfile }) {
  const { t } = useTranslation(['employee', 'common']);
  const a = (key: string) => t(`employeeArea.settings.account.${key}`);
  const na = t('common:display.notAvailable');
  const rows: [string, string][] = [
    [a('name'), `${profile.firstName} ${profile.lastName}`],
    [a('code'), profile.employeeCode],
    [a('position'), profile.position || na],
    [a('department'), profile.department?.name || na],
    [a('company'), profile.company.name],
  ];
  return (
    <SettingsCard icon={IconUserCircle} title={a('title')} description={a('description')}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {rows.map(([label, value]) => (
          <TextInput key={label} label={label} value={value} readOnly variant="filled" />
        ))}
      </SimpleGrid>
    </SettingsCard>
  );
}

/** Employee settings (spec §2): account info (read-only), email and password modals, phone, language. */
export function EmployeeSettingsTab({ user }: TabProps) {
  const { t } = useTranslation(['employee', 'settings']);
  const profile = useEmployeeProfile();
  const [modal, setModal] = useState<'email' | 'password' | null>(null);
  const s = (key: string) => t(`employeeArea.settings.${key}`);

  if (profile.isPending) return <Skeleton h={360} radius="lg" aria-busy />;
  if (profile.isError) return <LoadError message={s('loadError')} onRetry={() => profile.refetch()} />;
  const email = profile.data.account.email || user.email;

  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Stack gap="md">
          <AccountInfo profile={profile.data} />
          <PhoneCard key={profile.data.phone ?? ''} phone={profile.data.phone} />
          <BiometricDataCard />
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Stack gap="md">
          <SettingsCard icon={IconMail} title={s('email.title')} description={s('email.description')}>
            <Text fw={600} mb="sm" style={{ overflowWrap: 'anywhere' }}>
              {email}
            </Text>
            <Button variant="light" leftSection={<IconPencil size={16} />} onClick={() => setModal('email')}>
              {s('email.edit')}
            </Button>
          </SettingsCard>
          <SettingsCard icon={IconLock} color="grape" title={s('password.title')} description={s('password.description')}>
            <Button variant="light" color="grape" leftSection={<IconKey size={16} />} onClick={() => setModal('password')}>
              {s('password.edit')}
            </Button>
          </SettingsCard>
          <SettingsCard icon={IconLanguage} color="cyan" title={t('settings:preferences.title')} description={t('settings:preferences.description')}>
            <LanguageSwitch size="sm" long fullWidth />
          </SettingsCard>
        </Stack>
      </Grid.Col>
      <EmailModal opened={modal === 'email'} currentEmail={email} onClose={() => setModal(null)} />
      <PasswordModal opened={modal === 'password'} onClose={() => setModal(null)} />
    </Grid>
  );
}
