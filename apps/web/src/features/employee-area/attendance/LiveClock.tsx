import { Group, Stack, Text } from '@mantine/core';
import { IconWorld } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { longDateIn, timeIn } from '../format';
import { useServerNow } from '../serverClock';

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The company's time, ticking every second. It runs on the server's clock (offset measured by
 * GET /attendance/today), so a device with a wrong clock or timezone still shows the real time.
 */
export function LiveClock({ timezone }: { timezone: string }) {
  const { t, i18n } = useTranslation('employee');
  const now = useServerNow(1000);
  return (
    <Stack gap={2} align="center">
      <Text
        component="time"
        dateTime={now.toISOString()}
        fw={800}
        fz={{ base: 44, sm: 56 }}
        lh={1}
        c="indigo.8"
        aria-label={t('employeeArea.attendance.clockLabel', { time: timeIn(now, timezone) })}
        data-testid="live-clock"
        style={{ fontVariantNumeric: 'tabular-nums', letterSpacing: '-0.02em' }}
      >
        {timeIn(now, timezone, true)}
      </Text>
      <Text size="md" fw={500} ta="center">
        {capitalize(longDateIn(now, timezone, i18n.language))}
      </Text>
      <Group gap={4} c="dimmed">
        <IconWorld size={14} />
        <Text size="xs">{t('employeeArea.attendance.timezone', { timezone })}</Text>
      </Group>
    </Stack>
  );
}
