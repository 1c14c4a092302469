import { Badge, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { IconAlertTriangle, IconClipboardOff, IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../../components/DayInput';
import { shownNote } from '../../../lib/notes';
import { localTime } from '../../attendance/components/DayCell';
import { STATUS_STYLE } from '../../attendance/status';
import type { ReportLine } from '../report';

interface ReportTableProps {
  lines: ReportLine[];
  timezone: string;
  mobile: boolean;
}

/**
 * Detail of the report: date (dd/mm/yyyy), entry, exit, hours (2 decimals), status, how the record was
 * made ('Manual' with the admin's reason, 'Incompleto' when the job closed it without check-out), notes;
 * cards on mobile.
 */
export function ReportTable({ lines, timezone, mobile }: ReportTableProps) {
  const { t } = useTranslation('dashboard');
  if (lines.length === 0) {
    return (
      <Paper withBorder p="xl" radius="lg">
        <Stack align="center" gap="xs">
          <IconClipboardOff size={32} color="var(--mantine-color-gray-5)" />
          <Text fw={600}>{t('reports.noRecords')}</Text>
        </Stack>
      </Paper>
    );
  }
  const status = (l: ReportLine) => (
    <Badge variant="light" color={STATUS_STYLE[l.status].color}>
      {t(`attendance.status.${l.status}`)}
    </Badge>
  );
  const marks = (l: ReportLine) =>
    l.record.isManual || l.record.incomplete ? (
      <Stack gap={2}>
        <Group gap={4} wrap="wrap">
          {l.record.isManual && (
            <Badge size="sm" color="indigo" variant="light" leftSection={<IconPencil size={11} />}>
              {t('reports.mark.manual')}
            </Badge>
          )}
          {l.record.incomplete && (
            <Badge size="sm" color="yellow" variant="light" leftSection={<IconAlertTriangle size={11} />}>
              {t('reports.mark.incomplete')}
            </Badge>
          )}
        </Group>
        {l.record.isManual && l.record.manualReason && (
          <Text size="xs" c="dimmed" lineClamp={2}>
            {t('reports.mark.reason', { reason: l.record.manualReason })}
          </Text>
        )}
      </Stack>
    ) : null;
  const hours = (l: ReportLine) => (l.hours != null ? l.hours.toFixed(2) : '—');
  const time = (iso: string | null) => localTime(iso, timezone) || '—';

  if (mobile) {
    return (
      <Stack gap="xs">
        {lines.map((l) => (
          <Paper key={l.record.id} withBorder radius="md" p="sm">
            <Group justify="space-between" gap="xs">
              <Text fw={600}>{formatDay(l.record.date)}</Text>
              {status(l)}
            </Group>
            <Text size="sm" mt={4}>
              {t('reports.table.entry')}: {time(l.record.checkIn)} · {t('reports.table.exit')}: {time(l.record.checkOut)} · {t('reports.table.hours')}:{' '}
              {hours(l)}
            </Text>
            {marks(l) && <div style={{ marginTop: 4 }}>{marks(l)}</div>}
            {l.record.notes && (
              <Text size="xs" c="dimmed" mt={2}>
                {shownNote(l.record.notes)}
              </Text>
            )}
          </Paper>
        ))}
      </Stack>
    );
  }

  return (
    <Paper withBorder radius="lg" p="xs">
      <Table.ScrollContainer minWidth={760}>
        <Table striped highlightOnHover verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              {['date', 'entry', 'exit', 'hours', 'status', 'mark', 'notes'].map((k) => (
                <Table.Th key={k}>{t(`reports.table.${k}`)}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.map((l) => (
              <Table.Tr key={l.record.id}>
                <Table.Td>{formatDay(l.record.date)}</Table.Td>
                <Table.Td>{time(l.record.checkIn)}</Table.Td>
                <Table.Td>{time(l.record.checkOut)}</Table.Td>
                <Table.Td>{hours(l)}</Table.Td>
                <Table.Td>{status(l)}</Table.Td>
                <Table.Td>
                  {marks(l) ?? (
                    <Text size="sm" c="dimmed">
                      —
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Text size="sm" c={l.record.notes ? undefined : 'dimmed'} lineClamp={2}>
                    {shownNote(l.record.notes) || '—'}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
