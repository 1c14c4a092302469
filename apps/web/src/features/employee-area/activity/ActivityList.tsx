import { Group, Paper, Stack, Text, ThemeIcon, Tooltip, UnstyledButton } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { displayDateTime, displayDay } from '../format';
import { useServerNow } from '../serverClock';
import type { Activity } from '../types';
import { activityTitle, typeInfo } from './activityTypes';
import { relativeTime } from './relativeTime';

/** The activity feed: one row per activity (icon, title, description, who, when); a click opens its details. */
export function ActivityList({ activities, timezone, onOpen }: { activities: Activity[]; timezone: string; onOpen: (a: Activity) => void }) {
  const { t } = useTranslation(['employee', 'common']);
  // Relative times move on by themselves ("hace 5 minutos" → "hace 6 minutos").
  const now = useServerNow(30_000);
  // The day a record concerns (an admin's edit of an earlier day) and who acted.
  const meta = (a: Activity) => {
    const day = a.details?.date;
    return [
      typeof day === 'string' ? t('employeeArea.activity.forDay', { date: displayDay(t, day, timezone) }) : null,
      a.adminName ? t('employeeArea.activity.byAdmin', { name: a.adminName }) : null,
    ].filter((item): item is string => item !== null);
  };
  return (
    <Stack gap="xs">
      {activities.map((a) => {
        const info = typeInfo(a.type);
        const Icon = info.icon;
        const title = activityTitle(t, a);
        const description = a.description;
        return (
          <UnstyledButton key={a.id} onClick={() => onOpen(a)} aria-label={t('employeeArea.activity.open', { title })} data-testid="activity-item">
            <Paper withBorder p="sm" radius="md" className="employee-activity-row">
              <Group wrap="nowrap" gap="sm" align="flex-start">
                <ThemeIcon variant="light" color={info.color} size={38} radius="md" style={{ flexShrink: 0 }}>
                  <Icon size={20} />
                </ThemeIcon>
                <div style={{ flex: 1, minWidth: 0 }}>
                  <Text fw={600} size="sm" lineClamp={2}>
                    {title}
                  </Text>
                  {description && (
                    <Text size="sm" c="dimmed" lineClamp={2}>
                      {description}
                    </Text>
                  )}
                  <Text size="xs" c="dimmed" mt={2}>
                    <Tooltip label={displayDateTime(t, a.timestamp, timezone)} withArrow>
                      <Text span inherit fw={600}>
                        {relativeTime(t, a.timestamp, now, timezone)}
                      </Text>
                    </Tooltip>
                    {meta(a).map((item) => ` · ${item}`)}
                  </Text>
                </div>
                <IconChevronRight size={18} color="var(--mantine-color-gray-5)" style={{ flexShrink: 0, alignSelf: 'center' }} />
              </Group>
            </Paper>
          </UnstyledButton>
        );
      })}
    </Stack>
  );
}
