import { Anchor, Badge, Card, Group, Progress, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCircleCheckFilled, IconCircleDashed, IconRocket } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CardHeading } from '../../../components/CardHeading';
import type { FirstSteps } from '../api';

/** The five steps in the order a new company takes them, each with the tab where it is done. */
const STEPS: { id: keyof FirstSteps; to: string }[] = [
  { id: 'schedule', to: '/company-admin/schedules' },
  { id: 'location', to: '/company-admin/settings' },
  { id: 'employees', to: '/company-admin/employees' },
  { id: 'faces', to: '/company-admin/employees' },
  { id: 'kioskLink', to: '/company-admin/settings' },
];

/**
 * "Primeros pasos" of a new company (walk-through finding 10): each step ticks itself from what the
 * company really has (GET /dashboard's firstSteps); the card goes away once all five are done.
 */
export function FirstStepsCard({ steps }: { steps: FirstSteps }) {
  const { t } = useTranslation('dashboard');
  const done = STEPS.filter((s) => steps[s.id]).length;
  if (done === STEPS.length) return null;
  return (
    <Card withBorder padding="lg" component="section" aria-label={t('companyOverview.firstSteps.title')}>
      <CardHeading
        icon={<IconRocket size={22} />}
        color="indigo"
        title={t('companyOverview.firstSteps.title')}
        subtitle={t('companyOverview.firstSteps.subtitle')}
      />
      <Group gap="sm" mb="md" wrap="nowrap">
        <Progress value={(done / STEPS.length) * 100} size="md" radius="xl" style={{ flex: 1 }} aria-label={t('companyOverview.firstSteps.title')} />
        <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
          {t('companyOverview.firstSteps.progress', { done, total: STEPS.length })}
        </Text>
      </Group>
      <Stack gap="sm" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {STEPS.map((s) => {
          const ok = steps[s.id];
          return (
            <Group key={s.id} component="li" gap="sm" wrap="nowrap" align="flex-start" data-step={s.id} data-done={ok}>
              <ThemeIcon variant="transparent" color={ok ? 'teal' : 'gray'} size={24} aria-hidden>
                {ok ? <IconCircleCheckFilled size={22} /> : <IconCircleDashed size={22} />}
              </ThemeIcon>
              <div style={{ flex: 1, minWidth: 0 }}>
                <Group gap="xs">
                  <Text fw={600} size="sm" td={ok ? 'line-through' : undefined} c={ok ? 'dimmed' : undefined}>
                    {t(`companyOverview.firstSteps.steps.${s.id}.title`)}
                  </Text>
                  {ok && (
                    <Badge size="xs" color="teal" variant="light">
                      {t('companyOverview.firstSteps.done')}
                    </Badge>
                  )}
                </Group>
                {!ok && (
                  <Text size="sm" c="dimmed">
                    {t(`companyOverview.firstSteps.steps.${s.id}.hint`)}{' '}
                    <Anchor component={Link} to={s.to} size="sm" fw={600}>
                      {t(`companyOverview.firstSteps.steps.${s.id}.action`)}
                    </Anchor>
                  </Text>
                )}
              </div>
            </Group>
          );
        })}
      </Stack>
    </Card>
  );
}
