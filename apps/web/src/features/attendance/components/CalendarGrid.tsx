import { ActionIcon, Box, Group, Table, Text, Tooltip } from '@mantine/core';
import { isoWeekday } from '@presente/shared';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { CalendarDay, CalendarRow } from '../api';
import { DayCell } from './DayCell';
import { useGridScroll } from './useGridScroll';

interface CalendarGridProps {
  rows: CalendarRow[];
  timezone: string;
  /** The company's local day, YYYY-MM-DD: later days cannot be opened. */
  today: string;
  onOpenDay: (row: CalendarRow, day: CalendarDay) => void;
}

const NAME_WIDTH = 190;
const SUMMARY_WIDTH = 148;
/** The four counts of the summary column, in its order; each has a short heading above it (never colour alone). */
const COUNTS = ['present', 'late', 'absent', 'permission'] as const;
const COUNT_COLOR = {
  present: 'var(--mantine-color-teal-text)',
  late: 'var(--mantine-color-orange-text)',
  absent: 'var(--mantine-color-red-text)',
  permission: 'var(--mantine-color-violet-text)',
} as const;
const countGrid = { display: 'grid', gridTemplateColumns: 'repeat(4, 1fr)', gap: 2, textAlign: 'center' } as const;
const weekend = (date: string) => isoWeekday(date) >= 6;
const WEEKEND_BG = 'var(--mantine-color-gray-0)';
/** A shadow on the sticky column's inner edge while days hide behind it. */
const EDGE_SHADOW_RIGHT = '-10px 0 10px -8px rgba(0, 0, 0, 0.35)';
const EDGE_SHADOW_LEFT = '10px 0 10px -8px rgba(0, 0, 0, 0.35)';

/** Per-row figures: present (early included), late, absent and leave counts; attendance rate and hours. */
function RowSummary({ row }: { row: CalendarRow }) {
  const { t } = useTranslation('dashboard');
  const s = row.stats;
  const counts = COUNTS.map((key) => ({ key, value: key === 'present' ? s.present + s.early : s[key], color: COUNT_COLOR[key] }));
  return (
    <Tooltip
      withArrow
      multiline
      w={260}
      label={[
        ...counts.map((c) => `${t(`attendance.grid.stats.${c.key}`)}: ${c.value}`),
        t('attendance.grid.stats.rate'),
        `${t('attendance.grid.stats.hours')}: ${s.totalHours.toFixed(2)}`,
        ...(s.leaveHours ? [`${t('attendance.grid.stats.leaveHours')}: ${s.leaveHours.toFixed(2)}`] : []),
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
        <div style={countGrid}>
          {counts.map((c) => (
            <Text key={c.key} size="xs" fw={700} c={c.color} data-count={c.key}>
              {c.value}
            </Text>
          ))}
        </div>
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
  const scroller = useRef<HTMLDivElement>(null);
  const scroll = useGridScroll(scroller, NAME_WIDTH, SUMMARY_WIDTH, [rows]);
  const step = (direction: 1 | -1) => scroller.current?.scrollBy({ left: direction * 7 * 31, behavior: 'smooth' });
  const edgeLeft = scroll.left ? EDGE_SHADOW_LEFT : undefined;
  const edgeRight = scroll.right ? EDGE_SHADOW_RIGHT : undefined;
  return (
    <Box>
      {(scroll.left || scroll.right) && (
        // A visible cue when the month does not fit: which days are in view, and buttons to the others.
        <Group justify="flex-end" gap={6} mb={6} data-testid="grid-scroll-cue">
          <Text size="xs" c="dimmed" aria-live="polite">
            {scroll.from != null && scroll.to != null
              ? t('attendance.grid.visibleDays', { from: scroll.from, to: scroll.to, total: days.length })
              : t('attendance.grid.moreDays')}
          </Text>
          <ActionIcon variant="default" size="sm" disabled={!scroll.left} onClick={() => step(-1)} aria-label={t('attendance.grid.earlierDays')}>
            <IconChevronLeft size={14} />
          </ActionIcon>
          <ActionIcon variant="default" size="sm" disabled={!scroll.right} onClick={() => step(1)} aria-label={t('attendance.grid.laterDays')}>
            <IconChevronRight size={14} />
          </ActionIcon>
        </Group>
      )}
      <Box ref={scroller} style={{ overflowX: 'auto' }}>
        <Table
          withRowBorders
          verticalSpacing={4}
          horizontalSpacing={2}
          style={{ borderCollapse: 'separate', borderSpacing: 0 }}
          aria-label={t('attendance.grid.label')}
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th style={{ ...sticky, zIndex: 3, boxShadow: edgeLeft }}>
                <Text size="xs" fw={700} pl="xs">
                  {t('attendance.grid.employee')}
                </Text>
              </Table.Th>
              {days.map((date) => (
                <Table.Th key={date} data-day={Number(date.slice(8))} ta="center" style={{ minWidth: 27, background: weekend(date) ? WEEKEND_BG : undefined }}>
                  <Text size="xs" fw={700} lh={1.1}>
                    {Number(date.slice(8))}
                  </Text>
                  <Text size="10px" c="dimmed" lh={1.1}>
                    {initials[isoWeekday(date) - 1]}
                  </Text>
                </Table.Th>
              ))}
              <Table.Th ta="center" style={{ ...stickyRight, zIndex: 3, boxShadow: edgeRight }}>
                <Text size="xs" fw={700}>
                  {t('attendance.grid.summary')}
                </Text>
                <div style={{ ...countGrid, padding: '0 6px' }}>
                  {COUNTS.map((key) => (
                    <Text key={key} size="10px" fw={700} c={COUNT_COLOR[key]} lh={1.2}>
                      <abbr title={t(`attendance.grid.stats.${key}`)} style={{ textDecoration: 'none' }}>
                        {t(`attendance.grid.statsShort.${key}`)}
                      </abbr>
                    </Text>
                  ))}
                </div>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.employeeId}>
                <Table.Td style={{ ...sticky, boxShadow: edgeLeft }}>
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
                <Table.Td style={{ ...stickyRight, boxShadow: edgeRight }}>
                  <RowSummary row={row} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Box>
    </Box>
  );
}
