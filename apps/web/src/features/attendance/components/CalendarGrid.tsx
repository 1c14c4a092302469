import { Box, Group, Table, Text, Tooltip } from '@mantine/core';
import { isoWeekday } from '@presente/shared';
import { useTranslation } from 'react-i18next';
import type { CalendarDay, CalendarRow } from '../api';
import { DayCell } from './DayCell';

interface CalendarGridProps {
  rows: CalendarRow[];
  timezone: string;
  /** The company's local day, YYYY-MM-DD: later days cannot be opened. */
  today: string;
  onOpenDay: (row: CalendarRow, day: CalendarDay) => void;
}

const NAME_WIDTH = 190;
const SUMMARY_WIDTH = 128;
const weekend = (date: string) => isoWeekday(date) >= 6;
const WEEKEND_BG = 'var(--mantine-color-gray-0)';

/** Per-row figures: present (early included), late, absent and leave counts; attendance rate and hours. */
function RowSummary({ row }: { row: CalendarRow }) {
  const { t } = useTranslation('dashboard');
  const s = row.stats;
  const counts = [
    { key: 'present', value: s.present + s.early, color: 'teal.8' },
    { key: 'late', value: s.late, color: 'orange.8' },
    { key: 'absent', value: s.absent, color: 'red.8' },
    { key: 'permission', value: s.permission, color: 'violet.8' },
  ];
  return (
    <Tooltip
      withArrow
      multiline
      w={260}
      label={[
        ...counts.map((c) => `${t(`attendance.grid.stats.${c.key}`)}: ${c.value}`),
        t('attendance.grid.stats.rate'),
        `${t('attendance.grid.stats.hours')}: ${s.totalHours.toFixed(2)}`,
      ].join('\n')}
      style={{ whiteSpace: 'pre-line' }}
    >
      <Box
        px={6}
        aria-label={t('attendance.grid.summaryLabel', {
          rate: s.attendanceRate,
          hours: s.totalHours.toFixed(2),
          present: s.present + s.early,
          late: s.late,
          absent: s.absent,
          permission: s.permission,
        })}
      >
        <Group gap={6} justify="center" wrap="nowrap">
          {counts.map((c) => (
            <Text key={c.key} size="xs" fw={700} c={c.color}>
              {c.value}
            </Text>
          ))}
        </Group>
        <Text size="xs" ta="center" c="dimmed">
          <Text span fw={700} c="var(--mantine-color-text)">
            {t('attendance.grid.rateLabel', { rate: s.attendanceRate })}
          </Text>{' '}
          · {s.totalHours.toFixed(2)} h
        </Text>
      </Box>
    </Tooltip>
  );
}

/** Desktop month grid (spec §2): sticky name column, one column per day, sticky per-row figures at the end. */
export function CalendarGrid({ rows, timezone, today, onOpenDay }: CalendarGridProps) {
  const { t } = useTranslation('dashboard');
  const initials = t('attendance.weekdayInitials', { returnObjects: true }) as string[];
  const days = rows[0]?.days.map((d) => d.date) ?? [];
  const sticky = { position: 'sticky', left: 0, zIndex: 2, background: 'var(--mantine-color-body)', minWidth: NAME_WIDTH, maxWidth: NAME_WIDTH } as const;
  const stickyRight = {
    position: 'sticky',
    right: 0,
    zIndex: 2,
    background: 'var(--mantine-color-body)',
    minWidth: SUMMARY_WIDTH,
    borderLeft: '1px solid var(--mantine-color-gray-3)',
  } as const;
  return (
    <Box style={{ overflowX: 'auto' }}>
      <Table
        withRowBorders
        verticalSpacing={4}
        horizontalSpacing={2}
        style={{ borderCollapse: 'separate', borderSpacing: 0 }}
        aria-label={t('attendance.grid.label')}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th style={{ ...sticky, zIndex: 3 }}>
              <Text size="xs" fw={700} pl="xs">
                {t('attendance.grid.employee')}
              </Text>
            </Table.Th>
            {days.map((date) => (
              <Table.Th key={date} ta="center" style={{ minWidth: 27, background: weekend(date) ? WEEKEND_BG : undefined }}>
                <Text size="xs" fw={700} lh={1.1}>
                  {Number(date.slice(8))}
                </Text>
                <Text size="10px" c="dimmed" lh={1.1}>
                  {initials[isoWeekday(date) - 1]}
                </Text>
              </Table.Th>
            ))}
            <Table.Th ta="center" style={{ ...stickyRight, zIndex: 3 }}>
              <Text size="xs" fw={700}>
                {t('attendance.grid.summary')}
              </Text>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.employeeId}>
              <Table.Td style={sticky}>
                <Box pl="xs" pr={4}>
                  <Text size="sm" fw={600} truncate="end" title={row.employeeName}>
                    {row.employeeName}
                  </Text>
                  <Text size="xs" c="dimmed" truncate="end">
                    {[row.employeeCode, row.position].filter(Boolean).join(' · ')}
                  </Text>
                </Box>
              </Table.Td>
              {row.days.map((day) => (
                <Table.Td key={day.date} ta="center" style={{ background: weekend(day.date) ? WEEKEND_BG : undefined }}>
                  <DayCell
                    day={day}
                    employeeName={row.employeeName}
                    timezone={timezone}
                    disabled={day.date > today}
                    onOpen={() => onOpenDay(row, day)}
                    size={24}
                  />
                </Table.Td>
              ))}
              <Table.Td style={stickyRight}>
                <RowSummary row={row} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Box>
  );
}
