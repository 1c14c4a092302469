import { Badge, Button, Group, Paper, Progress, Text, ThemeIcon } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { type CompanySettings, isAtLimit } from '../../plan-usage/api';

/** Plan usage banner (spec §2): 'Empleados: X/max' with 'Límite alcanzado' or what is left. */
export function EmployeeUsageBanner({ settings, onUpgrade }: { settings: CompanySettings; onUpgrade: () => void }) {
  const { t } = useTranslation('dashboard');
  const { used, limit } = settings.usage.employees;
  const unlimited = limit === -1;
  const full = isAtLimit(settings.usage.employees);
  const percent = unlimited || limit <= 0 ? 0 : Math.min(100, Math.round((used / limit) * 100));
  const color = full ? 'red' : percent >= 80 ? 'orange' : 'indigo';

  return (
    <Paper withBorder p="md" radius="lg" bg={full ? 'red.0' : undefined} data-testid="employee-usage">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon variant="light" color={color} size={40} radius="md">
            <IconUsers size={20} />
          </ThemeIcon>
          <div>
            <Group gap="xs">
              <Text fw={700}>{unlimited ? t('employees.usage.unlimited', { used }) : t('employees.usage.label', { used, max: limit })}</Text>
              <Badge variant="light" color="gray" size="sm">
                {t('employees.usage.plan', { plan: t(`employees.plans.${settings.plan}`) })}
              </Badge>
            </Group>
            {!unlimited && (
              <Text size="sm" c={full ? 'red.8' : 'dimmed'} fw={full ? 600 : 400}>
                {full ? t('employees.usage.reached') : t('employees.usage.remaining', { count: Math.max(0, limit - used) })}
              </Text>
            )}
          </div>
        </Group>
        {full && (
          <Button size="xs" color="orange" onClick={onUpgrade}>
            {t('employees.actions.viewPlans')}
          </Button>
        )}
      </Group>
      {!unlimited && <Progress value={percent} color={color} size="sm" mt="sm" aria-hidden />}
    </Paper>
  );
}
