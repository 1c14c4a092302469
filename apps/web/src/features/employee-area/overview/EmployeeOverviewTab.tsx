import { Anchor, Badge, Grid, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCalendarCheck, IconCalendarWeek, IconClock, IconClockHour4 } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadError } from '../../../components/LoadError';
import { StatCard } from '../../../components/StatCard';
import { formatShiftRange } from '../../../lib/shiftTimes';
import type { TabProps } from '../../dashboard/tab-types';
import { PendingChangesNotice } from '../../manual-changes/PendingChangesNotice';
import { useEmployeeDashboard } from '../api';
import { workDayNames } from '../schedule/workDays';
import type { EmployeeDashboard } from '../types';
import { MonthlyHoursCard } from './MonthlyHoursCard';
import { TodayCard } from './TodayCard';

function ScheduleCard({ data }: { data: EmployeeDashboard }) {
  const { t } = useTranslation('employee');
  const s = data.schedule;
  return (
    <Paper withBorder p="lg" radius="lg" h="100%">
      <Title order={2} fz="lg" mb="md">
        {t('employeeArea.overview.schedule')}
      </Title>
      {s ? (
        <Stack gap={8}>
          <Group gap="xs">
            <Text fw={600}>{s.name}</Text>
            <Badge variant="light" radius="sm" styles={{ root: { textTransform: 'none' } }}>
              {formatShiftRange(s)}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            {workDayNames(t, s.workDays).join(', ')}
          </Text>
          <Anchor component={Link} to="/employee/schedule" size="sm">
            {t('employeeArea.overview.seeSchedule')}
          </Anchor>
        </Stack>
      ) : (
        <Text c="dimmed">{t('employeeArea.schedule.none')}</Text>
      )}
    </Paper>
  );
}

/** Employee overview (spec §2): hours today, this week, this month, days attended; today's attendance. */
export function EmployeeOverviewTab({ user }: TabProps) {
  const { t } = useTranslation('employee');
  const dashboard = useEmployeeDashboard();
  const c = (key: string) => t(`employeeArea.overview.cards.${key}`);
  const e = dashboard.data?.employee;

  let content: ReactNode;
  if (dashboard.isPending) {
    content = (
      <Stack gap="md" aria-busy>
        <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
          {['today', 'week', 'month', 'days'].map((key) => (
            <Skeleton key={key} h={104} radius="lg" />
          ))}
        </SimpleGrid>
        <Skeleton h={220} radius="lg" />
      </Stack>
    );
  } else if (dashboard.isError) {
    content = <LoadError message={t('employeeArea.overview.loadError')} onRetry={() => dashboard.refetch()} />;
  } else {
    const { stats } = dashboard.data;
    const h = (n: number) => `${n.toFixed(2)} h`;
    content = (
      <Stack gap="md">
        <SimpleGrid cols={{ base: 2, md: 4 }} spacing={{ base: 'sm', sm: 'md' }}>
          <StatCard compact icon={IconClock} color="indigo" label={c('today')} value={h(stats.todayHours)} />
          <StatCard compact icon={IconCalendarWeek} color="blue" label={c('week')} value={h(stats.weeklyHours)} hint={c('weekHint')} />
          <StatCard compact icon={IconClockHour4} color="cyan" label={c('month')} value={h(stats.monthlyHours)} hint={c('monthHint')} />
          <StatCard compact icon={IconCalendarCheck} color="teal" label={c('days')} value={stats.monthlyDays} hint={c('daysHint')} />
        </SimpleGrid>
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <TodayCard data={dashboard.data} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <ScheduleCard data={dashboard.data} />
          </Grid.Col>
        </Grid>
        <MonthlyHoursCard year={Number(dashboard.data.todayDate.slice(0, 4))} />
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <div>
        <Title order={2} fz={{ base: 'lg', sm: 'xl' }}>
          {t('employeeArea.overview.greeting', { name: user.name })}
        </Title>
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {[user.email, e?.position, e?.department, e?.employeeCode].filter(Boolean).join(' · ')}
        </Text>
      </div>
      <PendingChangesNotice />
      {content}
    </Stack>
  );
}
