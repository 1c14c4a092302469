import { Badge, Box, Group, Paper, SimpleGrid, Stack, Text, Tooltip } from '@mantine/core';
import { isoWeekday } from '@presente/shared';
import { useTranslation } from 'react-i18next';
import type { CalendarDay, CalendarRow } from '../api';
import { mobileRate } from '../status';
import { DayCell } from './DayCell';

interface CalendarCardsProps {
  rows: CalendarRow[];
  timezone: string;
  today: string;
  onOpenDay: (row: CalendarRow, day: CalendarDay) => void;
}

const ISO_WEEKDAYS = [1, 2, 3, 4, 5, 6, 7];

/** Mobile view (< 768 px): one card per employee with the month's figures and a compact day list. */
export function CalendarCards({ rows, timezone, today, onOpenDay }: CalendarCardsProps) {
  const { t } = useTranslation('dashboard');
  const initials = t('attendance.weekdayInitials', { returnObjects: true }) as string[];

  return (
    <Stack gap="sm">
      {rows.map((row) => {
        const offset = row.days.length ? isoWeekday(row.days[0].date) - 1 : 0;
        const rate = mobileRate(row.stats, row.days.length);
        const figures = [
          { key: 'present', value: row.stats.present, color: 'teal' },
          { key: 'late', value: row.stats.late, color: 'orange' },
          { key: 'absent', value: row.stats.absent, color: 'red' },
          { key: 'permission', value: row.stats.permission, color: 'violet' },
        ];
        return (
          <Paper key={row.employeeId} withBorder radius="lg" p="sm">
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
              <Box style={{ minWidth: 0 }}>
                <Text fw={600} truncate="end">
                  {row.employeeName}
                </Text>
                <Text size="xs" c="dimmed" truncate="end">
                  {[row.employeeCode, row.position, row.department?.name].filter(Boolean).join(' · ')}
                </Text>
              </Box>
              <Tooltip label={t('attendance.cards.rateHint')} withArrow multiline w={220} events={{ hover: true, focus: true, touch: true }}>
                <Badge size="lg" variant="light" color="indigo" style={{ flexShrink: 0 }}>
                  {t('attendance.cards.rateLabel', { rate })}
                </Badge>
              </Tooltip>
            </Group>
            <SimpleGrid cols={5} spacing={4} mt="xs">
              {figures.map((f) => (
                <Box key={f.key} ta="center" py={4} style={{ borderRadius: 8, background: `var(--mantine-color-${f.color}-0)` }}>
                  <Text fw={700} size="sm" c={`var(--mantine-color-${f.color}-text)`}>
                    {f.value}
                  </Text>
                  <Text size="10px" c="dimmed">
                    {t(`attendance.status.${f.key}`)}
                  </Text>
                </Box>
              ))}
              <Box ta="center" py={4} style={{ borderRadius: 8, background: 'var(--mantine-color-indigo-0)' }}>
                <Text fw={700} size="sm" c="indigo.8">
                  {row.stats.totalHours.toFixed(2)}
                </Text>
                <Text size="10px" c="dimmed">
                  {t('attendance.grid.statsShort.hours')}
                </Text>
              </Box>
            </SimpleGrid>
            <Box mt="sm" style={{ display: 'grid', gridTemplateColumns: 'repeat(7, 1fr)', gap: 4, justifyItems: 'center' }}>
              {ISO_WEEKDAYS.map((weekday) => (
                <Text key={weekday} size="10px" c="dimmed" fw={600}>
                  {initials[weekday - 1]}
                </Text>
              ))}
              {ISO_WEEKDAYS.slice(0, offset).map((weekday) => (
                <span key={`blank-${weekday}`} />
              ))}
              {row.days.map((day) => (
                <DayCell
                  key={day.date}
                  day={day}
                  employeeName={row.employeeName}
                  timezone={timezone}
                  disabled={day.date > today}
                  onOpen={() => onOpenDay(row, day)}
                  size={36}
                  showNumber
                />
              ))}
            </Box>
          </Paper>
        );
      })}
    </Stack>
  );
}
