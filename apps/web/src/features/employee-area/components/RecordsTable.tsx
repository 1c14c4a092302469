import { Badge, Card, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { displayDay, displayHours, displayTime, methodLabel } from '../format';
import type { HistoryRecord } from '../types';
import { StatusBadge } from './StatusBadge';

function statusOf(r: HistoryRecord): string {
  return r.incomplete && !r.checkOut ? 'incomplete' : r.status;
}

function Notes({ record }: { record: HistoryRecord }) {
  const { t } = useTranslation('employee');
  if (!record.notes && !record.holiday)
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  return (
    <Stack gap={2}>
      {record.holiday && (
        <Badge variant="light" color="pink" radius="sm" styles={{ root: { textTransform: 'none' } }}>
          {t('employeeArea.records.holiday', { name: record.holiday.name })}
        </Badge>
      )}
      {record.notes && (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {record.notes}
        </Text>
      )}
    </Stack>
  );
}

const hoursText = (t: TFunction, r: HistoryRecord) => (r.workHours == null ? '—' : displayHours(t, r.workHours));
const timeText = (t: TFunction, iso: string | null, timezone: string) => (iso ? displayTime(t, iso, timezone) : '—');

/** Attendance records: a table on desktop, cards on mobile (< 768 px). Hours with 2 decimals. */
export function RecordsTable({ records, timezone, mobile }: { records: HistoryRecord[]; timezone: string; mobile: boolean }) {
  const { t } = useTranslation(['employee', 'common']);
  const h = (key: string) => t(`employeeArea.records.${key}`);

  if (mobile) {
    return (
      <Stack gap="sm">
        {records.map((r) => (
          <Card key={r.id} withBorder padding="md" data-testid="record-card">
            <Group justify="space-between" wrap="nowrap">
              <Text fw={700}>{displayDay(t, r.date, timezone)}</Text>
              <StatusBadge status={statusOf(r)} />
            </Group>
            <SimpleGrid cols={3} spacing="xs" mt="sm">
              {[
                [h('entry'), timeText(t, r.checkIn, timezone)],
                [h('exit'), timeText(t, r.checkOut, timezone)],
                [h('hours'), hoursText(t, r)],
              ].map(([label, value]) => (
                <div key={label}>
                  <Text size="xs" c="dimmed">
                    {label}
                  </Text>
                  <Text fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {value}
                  </Text>
                </div>
              ))}
            </SimpleGrid>
            <Group gap="xs" mt="xs">
              <Text size="xs" c="dimmed">
                {h('method')}: {methodLabel(t, r.method)}
              </Text>
            </Group>
            {(r.notes || r.holiday) && (
              <div style={{ marginTop: 8 }}>
                <Notes record={r} />
              </div>
            )}
          </Card>
        ))}
      </Stack>
    );
  }

  return (
    <Table.ScrollContainer minWidth={760}>
      <Table highlightOnHover verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{h('date')}</Table.Th>
            <Table.Th>{h('entry')}</Table.Th>
            <Table.Th>{h('exit')}</Table.Th>
            <Table.Th>{h('hours')}</Table.Th>
            <Table.Th>{h('status')}</Table.Th>
            <Table.Th>{h('method')}</Table.Th>
            <Table.Th>{h('notes')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {records.map((r) => (
            <Table.Tr key={r.id}>
              <Table.Td fw={600}>{displayDay(t, r.date, timezone)}</Table.Td>
              <Table.Td style={{ fontVariantNumeric: 'tabular-nums' }}>{timeText(t, r.checkIn, timezone)}</Table.Td>
              <Table.Td style={{ fontVariantNumeric: 'tabular-nums' }}>{timeText(t, r.checkOut, timezone)}</Table.Td>
              <Table.Td style={{ fontVariantNumeric: 'tabular-nums' }}>{hoursText(t, r)}</Table.Td>
              <Table.Td>
                <StatusBadge status={statusOf(r)} />
              </Table.Td>
              <Table.Td>
                <Text size="sm">{methodLabel(t, r.method)}</Text>
              </Table.Td>
              <Table.Td maw={260}>
                <Notes record={r} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
