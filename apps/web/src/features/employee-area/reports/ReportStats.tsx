import { SimpleGrid } from '@mantine/core';
import { IconBeach, IconCalendarCheck, IconChartPie, IconClockExclamation, IconClockHour4, IconFileCertificate, IconRun, IconUserX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { StatCard } from '../../../components/StatCard';
import type { AttendanceStats } from '../types';

/** The period's figures: present, early, late, permission, holiday, absent, total hours, attendance %. */
export function ReportStats({ stats }: { stats: AttendanceStats }) {
  const { t } = useTranslation('employee');
  const s = (key: string) => t(`employeeArea.reports.stats.${key}`);
  const c = stats.counts;
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing={{ base: 'sm', sm: 'md' }}>
      <StatCard compact icon={IconCalendarCheck} color="teal" label={s('present')} value={c.present} />
      <StatCard compact icon={IconRun} color="cyan" label={s('early')} value={c.early} />
      <StatCard compact icon={IconClockExclamation} color="orange" label={s('late')} value={c.late} />
      <StatCard compact icon={IconFileCertificate} color="violet" label={s('permission')} value={c.permission} />
      <StatCard compact icon={IconBeach} color="pink" label={s('holiday')} value={c.holiday} />
      <StatCard compact icon={IconUserX} color="red" label={s('absent')} value={c.absent} />
      <StatCard
        compact
        icon={IconClockHour4}
        color="indigo"
        label={s('totalHours')}
        value={stats.totalHours.toFixed(2)}
        hint={t('employeeArea.reports.avgHours', { value: stats.averageHoursPerDay.toFixed(2) })}
      />
      <StatCard compact icon={IconChartPie} color="blue" label={s('rate')} value={`${stats.attendanceRate}%`} hint={t('employeeArea.reports.rateHint')} />
    </SimpleGrid>
  );
}
