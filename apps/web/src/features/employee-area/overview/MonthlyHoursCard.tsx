import { Paper, Skeleton, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LazyBarChart } from '../../../components/charts/LazyBarChart';
import { currentLanguage } from '../../../lib/i18n';
import { useAttendanceStats } from '../api';

function monthName(month: number, lang: string): string {
  return new Intl.DateTimeFormat(lang, { month: 'short', timeZone: 'UTC' }).format(new Date(Date.UTC(2024, month - 1, 1)));
}

/**
 * 'Horas por mes' (issue 16, item 5): the employee's worked hours month by month this year, from
 * GET /employee/attendance/stats?period=year (months[], decision 0036). The chart library loads with the card.
 */
export function MonthlyHoursCard({ year }: { year: number }) {
  const { t } = useTranslation('employee');
  const c = (key: string, values?: Record<string, unknown>) => t(`employeeArea.overview.hoursChart.${key}`, values);
  const stats = useAttendanceStats({ period: 'year', year });
  const months = stats.data?.months;

  let body: React.ReactNode;
  if (stats.isPending) body = <Skeleton h={220} radius="md" />;
  else if (stats.isError || !months) body = <Text c="dimmed">{c('loadError')}</Text>;
  else if (!months.some((m) => m.totalHours > 0)) body = <Text c="dimmed">{c('empty')}</Text>;
  else {
    const hours = c('hours');
    const lang = currentLanguage();
    const total = months.reduce((n, m) => n + m.totalHours, 0);
    body = (
      <LazyBarChart
        label={c('title', { year })}
        summary={c('summary', { total: total.toFixed(2), months: months.length })}
        data={months.map((m) => ({ month: monthName(m.month, lang), [hours]: m.totalHours }))}
        dataKey="month"
        unit=" h"
        series={[{ name: hours, color: 'indigo.6' }]}
      />
    );
  }

  return (
    <Paper withBorder p="lg" radius="lg">
      <Title order={2} fz="lg" mb="md">
        {c('title', { year })}
      </Title>
      {body}
    </Paper>
  );
}
