import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatShiftEnd } from '../../../lib/shiftTimes';
import { FaceEvidence } from '../../face/evidence/FaceEvidence';
import type { CalendarAttendance, CalendarDay, CalendarSchedule } from '../api';
import { STATUS_STYLE } from '../status';

/** Evidence keys worth showing (face distance, liveness, GPS accuracy...); anything else stays in the audit trail. */
const EVIDENCE_KEYS = ['similarity', 'distance', 'confidence', 'liveness', 'livenessScore', 'accuracy', 'linkName', 'linkId', 'ip'] as const;

function evidenceValue(value: unknown): string | null {
  if (typeof value === 'number') return Number.isInteger(value) ? String(value) : value.toFixed(3);
  if (typeof value === 'string' || typeof value === 'boolean') return String(value);
  return null;
}

function EvidenceSummary({ evidence }: { evidence: Record<string, unknown> }) {
  const { t } = useTranslation('dashboard');
  const parts = (['checkIn', 'checkOut'] as const)
    .map((part) => {
      const data = evidence[part];
      if (!data || typeof data !== 'object') return null;
      const entries = EVIDENCE_KEYS.map((key) => [key, evidenceValue((data as Record<string, unknown>)[key])] as const).filter(([, v]) => v != null);
      const location = (data as { location?: { distance?: unknown } | null }).location;
      const distance = location && typeof location.distance === 'number' ? Math.round(location.distance) : null;
      if (!entries.length && distance == null) return null;
      return { part, entries, distance };
    })
    .filter((p) => p !== null);
  if (!parts.length) return null;
  return (
    <Stack gap={2}>
      <Text size="xs" fw={700}>
        {t('attendance.modal.evidence')}
      </Text>
      {parts.map(({ part, entries, distance }) => (
        <Text key={part} size="xs" c="dimmed">
          {t(part === 'checkIn' ? 'attendance.modal.evidenceCheckIn' : 'attendance.modal.evidenceCheckOut')}:{' '}
          {entries.map(([k, v]) => `${t(`attendance.evidence.${k}`)} ${v}`).join(' · ')}
          {distance != null ? `${entries.length ? ' · ' : ''}${t('attendance.evidence.locationDistance', { metres: distance })}` : ''}
        </Text>
      ))}
    </Stack>
  );
}

interface RecordInfoProps {
  day: CalendarDay;
  schedule: CalendarSchedule | null;
  /** The full record when loaded (with evidence), else the calendar's. */
  record: CalendarAttendance | null;
}

/** What the day is and how its record was made: status, schedule, holiday, method, manual flag and reason, incomplete flag, evidence. */
export function RecordInfo({ day, schedule, record }: RecordInfoProps) {
  const { t } = useTranslation('dashboard');
  const { color } = STATUS_STYLE[day.status];
  return (
    <Paper withBorder radius="md" p="sm" bg="var(--mantine-color-gray-0)">
      <Stack gap={6}>
        <Group gap="xs" wrap="wrap">
          <Badge color={color} variant="light">
            {t(`attendance.status.${day.status}`)}
          </Badge>
          {record && !(record.method === 'manual' && record.isManual) && (
            <Badge color="gray" variant="outline">
              {t(`attendance.method.${record.method}`)}
            </Badge>
          )}
          {record?.isManual && (
            <Badge color="indigo" variant="light" leftSection={<IconPencil size={12} />}>
              {t('attendance.legend.manual')}
            </Badge>
          )}
          {record?.incomplete && (
            <Badge color="yellow" variant="light" leftSection={<IconAlertTriangle size={12} />}>
              {t('attendance.legend.incomplete')}
            </Badge>
          )}
        </Group>
        <Text size="xs" c="dimmed">
          {schedule
            ? t('attendance.modal.schedule', { name: schedule.name, start: schedule.startTime, end: formatShiftEnd(schedule) })
            : t('attendance.modal.noSchedule')}
        </Text>
        {day.holiday && (
          <Text size="xs" c="grape.8">
            {t('attendance.modal.holiday', { name: day.holiday.name })}
          </Text>
        )}
        {record?.incomplete && (
          <Text size="xs" c="yellow.9">
            {t('attendance.modal.incompleteHint')}
          </Text>
        )}
        {record?.isManual && record.manualReason && (
          <Text size="xs" c="indigo.8">
            {t('attendance.modal.manualReason', { reason: record.manualReason })}
          </Text>
        )}
        {record?.evidence &&
          (record.method === 'face_recognition' ? <FaceEvidence evidence={record.evidence} /> : <EvidenceSummary evidence={record.evidence} />)}
      </Stack>
    </Paper>
  );
}
