import { Badge, Tooltip } from '@mantine/core';
import { IconFaceId, IconFaceIdError } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatInstantDay } from '../../../components/DayInput';
import { useCompanyConfig } from '../../auth/CompanyConfigContext';
import type { Employee, EmployeeStatus } from '../api';

export function StatusBadge({ status }: { status: EmployeeStatus }) {
  const { t } = useTranslation('dashboard');
  return (
    <Badge variant="light" color={status === 'ACTIVE' ? 'teal' : 'gray'} styles={{ label: { overflow: 'visible' } }}>
      {t(`employees.status.${status}`)}
    </Badge>
  );
}

/** Facial recognition: 'Registrado' once an active face is stored, else 'Pendiente' (spec §2). */
export function FaceStatusBadge({ employee }: { employee: Pick<Employee, 'faceData'> }) {
  const { t } = useTranslation('dashboard');
  const { timezone } = useCompanyConfig();
  const face = employee.faceData;
  if (face?.isActive) {
    return (
      <Tooltip label={t('employees.info.faceSince', { date: formatInstantDay(face.createdAt, timezone) })}>
        <Badge variant="light" color="teal" leftSection={<IconFaceId size={14} />}>
          {t('employees.face.registered')}
        </Badge>
      </Tooltip>
    );
  }
  return (
    <Badge variant="light" color="orange" leftSection={<IconFaceIdError size={14} />}>
      {t('employees.face.pending')}
    </Badge>
  );
}
