import { Card, Group, Progress, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCalendarMonth, IconClockHour4, IconHourglass, IconPercentage } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type CompanyDashboard, formatHours, LEVEL_COLOR, utilisationLevel } from '../api';

function Figure({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <Stack gap={6}>
      <Group gap={8} wrap="nowrap">
        <ThemeIcon variant="light" size={28} radius="md" color="indigo">
          {icon}
        </ThemeIcon>
        <Text size="sm" c="dimmed" fw={500} lh={1.25}>
          {label}
        </Text>
      </Group>
      {children}
    </Stack>
  );
}

/** Monthly stats: working days, attendance % (utilisation bar colours), total hours, average hours per day. */
export function MonthlyStatsCard({ stats, monthName }: { stats: CompanyDashboard['monthlyStats']; monthName: string }) {
  const { t } = useTranslation('dashboard');
  const percent = Math.max(0, Math.min(100, Math.round(stats.attendancePercentage)));
  const level = utilisationLevel(percent);
  return (
    <Card withBorder padding="lg" h="100%">
      <Group gap="sm" mb="lg" wrap="nowrap">
        <ThemeIcon variant="light" size={40} radius="md">
          <IconCalendarMonth size={22} />
        </ThemeIcon>
        <div>
          <Title order={2} fz="lg">
            {t('companyOverview.monthly.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('companyOverview.monthly.subtitle', { month: monthName })}
          </Text>
        </div>
      </Group>
      <SimpleGrid cols={2} spacing="lg" verticalSpacing="lg">
        <Figure icon={<IconCalendarMonth size={16} />} label={t('companyOverview.monthly.workingDays')}>
          <Text fw={800} fz={26} lh={1} c={stats.totalWorkingDays === 0 ? 'dimmed' : undefined}>
            {stats.totalWorkingDays}
          </Text>
        </Figure>
        <Figure icon={<IconPercentage size={16} />} label={t('companyOverview.monthly.attendance')}>
          {stats.totalWorkingDays === 0 ? (
            // Nothing was due yet (a new company, or the 1st of the month before any shift): no rate to judge, so no red "0 % Baja".
            <div data-level="none">
              <Text fw={600} size="sm">
                {t('companyOverview.monthly.empty')}
              </Text>
              <Text size="xs" c="dimmed">
                {t('companyOverview.monthly.emptyHint')}
              </Text>
            </div>
          ) : (
            <>
              <Group gap="xs" align="baseline">
                <Text fw={800} fz={26} lh={1} c={`var(--mantine-color-${LEVEL_COLOR[level]}-text)`}>
                  {percent}%
                </Text>
                <Text size="xs" fw={700} c={`var(--mantine-color-${LEVEL_COLOR[level]}-text)`} tt="uppercase">
                  {t(`companyOverview.monthly.level.${level}`)}
                </Text>
              </Group>
              <Progress
                value={percent}
                color={LEVEL_COLOR[level]}
                size="md"
                radius="xl"
                aria-label={t('companyOverview.monthly.attendance')}
                data-level={level}
              />
            </>
          )}
        </Figure>
        <Figure icon={<IconClockHour4 size={16} />} label={t('companyOverview.monthly.totalHours')}>
          <Text fw={800} fz={26} lh={1}>
            {t('companyOverview.monthly.hours', { value: formatHours(stats.totalHours) })}
          </Text>
          {!!stats.leaveHours && (
            <Text size="xs" c="dimmed" mt={4}>
              {t('companyOverview.monthly.leaveHours', { value: formatHours(stats.leaveHours) })}
            </Text>
          )}
        </Figure>
        <Figure icon={<IconHourglass size={16} />} label={t('companyOverview.monthly.averageHours')}>
          <Text fw={800} fz={26} lh={1}>
            {t('companyOverview.monthly.hours', { value: formatHours(stats.averageHoursPerDay) })}
          </Text>
        </Figure>
      </SimpleGrid>
    </Card>
  );
}
