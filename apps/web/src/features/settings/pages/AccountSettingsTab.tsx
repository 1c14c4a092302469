import { Grid, Stack, Text, TextInput } from '@mantine/core';
import { IconLanguage, IconUserCircle, IconWorld } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../../components/LanguageSwitch';
import { SettingsCard } from '../../../components/SettingsCard';
import { useCompanyConfig } from '../../auth/CompanyConfigContext';
import type { TabProps } from '../../dashboard/tab-types';

/** Settings tab of every area: read-only account details, interface language and the company's region. */
export function AccountSettingsTab({ user }: TabProps) {
  const { t } = useTranslation(['settings', 'common']);
  const config = useCompanyConfig();
  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <SettingsCard icon={IconUserCircle} title={t('account.title')} description={t('account.description')}>
          <Stack gap="sm">
            <TextInput label={t('account.name')} value={user.name} readOnly variant="filled" />
            <TextInput label={t('account.email')} value={user.email} readOnly variant="filled" />
            <TextInput label={t('account.role')} value={t(`common:roles.${user.role}`)} readOnly variant="filled" />
          </Stack>
        </SettingsCard>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Stack gap="md">
          <SettingsCard icon={IconLanguage} title={t('preferences.title')} description={t('preferences.description')}>
            <Text size="sm" fw={500} mb={6}>
              {t('preferences.language')}
            </Text>
            <LanguageSwitch size="sm" long fullWidth />
          </SettingsCard>
          <SettingsCard icon={IconWorld} title={t('region.title')} description={t('region.description')}>
            <Stack gap="sm">
              <TextInput label={t('region.timezone')} value={config.timezone} readOnly variant="filled" />
              <TextInput label={t('region.locale')} value={config.locale} readOnly variant="filled" />
            </Stack>
          </SettingsCard>
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
