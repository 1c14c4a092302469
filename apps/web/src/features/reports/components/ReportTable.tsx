import { Badge, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { IconClipboardOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../../components/DayInput';
import { localTime } from '../../attendance/components/DayCell';
import { STATUS_STYLE } from '../../attendance/status';
import type { ReportLine } from '../report';

interface ReportTableProps {
  lines: ReportLine[];
  timezone: string;
  mobile: boolean;
}

/** Detail of the report: date (dd/mm/yyyy), entry, exit, hours (2 decimals), status, notes; cards on mobile. */
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
            {l.record.notes && (
              <Text size="xs" c="dimmed" mt={2}>
                {l.record.notes}
              </Text>
            )}
          </Paper>
        ))}
      </Stack>
    );
  }

  return (
    <Paper withBorder radius="lg" p="xs">
      <Table.ScrollContainer minWidth={640}>
        <Table striped highlightOnHover verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              {['date', 'entry', 'exit', 'hours', 'status', 'notes'].map((k) => (
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
                  <Text size="sm" c={l.record.notes ? undefined : 'dimmed'} lineClamp={2}>
                    {l.record.notes || '—'}
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
