import { Group, Paper, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import { type Icon, IconBeach, IconCheck, IconClock, IconClockExclamation, IconClockUp, IconFileCertificate, IconPercentage, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { EmployeeReport } from '../report';

/** The eight figures of the report (spec §2): present, very early, late, on leave, holidays, absent, hours, rate. */
export function ReportStats({ report }: { report: EmployeeReport }) {
  const { t } = useTranslation('dashboard');
  const cards: { key: string; value: string | number; color: string; icon: Icon }[] = [
    { key: 'present', value: report.presentDays, color: 'teal', icon: IconCheck },
    { key: 'early', value: report.earlyDays, color: 'cyan', icon: IconClockUp },
    { key: 'late', value: report.lateDays, color: 'orange', icon: IconClockExclamation },
    { key: 'permission', value: report.permissionDays, color: 'violet', icon: IconFileCertificate },
    { key: 'holiday', value: report.holidayDays, color: 'grape', icon: IconBeach },
    { key: 'absent', value: report.absentDays, color: 'red', icon: IconX },
    { key: 'hours', value: report.totalHours.toFixed(2), color: 'indigo', icon: IconClock },
    ...(report.leaveHours ? [{ key: 'leaveHours', value: report.leaveHours.toFixed(2), color: 'violet', icon: IconFileCertificate }] : []),
    { key: 'rate', value: `${report.attendanceRate}%`, color: 'blue', icon: IconPercentage },
  ];
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
      {cards.map(({ key, value, color, icon: CardIcon }) => (
        <Paper key={key} withBorder radius="lg" p="sm" title={key === 'rate' ? t('reports.rateHint') : undefined}>
          <Group gap="sm" wrap="nowrap">
            <ThemeIcon variant="light" color={color} size={38} radius="md">
              <CardIcon size={20} />
            </ThemeIcon>
            <div style={{ minWidth: 0 }}>
              <Text size="xl" fw={700} lh={1.1} aria-label={`${t(`reports.stats.${key}`)}: ${value}`}>
                {value}
              </Text>
              <Text size="xs" c="dimmed" truncate="end">
                {t(`reports.stats.${key}`)}
              </Text>
            </div>
          </Group>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
