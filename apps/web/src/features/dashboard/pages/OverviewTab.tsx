import { Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { utcOffset } from '@presente/shared';
import { IconClockHour4, IconMail, IconUserShield, IconWorld } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatLongDate, formatTime, hourIn } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { displayLocale } from '../../../lib/locale';
import { useNow } from '../../../lib/useNow';
import { useCompanyConfig } from '../../auth/CompanyConfigContext';
import { InfoCard } from '../components/InfoCard';
import type { TabProps } from '../tab-types';

function greetingKey(hour: number): 'morning' | 'afternoon' | 'evening' {
  if (hour >= 5 && hour < 12) return 'morning';
  if (hour >= 12 && hour < 19) return 'afternoon';
  return 'evening';
}

function capitalize(text: string): string {
  return text.charAt(0).toLocaleUpperCase() + text.slice(1);
}

function safeOffset(timezone: string): string {
  try {
    return `UTC${utcOffset(timezone)}`;
  } catch {
    return '';
  }
}

/** Overview tab of every area: a welcome card built from the session and the company's region settings. */
export function OverviewTab({ user }: TabProps) {
  const { t } = useTranslation(['dashboard', 'common', 'employee']);
  const config = useCompanyConfig();
  const now = useNow();
  const lang = currentLanguage();
  const zone = { timezone: config.timezone, locale: displayLocale(config.locale, lang) };
  const firstName = user.name.trim().split(/\s+/)[0] || user.name;
  const subtitle = user.role === 'EMPLOYEE' ? t('employee:overview.subtitle') : t(`dashboard:overview.subtitle.${user.role}`);
  const offset = safeOffset(config.timezone);

  return (
    <Stack gap="lg">
      <Paper
        radius="lg"
        p={{ base: 'lg', sm: 'xl' }}
        style={{
          background: 'linear-gradient(135deg, var(--mantine-color-indigo-7) 0%, var(--mantine-color-indigo-5) 55%, var(--mantine-color-cyan-5) 100%)',
          color: 'white',
        }}
      >
        <Group justify="space-between" align="flex-start" gap="md">
          <div style={{ minWidth: 0 }}>
            <Text size="sm" fw={500} opacity={0.85}>
              {t('dashboard:overview.today', { date: formatLongDate(now, zone) })}
            </Text>
            <Title order={2} mt={6} fz={{ base: 24, sm: 30 }} c="white">
              {t(`dashboard:overview.greeting.${greetingKey(hourIn(now, config.timezone))}`, { name: firstName })}
            </Title>
            <Text mt="xs" opacity={0.9} maw={620}>
              {subtitle}
            </Text>
          </div>
          <Badge size="lg" variant="white" color="indigo" radius="sm">
            {t(`common:roles.${user.role}`)}
          </Badge>
        </Group>
      </Paper>

      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
        <InfoCard icon={IconUserShield} label={t('dashboard:overview.cards.role')} value={t(`common:roles.${user.role}`)} hint={user.name} />
        <InfoCard icon={IconMail} label={t('dashboard:overview.cards.email')} value={user.email} color="cyan" />
        <InfoCard
          icon={IconClockHour4}
          label={t('dashboard:overview.cards.localTime')}
          value={formatTime(now, zone)}
          hint={capitalize(formatLongDate(now, zone))}
          color="teal"
        />
        <InfoCard
          icon={IconWorld}
          label={t('dashboard:overview.cards.timezone')}
          value={config.timezone}
          hint={`${offset} · ${t('dashboard:overview.cards.locale')}: ${config.locale}`}
          color="grape"
        />
      </SimpleGrid>

      <Text size="sm" c="dimmed">
        {t('dashboard:overview.regionNote', { timezone: config.timezone, offset })}
      </Text>
    </Stack>
  );
}
