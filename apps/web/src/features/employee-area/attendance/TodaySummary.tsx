import { Badge, Divider, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconClockHour4, IconLogin2, IconLogout2 } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatShiftRange } from '../../../lib/shiftTimes';
import { StatusBadge } from '../components/StatusBadge';
import { displayDay, displayHours, displayTime, methodLabel } from '../format';
import type { TodayAttendance } from '../types';

function Figure({ icon, label, value, hint }: { icon: ReactNode; label: string; value: string; hint?: string }) {
  return (
    <Stack gap={2}>
      <Group gap={6} c="dimmed" wrap="nowrap">
        {icon}
        <Text size="xs" tt="uppercase" fw={700} style={{ letterSpacing: '0.03em' }}>
          {label}
        </Text>
      </Group>
      <Text fw={700} fz="xl" style={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Stack>
  );
}

/** Today's summary (spec §2 Attendance): status, entry, exit, hours, method and the day's schedule. */
export function TodaySummary({ today }: { today: TodayAttendance }) {
  const { t } = useTranslation(['employee', 'common']);
  const w = (key: string, vars?: Record<string, unknown>) => t(`employeeArea.attendance.summary.${key}`, vars);
  const { record, schedule, timezone } = today;
  const open = Boolean(record?.checkIn && !record.checkOut && !record.incomplete);
  const pendingText = w('notYet');
  const hours = open ? w('inProgress') : record?.workHours != null ? `${displayHours(t, record.workHours)} h` : pendingText;

  return (
    <Paper withBorder p="lg" radius="lg" h="100%">
      <Group justify="space-between" align="flex-start" mb="md" gap="xs">
        <div>
          <Title order={2} fz="lg">
            {w('title')}
          </Title>
          <Text size="sm" c="dimmed">
            {displayDay(t, today.date, timezone)}
          </Text>
        </div>
        <StatusBadge status={record?.incomplete && !record.checkOut ? 'incomplete' : today.status} size="lg" />
      </Group>
      <SimpleGrid cols={3} spacing="sm">
        <Figure icon={<IconLogin2 size={14} />} label={w('entry')} value={record?.checkIn ? displayTime(t, record.checkIn, timezone) : pendingText} />
        <Figure icon={<IconLogout2 size={14} />} label={w('exit')} value={record?.checkOut ? displayTime(t, record.checkOut, timezone) : pendingText} />
        <Figure icon={<IconClockHour4 size={14} />} label={w('hours')} value={hours} />
      </SimpleGrid>
      {record?.method && (
        <Text size="xs" c="dimmed" mt="sm">
          {w('method', { method: methodLabel(t, record.method) })}
        </Text>
      )}
      <Divider my="md" />
      {schedule ? (
        <Stack gap={6}>
          <Group gap="xs">
            <Text size="sm" fw={600}>
              {schedule.name}
            </Text>
            <Badge variant="light" color="gray" radius="sm" styles={{ root: { textTransform: 'none' } }}>
              {formatShiftRange(schedule)}
            </Badge>
          </Group>
          <Text size="xs" c="dimmed">
            {w('tolerance', { count: schedule.lateToleranceMinutes })}
          </Text>
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          {t('employeeArea.schedule.none')}
        </Text>
      )}
    </Paper>
  );
}
