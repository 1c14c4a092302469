import { SimpleGrid } from '@mantine/core';
import type { AttendanceReport } from '@presente/shared';
import { IconBeach, IconCalendarCheck, IconChartPie, IconClockExclamation, IconClockHour4, IconFileCertificate, IconRun, IconUserX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { StatCard } from '../../../components/StatCard';

/**
 * The period's figures as the server computed them (decision 0055): present, early, late, permission, holiday, absent,
 * hours worked (with the average per day and a permission's paid hours beside them) and attendance %.
 */
export function ReportStats({ report }: { report: AttendanceReport }) {
  const { t } = useTranslation('employee');
  const s = (key: string) => t(`employeeArea.reports.stats.${key}`);
  const c = report.counts;
  const leave = report.leaveHours ? ` · ${t('employeeArea.reports.leaveHours', { value: report.leaveHours.toFixed(2) })}` : '';
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
        value={report.totalHours.toFixed(2)}
        hint={`${t('employeeArea.reports.avgHours', { value: report.averageHoursPerDay.toFixed(2) })}${leave}`}
      />
      <StatCard compact icon={IconChartPie} color="blue" label={s('rate')} value={`${report.attendanceRate}%`} hint={t('employeeArea.reports.rateHint')} />
    </SimpleGrid>
  );
}
