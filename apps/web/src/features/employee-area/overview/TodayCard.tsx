import { Button, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowRight, IconCalendarOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { StatusBadge } from '../components/StatusBadge';
import { displayDay, displayHours, displayTime, methodLabel } from '../format';
import type { EmployeeDashboard } from '../types';

function Item({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700} style={{ letterSpacing: '0.03em' }}>
        {label}
      </Text>
      <Text fw={700} fz="lg" style={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Text>
    </div>
  );
}

/** Today's attendance on the overview, or 'Sin Asistencia Registrada' with the way to mark it. */
export function TodayCard({ data }: { data: EmployeeDashboard }) {
  const { t } = useTranslation(['employee', 'common']);
  const navigate = useNavigate();
  const w = (key: string) => t(`employeeArea.overview.today.${key}`);
  const record = data.today;
  const goMark = (
    <Button variant="light" rightSection={<IconArrowRight size={16} />} onClick={() => navigate('/employee/attendance')}>
      {w('goToAttendance')}
    </Button>
  );

  return (
    <Paper withBorder p="lg" radius="lg" h="100%">
      <Group justify="space-between" align="flex-start" mb="md">
        <div>
          <Title order={2} fz="lg">
            {w('title')}
          </Title>
          <Text size="sm" c="dimmed">
            {displayDay(t, data.todayDate, data.timezone)}
          </Text>
        </div>
        {record && <StatusBadge status={record.incomplete && !record.checkOut ? 'incomplete' : record.status} size="lg" />}
      </Group>
      {record ? (
        <Stack gap="md">
          <SimpleGrid cols={3} spacing="sm">
            <Item label={w('entry')} value={displayTime(t, record.checkIn, data.timezone)} />
            <Item label={w('exit')} value={record.checkOut ? displayTime(t, record.checkOut, data.timezone) : w('open')} />
            <Item label={w('hours')} value={record.workHours != null ? `${displayHours(t, record.workHours)} h` : w('open')} />
          </SimpleGrid>
          <Group justify="space-between" gap="xs">
            <Text size="xs" c="dimmed">
              {record.method ? t('employeeArea.attendance.summary.method', { method: methodLabel(t, record.method) }) : ''}
            </Text>
            {!record.checkOut && goMark}
          </Group>
        </Stack>
      ) : (
        <Stack align="center" gap={6} py="md">
          <ThemeIcon variant="light" color="gray" size={48} radius="xl">
            <IconCalendarOff size={26} />
          </ThemeIcon>
          <Text fw={700}>{w('none')}</Text>
          <Text size="sm" c="dimmed" ta="center" maw={360}>
            {w('noneHint')}
          </Text>
          {goMark}
        </Stack>
      )}
    </Paper>
  );
}
