import { Button, Card, Group, Skeleton, Text } from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CardHeading } from '../../../components/CardHeading';
import { LazyBarChart } from '../../../components/charts/LazyBarChart';
import { useDaySummary, type WeeklyDay } from '../api';

const DAYS = 30;

/** Day first in every language ("09/03"), as the rest of the overview. */
const dayMonth = (ymd: string) => `${ymd.slice(8, 10)}/${ymd.slice(5, 7)}`;

/**
 * 'Últimos 30 días' (issue 16, item 5): per complete day, who came on time (early included), who came late
 * and who was absent, stacked, from GET /attendance/weekly-summary (the same per-day counts as the 7-day
 * table). The chart library loads with the card, not with the tab.
 */
export function LastThirtyDaysCard({ today }: { today: string }) {
  const { t } = useTranslation('dashboard');
  const w = (key: string, values?: Record<string, unknown>) => t(`companyOverview.chart.${key}`, values);
  const query = useDaySummary(today, DAYS);

  let body: React.ReactNode;
  if (query.isPending) body = <Skeleton h={260} radius="md" />;
  else if (query.isError)
    body = (
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="red.8">
          {w('loadError')}
        </Text>
        <Button size="xs" variant="light" color="red" onClick={() => void query.refetch()} loading={query.isFetching}>
          {t('common:actions.retry')}
        </Button>
      </Group>
    );
  else {
    const days = query.data;
    const due = days.filter((d: WeeklyDay) => d.present + d.early + d.late + d.permission + d.absent > 0);
    if (!due.length) body = <Text c="dimmed">{w('empty')}</Text>;
    else {
      const onTime = w('onTime');
      const late = w('late');
      const absent = w('absent');
      const data = days.map((d) => ({ day: dayMonth(d.date), [onTime]: d.present + d.early, [late]: d.late, [absent]: d.absent }));
      const average = Math.round(due.reduce((n, d) => n + d.attendanceRate, 0) / due.length);
      body = (
        <LazyBarChart
          label={w('title')}
          summary={w('summary', { days: due.length, average })}
          data={data}
          dataKey="day"
          stacked
          h={260}
          series={[
            { name: onTime, color: 'teal.6' },
            { name: late, color: 'orange.6' },
            { name: absent, color: 'red.6' },
          ]}
        />
      );
    }
  }

  return (
    <Card withBorder padding="lg">
      <CardHeading icon={<IconChartBar size={22} />} color="indigo" title={w('title')} subtitle={w('subtitle')} />
      {body}
    </Card>
  );
}
