import { Alert, Button, Grid, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import {
  IconAlertTriangle,
  IconBeach,
  IconClockExclamation,
  IconFileCertificate,
  IconRun,
  IconUserCheck,
  IconUserCircle,
  IconUsers,
  IconUserX,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { StatCard } from '../../../components/StatCard';
import { currentLanguage } from '../../../lib/i18n';
import { displayLocale } from '../../../lib/locale';
import { useCompanyConfig } from '../../auth/CompanyConfigContext';
import type { TabProps } from '../../dashboard/tab-types';
import { type CompanyDashboard, useCompanyDashboard } from '../api';
import { DepartmentSummary } from '../components/DepartmentSummary';
import { FirstStepsCard } from '../components/FirstStepsCard';
import { LastThirtyDaysCard } from '../components/LastThirtyDaysCard';
import { MonthlyStatsCard } from '../components/MonthlyStatsCard';
import { PlanUsageCard } from '../components/PlanUsageCard';
import { SupportCards } from '../components/SupportCards';
import { WeeklySummaryCard } from '../components/WeeklySummaryCard';

function utcDay(ymd: string): Date {
  const [y, m, d] = ymd.split('-').map(Number);
  return new Date(Date.UTC(y, (m || 1) - 1, d || 1));
}

function formatter(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  try {
    return new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' });
  } catch {
    return new Intl.DateTimeFormat(undefined, { ...options, timeZone: 'UTC' });
  }
}

/** A calendar day YYYY-MM-DD in words ("martes, 10 de marzo de 2026"), independent of the browser's zone. */
function dayInWords(ymd: string, locale: string): string {
  return formatter(locale, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(utcDay(ymd));
}

/** The month's name as used inside a sentence ("marzo" in Spanish, "March" in English). */
function monthInSentence(ymd: string, locale: string): string {
  const parts = formatter(locale, { day: 'numeric', month: 'long' }).formatToParts(utcDay(ymd));
  return parts.find((p) => p.type === 'month')?.value ?? '';
}

/**
 * Today's cards (decision 0016): 'Presentes hoy' counts every check-in of the day, so late and early
 * arrivals are subsets of it; 'Ausentes hoy' only counts people whose shift start plus tolerance has passed.
 */
function TodayCards({ data }: { data: CompanyDashboard }) {
  const { t } = useTranslation('dashboard');
  const c = (key: string) => t(`companyOverview.cards.${key}`);
  const inactive = data.totalEmployees - data.activeEmployees;
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing={{ base: 'sm', sm: 'md' }}>
      <StatCard icon={IconUsers} color="indigo" label={c('totalEmployees')} value={data.totalEmployees} />
      <StatCard
        icon={IconUserCircle}
        color="blue"
        label={c('activeEmployees')}
        value={data.activeEmployees}
        hint={inactive > 0 ? t('companyOverview.cards.inactive', { count: inactive }) : c('allActive')}
      />
      <StatCard
        icon={IconUserCheck}
        color="teal"
        label={c('presentToday')}
        value={data.presentToday}
        hint={t('companyOverview.cards.presentHint', { count: data.activeEmployees })}
      />
      <StatCard icon={IconUserX} color="red" label={c('absentToday')} value={data.absentToday} hint={c('absentHint')} />
      <StatCard icon={IconClockExclamation} color="orange" label={c('lateToday')} value={data.lateToday} hint={c('subsetHint')} />
      <StatCard icon={IconRun} color="cyan" label={c('earlyToday')} value={data.earlyToday} hint={c('subsetHint')} />
      <StatCard icon={IconFileCertificate} color="violet" label={c('permissionsToday')} value={data.permissionsToday} />
      <StatCard icon={IconBeach} color="grape" label={c('holidaysToday')} value={data.holidaysToday} />
    </SimpleGrid>
  );
}

function OverviewSkeleton() {
  return (
    <Stack gap="lg" aria-busy>
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
        {['total', 'active', 'present', 'absent', 'late', 'early', 'permissions', 'holidays'].map((id) => (
          <Skeleton key={id} h={108} radius="lg" />
        ))}
      </SimpleGrid>
      <Grid>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Skeleton h={230} radius="lg" />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Skeleton h={230} radius="lg" />
        </Grid.Col>
      </Grid>
      <Skeleton h={200} radius="lg" />
    </Stack>
  );
}

/** Company admin Resumen (spec §2): today's figures, the month, the last 7 days, departments, plan usage and help. */
export function CompanyOverviewTab(_props: TabProps) {
  const { t } = useTranslation('dashboard');
  const config = useCompanyConfig();
  const locale = displayLocale(config.locale, currentLanguage());
  const query = useCompanyDashboard();

  if (query.isPending) return <OverviewSkeleton />;
  if (query.isError || !query.data) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} />} title={t('companyOverview.loadError')} radius="lg">
        <Button mt="sm" size="xs" variant="white" color="red" onClick={() => void query.refetch()} loading={query.isFetching}>
          {t('common:actions.retry')}
        </Button>
      </Alert>
    );
  }

  const data = query.data;
  const today = dayInWords(data.today, locale);
  const month = monthInSentence(data.today, locale);

  return (
    <Stack gap="lg">
      <Group justify="space-between" gap="xs">
        <Text fw={600} size="lg">
          {data.company.name}
        </Text>
        <Text c="dimmed" size="sm">
          {t('companyOverview.today', { date: today })}
        </Text>
      </Group>
      {data.firstSteps && <FirstStepsCard steps={data.firstSteps} />}
      <TodayCards data={data} />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <MonthlyStatsCard stats={data.monthlyStats} monthName={month} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <PlanUsageCard plan={data.company.plan} usage={data.usage} />
        </Grid.Col>
      </Grid>
      <LastThirtyDaysCard today={data.today} />
      <WeeklySummaryCard today={data.today} locale={locale} />
      <DepartmentSummary departments={data.departmentStats} />
      <SupportCards />
    </Stack>
  );
}
