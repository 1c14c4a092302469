import { Avatar, Badge, Button, Divider, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDay, formatInstantDay } from '../../../components/DayInput';
import { formatShiftRange } from '../../../lib/shiftTimes';
import { useCompanyConfig } from '../../auth/CompanyConfigContext';
import { FacePhoto } from '../../face/photo/FacePhoto';
import { EmployeeManualChanges } from '../../manual-changes/EmployeeManualChanges';
import type { Employee } from '../api';
import { FaceStatusBadge, StatusBadge } from './EmployeeBadges';

function Fact({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase" style={{ letterSpacing: '0.03em' }}>
        {label}
      </Text>
      <Text size="sm" mt={2} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </div>
  );
}

export function initials(employee: Pick<Employee, 'firstName' | 'lastName'>): string {
  return `${employee.firstName.charAt(0)}${employee.lastName.charAt(0)}`.toUpperCase();
}

/** Everything known about one employee (spec §2: employee info modal). */
export function EmployeeInfoModal({ employee, onClose }: { employee: Employee | null; onClose: () => void }) {
  const { t } = useTranslation(['dashboard', 'common']);
  const { timezone } = useCompanyConfig();
  const na = t('common:display.notAvailable');
  const e = employee;

  return (
    <Modal opened={e !== null} onClose={onClose} title={t('employees.info.title')} size="lg" centered>
      {e && (
        <Stack gap="md">
          <Group gap="md" wrap="nowrap">
            <Avatar size={56} radius="xl" color="indigo">
              {initials(e)}
            </Avatar>
            <div style={{ minWidth: 0 }}>
              <Text fw={700} fz="lg">
                {e.firstName} {e.lastName}
              </Text>
              <Text size="sm" c="dimmed">
                {e.position || na}
              </Text>
              <Group gap={6} mt={6}>
                <StatusBadge status={e.status} />
                <FaceStatusBadge employee={e} />
              </Group>
            </div>
          </Group>

          <FacePhoto employee={e} />

          <Divider label={t('employees.info.contact')} labelPosition="left" />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Fact label={t('employees.form.email')} value={e.email} />
            <Fact label={t('employees.form.phone')} value={e.phone || na} />
            <Fact label={t('employees.form.documentNumber')} value={e.documentNumber || na} />
          </SimpleGrid>

          <Divider label={t('employees.info.work')} labelPosition="left" />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Fact label={t('employees.form.employeeCode')} value={e.employeeCode} />
            <Fact label={t('employees.form.department')} value={e.department?.name ?? t('employees.noDepartment')} />
            <Fact
              label={t('employees.form.schedule')}
              value={e.schedule ? `${e.schedule.name} (${formatShiftRange(e.schedule)})` : t('employees.noSchedule')}
            />
            <Fact label={t('employees.info.hireDate')} value={e.hireDate ? formatDay(e.hireDate) : na} />
          </SimpleGrid>

          <Divider label={t('employees.info.account')} labelPosition="left" />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Fact label={t('employees.info.createdAt')} value={formatInstantDay(e.createdAt, timezone)} />
            {e.canLogin !== undefined && (
              <Fact
                label={t('employees.info.canLogin')}
                value={
                  <Badge variant="light" color={e.canLogin ? 'teal' : 'gray'}>
                    {e.canLogin ? t('employees.info.canLoginYes') : t('employees.info.canLoginNo')}
                  </Badge>
                }
              />
            )}
          </SimpleGrid>

          <EmployeeManualChanges employeeId={e.id} />

          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('employees.actions.close')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
