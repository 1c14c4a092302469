import { Box, Tooltip, UnstyledButton } from '@mantine/core';
import { toLocal } from '@presente/shared';
import { IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../../components/DayInput';
import type { CalendarDay } from '../api';
import { STATUS_STYLE, statusColors } from '../status';

interface DayCellProps {
  day: CalendarDay;
  employeeName: string;
  timezone: string;
  /** Days after today cannot get a record. */
  disabled: boolean;
  onOpen: () => void;
  size?: number;
  /** Shows the day number instead of only the icon (mobile list). */
  showNumber?: boolean;
}

/** The local "HH:mm" of an instant in the company's timezone. */
export function localTime(iso: string | null | undefined, timezone: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : toLocal(date, timezone).time;
}

/** One day of one employee: status colour and icon, incomplete and manual marks, details in a tooltip. */
export function DayCell({ day, employeeName, timezone, disabled, onOpen, size = 26, showNumber = false }: DayCellProps) {
  const { t } = useTranslation('dashboard');
  const { icon: StatusIcon } = STATUS_STYLE[day.status];
  const { bg, fg } = statusColors(day.status);
  const a = day.attendance;
  const statusLabel = t(`attendance.status.${day.status}`);
  const times = a ? [localTime(a.checkIn, timezone), localTime(a.checkOut, timezone)].filter(Boolean).join(' – ') : '';
  const details = [
    `${formatDay(day.date)} · ${statusLabel}`,
    day.holiday?.name,
    times,
    day.workHours != null ? t('attendance.cell.hours', { hours: day.workHours.toFixed(2) }) : '',
    a?.incomplete ? t('attendance.legend.incomplete') : '',
    a?.isManual ? t('attendance.legend.manual') : '',
  ].filter(Boolean);
  const dayNumber = Number(day.date.slice(8));

  return (
    <Tooltip label={details.join('\n')} style={{ whiteSpace: 'pre-line' }} withArrow openDelay={250} disabled={disabled}>
      <UnstyledButton
        onClick={onOpen}
        disabled={disabled}
        aria-label={t('attendance.cell.label', { name: employeeName, date: formatDay(day.date), status: statusLabel })}
        style={{
          position: 'relative',
          width: size,
          height: size,
          borderRadius: 6,
          background: bg,
          color: fg,
          display: 'inline-flex',
          flexDirection: 'column',
          alignItems: 'center',
          justifyContent: 'center',
          border: day.status === 'pending' ? '1px dashed var(--mantine-color-gray-3)' : '1px solid transparent',
          cursor: disabled ? 'default' : 'pointer',
          opacity: disabled ? 0.55 : 1,
          lineHeight: 1,
        }}
      >
        {showNumber && (
          <Box component="span" fz={10} fw={600}>
            {dayNumber}
          </Box>
        )}
        <StatusIcon size={showNumber ? 12 : 14} stroke={2.2} aria-hidden />
        {a?.incomplete && (
          <Box
            component="span"
            aria-hidden
            style={{
              position: 'absolute',
              top: -3,
              right: -3,
              width: 9,
              height: 9,
              borderRadius: 9,
              background: 'var(--mantine-color-yellow-5)',
              border: '1.5px solid white',
            }}
          />
        )}
        {a?.isManual && (
          <Box
            component="span"
            aria-hidden
            style={{ position: 'absolute', bottom: -4, right: -4, background: 'white', borderRadius: 8, lineHeight: 0, padding: 1 }}
          >
            <IconPencil size={9} color="var(--mantine-color-indigo-7)" stroke={2.5} />
          </Box>
        )}
      </UnstyledButton>
    </Tooltip>
  );
}
