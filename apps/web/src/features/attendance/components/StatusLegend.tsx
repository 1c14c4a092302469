import { Box, Group, Text } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DAY_STATUSES, STATUS_STYLE, statusColors } from '../status';

/** The calendar legend: every day status with its colour and icon, plus the incomplete and manual marks. */
export function StatusLegend() {
  const { t } = useTranslation('dashboard');
  const swatch = (children: React.ReactNode, bg: string, fg: string, dashed = false) => (
    <Box
      aria-hidden
      style={{
        width: 20,
        height: 20,
        borderRadius: 5,
        background: bg,
        color: fg,
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        border: dashed ? '1px dashed var(--mantine-color-gray-3)' : undefined,
      }}
    >
      {children}
    </Box>
  );
  return (
    <Group gap="md" wrap="wrap" component="ul" aria-label={t('attendance.legend.title')} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {DAY_STATUSES.map((status) => {
        const { icon: StatusIcon } = STATUS_STYLE[status];
        const { bg, fg } = statusColors(status);
        return (
          <Group key={status} gap={6} component="li">
            {swatch(<StatusIcon size={13} stroke={2.2} />, bg, fg, status === 'pending')}
            <Text size="xs">{t(`attendance.status.${status}`)}</Text>
          </Group>
        );
      })}
      <Group gap={6} component="li">
        {swatch(<Box style={{ width: 9, height: 9, borderRadius: 9, background: 'var(--mantine-color-yellow-5)' }} />, 'transparent', 'inherit')}
        <Text size="xs">{t('attendance.legend.incomplete')}</Text>
      </Group>
      <Group gap={6} component="li">
        {swatch(<IconPencil size={12} stroke={2.5} />, 'transparent', 'var(--mantine-color-indigo-7)')}
        <Text size="xs">{t('attendance.legend.manual')}</Text>
      </Group>
    </Group>
  );
}
