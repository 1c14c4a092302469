import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import type { FaceEvidence as FaceEvidenceAnswer } from '@presente/shared';
import { IconAlertTriangle, IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatShiftEnd } from '../../../lib/shiftTimes';
import { FaceEvidence } from '../../face/evidence/FaceEvidence';
import type { CalendarAttendance, CalendarDay, CalendarSchedule } from '../api';
import { STATUS_STYLE } from '../status';

type RecordEvidence = NonNullable<CalendarAttendance['evidence']>;
type PunchEvidence = FaceEvidenceAnswer;

/**
 * One punch's evidence as the server sends it (the declared `faceEvidence`, presentEvidence): the position of a web,
 * QR or kiosk punch in `location` (its GPS accuracy and the distance to the work location), and for a kiosk mark the
 * face distance, the liveness result and the link. Nothing else is sent (issue 21 item 6).
 */
function evidenceFacts(e: PunchEvidence, t: (key: string, opts?: Record<string, unknown>) => string): string[] {
  const facts: string[] = [];
  if (e.distance !== undefined) facts.push(`${t('attendance.evidence.distance')} ${e.distance.toFixed(3)}`);
  if (e.liveness?.passed !== undefined) facts.push(t(e.liveness.passed ? 'faceEvidence.livenessOk' : 'faceEvidence.livenessFailed'));
  const link = e.linkName ?? e.kioskName;
  if (link) facts.push(`${t('attendance.evidence.linkName')} ${link}`);
  if (e.location?.accuracy != null) facts.push(`${t('attendance.evidence.accuracy')} ${Math.round(e.location.accuracy)}`);
  if (e.location?.distance != null) facts.push(t('attendance.evidence.locationDistance', { metres: Math.round(e.location.distance) }));
  return facts;
}

function EvidenceSummary({ evidence }: { evidence: RecordEvidence }) {
  const { t } = useTranslation('dashboard');
  const parts = (['checkIn', 'checkOut'] as const)
    .map((part) => {
      const data = evidence[part];
      const facts = data ? evidenceFacts(data, t) : [];
      return facts.length ? { part, facts } : null;
    })
    .filter((p) => p !== null);
  if (!parts.length) return null;
  return (
    <Stack gap={2}>
      <Text size="xs" fw={700}>
        {t('attendance.modal.evidence')}
      </Text>
      {parts.map(({ part, facts }) => (
        <Text key={part} size="xs" c="dimmed">
          {t(part === 'checkIn' ? 'attendance.modal.evidenceCheckIn' : 'attendance.modal.evidenceCheckOut')}: {facts.join(' · ')}
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
