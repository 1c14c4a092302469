import { Button, Card, Group, Skeleton, Table, Text } from '@mantine/core';
import { IconCalendarWeek } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CardHeading } from '../../../components/CardHeading';
import { useIsMobile } from '../../../lib/useIsMobile';
import { useWeeklySummary, type WeeklyDay } from '../api';
import { Rate } from './DepartmentSummary';

function dayLabel(ymd: string, locale: string): string {
  const [y, m, d] = ymd.split('-').map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  // The weekday in the reader's language, the date always day first ("Mon, 09/03" for 9 March, never the en-US "03/09").
  let weekday: string;
  try {
    weekday = new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' }).format(date);
  } catch {
    weekday = new Intl.DateTimeFormat(undefined, { weekday: 'short', timeZone: 'UTC' }).format(date);
  }
  return `${weekday}, ${String(d).padStart(2, '0')}/${String(m).padStart(2, '0')}`;
}

/** Everyone who checked in (on time, early or late), as 'Presentes hoy' (decision 0016). */
const attended = (d: WeeklyDay) => d.present + d.early + d.late;
/** A day nobody was due (weekend, holiday for all): no rate to show. */
const nobodyDue = (d: WeeklyDay) => attended(d) + d.permission + d.absent === 0;

/**
 * 'Últimos 7 días' of the overview (GET /attendance/weekly-summary): per complete day, who came, who was
 * late, who was absent and the day's attendance rate. Today stays in the cards above.
 */
export function WeeklySummaryCard({ today, locale }: { today: string; locale: string }) {
  const { t } = useTranslation('dashboard');
  const w = (key: string) => t(`companyOverview.weekly.${key}`);
  const query = useWeeklySummary(today);
  // Phones: short headings (the full words as their title) and the rate as a figure, so the five columns fit.
  const phone = useIsMobile();
  const head = (key: string) =>
    phone ? (
      <abbr title={w(key)} style={{ textDecoration: 'none' }}>
        {w(`${key}Short`)}
      </abbr>
    ) : (
      w(key)
    );

  let body: ReactNode;
  if (query.isPending) body = <Skeleton h={220} radius="md" />;
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
  else
    body = (
      <Table.ScrollContainer minWidth={phone ? 0 : 420}>
        <Table verticalSpacing={6} horizontalSpacing={phone ? 6 : 'sm'} fz={phone ? 'xs' : 'sm'} aria-label={w('title')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{w('day')}</Table.Th>
              <Table.Th ta="right">{head('present')}</Table.Th>
              <Table.Th ta="right">{head('late')}</Table.Th>
              <Table.Th ta="right">{head('absent')}</Table.Th>
              <Table.Th ta={phone ? 'right' : undefined}>{head('rate')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {query.data.map((d) => (
              <Table.Tr key={d.date} c={nobodyDue(d) ? 'dimmed' : undefined}>
                <Table.Td fw={600} tt="capitalize" style={{ whiteSpace: 'nowrap' }}>
                  {dayLabel(d.date, locale)}
                </Table.Td>
                <Table.Td ta="right" c={attended(d) ? 'var(--mantine-color-teal-text)' : undefined}>
                  {attended(d)}
                </Table.Td>
                <Table.Td ta="right" c={d.late ? 'var(--mantine-color-orange-text)' : undefined}>
                  {d.late}
                </Table.Td>
                <Table.Td ta="right" c={d.absent ? 'var(--mantine-color-red-text)' : undefined}>
                  {d.absent}
                </Table.Td>
                <Table.Td ta={phone ? 'right' : undefined}>
                  {nobodyDue(d) ? (
                    <Text inherit>{phone ? '—' : w('noneDue')}</Text>
                  ) : phone ? (
                    <Text inherit fw={700}>{`${d.attendanceRate}%`}</Text>
                  ) : (
                    <Rate percent={d.attendanceRate} />
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );

  return (
    <Card withBorder padding="lg">
      <CardHeading icon={<IconCalendarWeek size={22} />} color="indigo" title={w('title')} subtitle={w('subtitle')} />
      {body}
    </Card>
  );
}
