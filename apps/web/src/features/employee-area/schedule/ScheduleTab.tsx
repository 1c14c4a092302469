import { Anchor, Badge, Grid, Group, Paper, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBuilding, IconCalendarOff, IconClockHour8, IconMapPin } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/LoadError';
import { formatShiftEnd } from '../../../lib/shiftTimes';
import { useWorkInfo } from '../api';
import { EmptyState } from '../components/EmptyState';
import type { ScheduleView, WorkInfo } from '../types';
import { workDayNames } from './workDays';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700} style={{ letterSpacing: '0.03em' }}>
        {label}
      </Text>
      <Text component="div" fw={600} mt={2}>
        {children}
      </Text>
    </div>
  );
}

function SectionTitle({ icon, title, color = 'indigo' }: { icon: ReactNode; title: string; color?: string }) {
  return (
    <Group gap="sm" mb="md">
      <ThemeIcon variant="light" color={color} size={36} radius="md">
        {icon}
      </ThemeIcon>
      <Title order={2} fz="lg">
        {title}
      </Title>
    </Group>
  );
}

function WeekDays({ schedule }: { schedule: ScheduleView }) {
  const { t } = useTranslation('employee');
  const names = t('employeeArea.weekdays', { returnObjects: true }) as string[];
  const working = new Set(schedule.workDays);
  return (
    <Stack gap={6}>
      <Group gap={6} aria-hidden>
        {names.map((name, i) => (
          <Badge key={name} variant={working.has(i + 1) ? 'filled' : 'outline'} color={working.has(i + 1) ? 'indigo' : 'gray'} radius="sm" size="lg">
            {name.slice(0, 3)}
          </Badge>
        ))}
      </Group>
      <Text size="sm">{workDayNames(t, schedule.workDays).join(', ')}</Text>
    </Stack>
  );
}

function ScheduleCard({ schedule }: { schedule: ScheduleView }) {
  const { t } = useTranslation('employee');
  const w = (key: string, vars?: Record<string, unknown>) => t(`employeeArea.schedule.${key}`, vars);
  const hasBreak = Boolean(schedule.breakStartTime && schedule.breakEndTime);
  return (
    <Paper withBorder p="lg" radius="lg">
      <SectionTitle icon={<IconClockHour8 size={20} />} title={schedule.name} />
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md">
        <Field label={w('start')}>{schedule.startTime}</Field>
        <Field label={w('end')}>{formatShiftEnd(schedule)}</Field>
        <Field label={w('break')}>{hasBreak ? `${schedule.breakStartTime} - ${schedule.breakEndTime}` : w('noBreak')}</Field>
        <Field label={w('tolerance')}>{w('minutes', { count: schedule.lateToleranceMinutes })}</Field>
        <Field label={w('earlyCheckIn')}>{schedule.allowEarlyCheckIn ? w('earlyUpTo', { count: schedule.earlyCheckInMinutes }) : w('notAllowed')}</Field>
        <Field label={w('marking')}>
          <Badge variant="light" color={schedule.allowManualAttendance ? 'teal' : 'indigo'} radius="sm" styles={{ root: { textTransform: 'none' } }}>
            {schedule.allowManualAttendance ? w('manualAllowed') : w('faceOnly')}
          </Badge>
        </Field>
      </SimpleGrid>
      <Stack gap={6} mt="lg">
        <Text size="xs" c="dimmed" tt="uppercase" fw={700} style={{ letterSpacing: '0.03em' }}>
          {w('workDays')}
        </Text>
        <WeekDays schedule={schedule} />
      </Stack>
    </Paper>
  );
}

function LocationCard({ info }: { info: WorkInfo }) {
  const { t } = useTranslation(['employee', 'common']);
  const w = (key: string, vars?: Record<string, unknown>) => t(`employeeArea.schedule.${key}`, vars);
  const l = info.location;
  const mapUrl = l ? `https://www.openstreetmap.org/?mlat=${l.latitude}&mlon=${l.longitude}#map=17/${l.latitude}/${l.longitude}` : '';
  return (
    <Paper withBorder p="lg" radius="lg">
      <SectionTitle icon={<IconMapPin size={20} />} title={w('location')} color="teal" />
      {l ? (
        <Stack gap="sm">
          <Field label={w('locationName')}>{l.name}</Field>
          <Field label={w('address')}>{l.address || t('common:display.notAvailable')}</Field>
          <Field label={w('radius')}>{w('metres', { count: l.allowedRadius })}</Field>
          <Text size="sm" c="dimmed">
            {w('geofenceHint', { radius: l.allowedRadius })}
          </Text>
          <Anchor href={mapUrl} target="_blank" rel="noopener noreferrer" size="sm">
            {w('openMap')} ({l.latitude.toFixed(6)}, {l.longitude.toFixed(6)})
          </Anchor>
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          {w('noLocation')}
        </Text>
      )}
    </Paper>
  );
}

function CompanyCard({ info }: { info: WorkInfo }) {
  const { t } = useTranslation(['employee', 'common']);
  const w = (key: string) => t(`employeeArea.schedule.${key}`);
  const na = t('common:display.notAvailable');
  return (
    <Paper withBorder p="lg" radius="lg">
      <SectionTitle icon={<IconBuilding size={20} />} title={w('work')} color="grape" />
      <Stack gap="sm">
        <Field label={w('company')}>{info.company.name}</Field>
        <Field label={w('department')}>{info.department || na}</Field>
        <Field label={w('position')}>{info.position || na}</Field>
      </Stack>
    </Paper>
  );
}

/** Schedule tab (spec §2): the schedule in words, the work location and where the employee works. */
export function ScheduleTab() {
  const { t } = useTranslation('employee');
  const info = useWorkInfo();
  if (info.isPending) return <Skeleton h={320} radius="lg" aria-busy />;
  if (info.isError) return <LoadError message={t('employeeArea.schedule.loadError')} onRetry={() => info.refetch()} />;
  const data = info.data;
  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, md: 7 }}>
        {data.schedule ? (
          <ScheduleCard schedule={data.schedule} />
        ) : (
          <EmptyState icon={IconCalendarOff} title={t('employeeArea.schedule.none')} hint={t('employeeArea.schedule.noneHint')} />
        )}
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Stack gap="md">
          <LocationCard info={data} />
          <CompanyCard info={data} />
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
