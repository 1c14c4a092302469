import { ActionIcon, Badge, Card, Group, Stack, Table, Text, Tooltip } from '@mantine/core';
import { isNightShift } from '@presente/shared';
import { IconEdit, IconMoon, IconTrash } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatShiftRange } from '../../../lib/shiftTimes';
import type { Schedule } from '../api';
import { WEEK_DAYS } from './ScheduleFormModal';

/** Badges keep their whole word: a table column must not squeeze them into an ellipsis. */
const FULL_LABEL = { label: { overflow: 'visible' } } as const;

interface ScheduleActions {
  onEdit: (s: Schedule) => void;
  onDelete: (s: Schedule) => void;
}

/** Work days as the seven short Spanish initials (L M X J V S D), the chosen ones highlighted. */
export function WorkDays({ workDays }: { workDays: string }) {
  const { t } = useTranslation('dashboard');
  const chosen = new Set(workDays.split(','));
  const label = WEEK_DAYS.filter((d) => chosen.has(d))
    .map((d) => t(`schedules.days.long.${d}`))
    .join(', ');
  return (
    <Group gap={3} wrap="nowrap" aria-label={label} role="img">
      {WEEK_DAYS.map((d) => (
        <Badge
          key={d}
          size="sm"
          radius="sm"
          w={22}
          px={0}
          variant={chosen.has(d) ? 'filled' : 'outline'}
          color={chosen.has(d) ? 'indigo' : 'gray'}
          aria-hidden
          style={chosen.has(d) ? undefined : { opacity: 0.5 }}
        >
          {t(`schedules.days.short.${d}`)}
        </Badge>
      ))}
    </Group>
  );
}

function Hours({ schedule }: { schedule: Schedule }) {
  const { t } = useTranslation('dashboard');
  const night = isNightShift(schedule);
  return (
    <Group gap={4} wrap="nowrap">
      <Text size="sm" fw={500} style={{ whiteSpace: 'nowrap' }}>
        {formatShiftRange(schedule)}
      </Text>
      {night && (
        <Tooltip label={t('schedules.nightShift')}>
          <IconMoon size={16} color="var(--mantine-color-indigo-6)" aria-label={t('schedules.nightShift')} />
        </Tooltip>
      )}
    </Group>
  );
}

function breakText(s: Schedule, none: string) {
  return s.breakStartTime && s.breakEndTime ? `${s.breakStartTime} - ${s.breakEndTime}` : none;
}

function Actions({ schedule, onEdit, onDelete }: ScheduleActions & { schedule: Schedule }) {
  const { t } = useTranslation('dashboard');
  return (
    <Group gap={4} wrap="nowrap">
      <Tooltip label={t('schedules.actions.edit')}>
        <ActionIcon variant="subtle" onClick={() => onEdit(schedule)} aria-label={`${t('schedules.actions.edit')}: ${schedule.name}`}>
          <IconEdit size={18} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t('schedules.actions.delete')}>
        <ActionIcon variant="subtle" color="red" onClick={() => onDelete(schedule)} aria-label={`${t('schedules.actions.delete')}: ${schedule.name}`}>
          <IconTrash size={18} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

function badges(schedule: Schedule, t: TFunction) {
  return {
    manual: (
      <Badge variant="light" color={schedule.allowManualAttendance ? 'teal' : 'grape'} styles={FULL_LABEL}>
        {schedule.allowManualAttendance ? t('schedules.manual.allowed') : t('schedules.manual.faceOnly')}
      </Badge>
    ),
    status: (
      <Badge variant="light" color={schedule.isActive ? 'teal' : 'gray'} styles={FULL_LABEL}>
        {schedule.isActive ? t('schedules.status.active') : t('schedules.status.inactive')}
      </Badge>
    ),
  };
}

function NameCell({ schedule }: { schedule: Schedule }) {
  const { t } = useTranslation('dashboard');
  return (
    <div>
      <Text size="sm" fw={600}>
        {schedule.name}
      </Text>
      <Text size="xs" c="dimmed">
        {[schedule.location?.name, schedule._count ? t('schedules.employeesCount', { count: schedule._count.employees }) : null].filter(Boolean).join(' · ')}
      </Text>
    </div>
  );
}

/** Schedules as a table (desktop) or cards (mobile). */
export function ScheduleList({ schedules, mobile, onEdit, onDelete }: ScheduleActions & { schedules: Schedule[]; mobile: boolean }) {
  const { t } = useTranslation('dashboard');
  const none = t('schedules.noBreak');

  if (mobile) {
    return (
      <Stack gap="sm">
        {schedules.map((s) => {
          const b = badges(s, t);
          return (
            <Card key={s.id} withBorder padding="md">
              <Group justify="space-between" align="flex-start" wrap="nowrap">
                <NameCell schedule={s} />
                {b.status}
              </Group>
              <Stack gap={8} mt="sm">
                <Group justify="space-between">
                  <Hours schedule={s} />
                  <Text size="sm" c="dimmed">
                    {t('schedules.table.break')}: {breakText(s, none)}
                  </Text>
                </Group>
                <WorkDays workDays={s.workDays} />
                <Group justify="space-between">
                  <Text size="sm">
                    {t('schedules.table.tolerance')}: {t('schedules.minutes', { count: s.lateToleranceMinutes })}
                  </Text>
                  {b.manual}
                </Group>
                <Group justify="flex-end">
                  <Actions schedule={s} onEdit={onEdit} onDelete={onDelete} />
                </Group>
              </Stack>
            </Card>
          );
        })}
      </Stack>
    );
  }

  return (
    <Table.ScrollContainer minWidth={900}>
      <Table highlightOnHover verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            {(['name', 'hours', 'break', 'workDays', 'tolerance', 'manual', 'status', 'actions'] as const).map((c) => (
              <Table.Th key={c}>{t(`schedules.table.${c}`)}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {schedules.map((s) => {
            const b = badges(s, t);
            return (
              <Table.Tr key={s.id}>
                <Table.Td>
                  <NameCell schedule={s} />
                </Table.Td>
                <Table.Td>
                  <Hours schedule={s} />
                </Table.Td>
                <Table.Td>
                  <Text size="sm" c={s.breakStartTime ? undefined : 'dimmed'} style={{ whiteSpace: 'nowrap' }}>
                    {breakText(s, none)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <WorkDays workDays={s.workDays} />
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{t('schedules.minutes', { count: s.lateToleranceMinutes })}</Text>
                </Table.Td>
                <Table.Td>{b.manual}</Table.Td>
                <Table.Td>{b.status}</Table.Td>
                <Table.Td>
                  <Actions schedule={s} onEdit={onEdit} onDelete={onDelete} />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
