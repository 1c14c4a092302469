import { Badge, Button, Card, Divider, Group, Progress, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconRocket, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { UsageEntry } from '../../plan-usage/api';
import type { CompanyDashboard } from '../api';

function usageColor(entry: UsageEntry): string {
  if (entry.limit === -1) return 'indigo';
  const ratio = entry.used / Math.max(1, entry.limit);
  if (ratio >= 1) return 'red';
  return ratio > 0.8 ? 'orange' : 'indigo';
}

/** Plan usage: the plan, 'Empleados: X/max' with a bar, schedules and locations, and a link to the plans. */
export function PlanUsageCard({ plan, usage }: { plan: CompanyDashboard['company']['plan']; usage: CompanyDashboard['usage'] }) {
  const { t } = useTranslation('dashboard');
  const navigate = useNavigate();
  const employees = usage.employees;
  const unlimited = employees.limit === -1;
  const max = unlimited ? t('companyOverview.plan.unlimited') : employees.limit;
  const left = unlimited ? null : Math.max(0, employees.limit - employees.used);
  const other = (key: 'schedules' | 'locations') => {
    const entry = usage[key];
    return `${entry.used}/${entry.limit === -1 ? t('companyOverview.plan.unlimited') : entry.limit}`;
  };

  return (
    <Card withBorder padding="lg" h="100%">
      <Group gap="sm" mb="md" wrap="nowrap" align="flex-start">
        <ThemeIcon variant="light" size={40} radius="md" color="orange">
          <IconUsers size={22} />
        </ThemeIcon>
        <div>
          <Title order={2} fz="lg">
            {t('companyOverview.plan.title')}
          </Title>
          <Badge mt={4} variant="light" color={plan === 'PREMIUM' ? 'grape' : 'gray'} style={{ textTransform: 'none' }}>
            {t(`companyOverview.plan.${plan}`)}
          </Badge>
        </div>
      </Group>
      <Stack gap={8}>
        <Group justify="space-between" gap="xs">
          <Text fw={700}>{t('companyOverview.plan.employees', { used: employees.used, max })}</Text>
          {left !== null && (
            <Text size="sm" fw={600} c={left === 0 ? 'var(--mantine-color-red-text)' : 'dimmed'}>
              {left === 0 ? t('companyOverview.plan.limitReached') : t('companyOverview.plan.remaining', { count: left })}
            </Text>
          )}
        </Group>
        <Progress
          value={unlimited ? 100 : Math.min(100, (employees.used / Math.max(1, employees.limit)) * 100)}
          color={usageColor(employees)}
          size="lg"
          radius="xl"
          striped={unlimited}
          aria-label={t('companyOverview.plan.employees', { used: employees.used, max })}
        />
        <Divider my={6} />
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {t('companyOverview.plan.schedules')}
          </Text>
          <Text size="sm" fw={600}>
            {other('schedules')}
          </Text>
        </Group>
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {t('companyOverview.plan.locations')}
          </Text>
          <Text size="sm" fw={600}>
            {other('locations')}
          </Text>
        </Group>
        {plan === 'FREE' && (
          <Button mt="sm" variant="light" leftSection={<IconRocket size={16} />} onClick={() => navigate('/company-admin/subscription')}>
            {t('companyOverview.plan.viewPlans')}
          </Button>
        )}
      </Stack>
    </Card>
  );
}
