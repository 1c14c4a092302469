import { Badge, type BadgeProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { statusColor } from '../../attendance/status';
import { statusLabel } from '../format';

/** A day or record status as a coloured badge with the spec's label. */
export function StatusBadge({ status, ...props }: { status: string | null | undefined } & BadgeProps) {
  const { t } = useTranslation(['employee', 'common']);
  return (
    <Badge variant="light" color={statusColor(status)} radius="sm" styles={{ root: { textTransform: 'none' } }} {...props}>
      {statusLabel(t, status)}
    </Badge>
  );
}
