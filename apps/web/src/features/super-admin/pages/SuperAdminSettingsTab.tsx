import { Button, Card, Grid, Group, Stack, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
import { IconLanguage, IconLock, IconMail, IconUserCircle } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../../components/LanguageSwitch';
import type { TabProps } from '../../dashboard/tabs';
import { ChangeEmailModal } from '../components/ChangeEmailModal';
import { ChangePasswordModal } from '../components/ChangePasswordModal';

function SettingsCard({ icon, title, description, children }: { icon: ReactNode; title: string; description: string; children: ReactNode }) {
  return (
    <Card withBorder padding="lg" h="100%">
      <Group gap="sm" mb="md" wrap="nowrap" align="flex-start">
        <ThemeIcon variant="light" size={40} radius="md" style={{ flexShrink: 0 }}>
          {icon}
        </ThemeIcon>
        <div>
          <Title order={2} fz="lg">
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        </div>
      </Group>
      {children}
    </Card>
  );
}

/** Super admin settings (spec §2): change own password and own email, each in a modal; account facts and language. */
export function SuperAdminSettingsTab({ user }: TabProps) {
  const { t } = useTranslation(['dashboard', 'settings', 'common']);
  const [modal, setModal] = useState<'password' | 'email' | null>(null);
  const s = (key: string) => t(`superAdmin.settings.${key}`);

  return (
    <Stack gap="md">
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <SettingsCard icon={<IconLock size={22} />} title={s('password.title')} description={s('password.description')}>
            <Button variant="light" leftSection={<IconLock size={16} />} onClick={() => setModal('password')}>
              {s('password.open')}
            </Button>
          </SettingsCard>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <SettingsCard icon={<IconMail size={22} />} title={s('email.title')} description={s('email.description')}>
            <Button variant="light" leftSection={<IconMail size={16} />} onClick={() => setModal('email')}>
              {s('email.open')}
            </Button>
          </SettingsCard>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <SettingsCard icon={<IconUserCircle size={22} />} title={t('settings:account.title')} description={t('settings:account.description')}>
            <Stack gap="sm">
              <TextInput label={t('settings:account.name')} value={user.name} readOnly variant="filled" />
              <TextInput label={t('settings:account.email')} value={user.email} readOnly variant="filled" data-testid="current-email" />
              <TextInput label={t('settings:account.role')} value={t(`common:roles.${user.role}`)} readOnly variant="filled" />
            </Stack>
          </SettingsCard>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <SettingsCard icon={<IconLanguage size={22} />} title={t('settings:preferences.title')} description={t('settings:preferences.description')}>
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
