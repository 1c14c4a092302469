import { ActionIcon, Avatar, Card, Group, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconEdit, IconFaceId, IconInfoCircle, IconKey, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatShiftRange } from '../../../lib/shiftTimes';
import type { Employee } from '../api';
import { FaceStatusBadge, StatusBadge } from './EmployeeBadges';
import { initials } from './EmployeeInfoModal';

export interface EmployeeActions {
  onInfo: (e: Employee) => void;
  onEdit: (e: Employee) => void;
  /** Register or update the face (spec §2). */
  onFace: (e: Employee) => void;
  onResetPassword: (e: Employee) => void;
  onDelete: (e: Employee) => void;
}

function fullName(e: Employee) {
  return `${e.firstName} ${e.lastName}`;
}

function Actions({ employee, onInfo, onEdit, onFace, onResetPassword, onDelete }: EmployeeActions & { employee: Employee }) {
  const { t } = useTranslation('dashboard');
  const name = fullName(employee);
  const items = [
    { key: 'info', label: t('employees.actions.info'), icon: IconInfoCircle, color: 'gray', run: onInfo },
    {
      key: 'face',
      label: employee.faceData?.isActive ? t('faceRegister.action.update') : t('faceRegister.action.register'),
      icon: IconFaceId,
      color: 'teal',
      run: onFace,
    },
    { key: 'edit', label: t('employees.actions.edit'), icon: IconEdit, color: 'indigo', run: onEdit },
    { key: 'reset', label: t('employees.actions.resetPassword'), icon: IconKey, color: 'orange', run: onResetPassword },
    { key: 'delete', label: t('employees.actions.delete'), icon: IconTrash, color: 'red', run: onDelete },
  ];
  return (
    <Group gap={4} wrap="nowrap">
      {items.map(({ key, label, icon: Icon, color, run }) => (
        <Tooltip key={key} label={label} withArrow>
          <ActionIcon variant="subtle" color={color} onClick={() => run(employee)} aria-label={`${label}: ${name}`}>
            <Icon size={18} />
          </ActionIcon>
        </Tooltip>
      ))}
    </Group>
  );
}

function ScheduleCell({ employee }: { employee: Employee }) {
  const { t } = useTranslation('dashboard');
  if (!employee.schedule) {
    return (
      <Text size="sm" c="dimmed">
        {t('employees.noSchedule')}
      </Text>
    );
  }
  return (
    <div>
      <Text size="sm">{employee.schedule.name}</Text>
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {formatShiftRange(employee.schedule)}
      </Text>
    </div>
  );
}

function NameCell({ employee }: { employee: Employee }) {
  const { t } = useTranslation('dashboard');
  return (
    <Group gap="sm" wrap="nowrap">
      <Avatar size={34} radius="xl" color="indigo" variant="light">
        {initials(employee)}
      </Avatar>
      <div style={{ minWidth: 0 }}>
        <Text size="sm" fw={600}>
          {fullName(employee)}
        </Text>
        <Text size="xs" c="dimmed">
          {[employee.position, employee.department?.name ?? t('employees.noDepartment')].filter(Boolean).join(' · ')}
        </Text>
      </div>
    </Group>
  );
}

/** Employees as a table (desktop) or as cards (mobile, < 768 px). */
export function EmployeeList({ employees, mobile, ...actions }: EmployeeActions & { employees: Employee[]; mobile: boolean }) {
  const { t } = useTranslation('dashboard');

  if (mobile) {
    return (
      <Stack gap="sm">
        {employees.map((e) => (
          <Card key={e.id} withBorder padding="md" data-testid="employee-card">
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              <NameCell employee={e} />
              <StatusBadge status={e.status} />
            </Group>
            <Stack gap={6} mt="sm">
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {e.email}
              </Text>
              <Group gap="xs">
                <Text size="sm" c="dimmed">
                  {t('employees.table.code')}:
                </Text>
                <Text size="sm" fw={500}>
                  {e.employeeCode}
                </Text>
              </Group>
              <ScheduleCell employee={e} />
              <Group justify="space-between" mt={4}>
                <FaceStatusBadge employee={e} />
                <Actions employee={e} {...actions} />
              </Group>
            </Stack>
          </Card>
        ))}
      </Stack>
    );
  }

  return (
    <Table.ScrollContainer minWidth={900}>
      <Table highlightOnHover verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('employees.table.name')}</Table.Th>
            <Table.Th>{t('employees.table.email')}</Table.Th>
            <Table.Th>{t('employees.table.code')}</Table.Th>
            <Table.Th>{t('employees.table.schedule')}</Table.Th>
            <Table.Th>{t('employees.table.status')}</Table.Th>
            <Table.Th>{t('employees.table.face')}</Table.Th>
            <Table.Th>{t('employees.table.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {employees.map((e) => (
            <Table.Tr key={e.id}>
              <Table.Td>
                <NameCell employee={e} />
              </Table.Td>
              <Table.Td>
                <Text size="sm">{e.email}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                  {e.employeeCode}
                </Text>
              </Table.Td>
              <Table.Td>
                <ScheduleCell employee={e} />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <StatusBadge status={e.status} />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <FaceStatusBadge employee={e} />
              </Table.Td>
              <Table.Td>
                <Actions employee={e} {...actions} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
