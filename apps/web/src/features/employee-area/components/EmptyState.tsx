import { Paper, Stack, Text } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** Nothing to show yet: an icon, a title and a hint (and an optional action). */
export function EmptyState({ icon: Icon, title, hint, children }: { icon: Icon; title: string; hint?: string; children?: ReactNode }) {
  return (
    <Paper withBorder p="xl" radius="lg">
      <Stack align="center" gap="xs">
        <Icon size={36} color="var(--mantine-color-gray-5)" />
        <Text fw={600} ta="center">
          {title}
        </Text>
        {hint && (
          <Text size="sm" c="dimmed" ta="center" maw={460}>
            {hint}
          </Text>
        )}
        {children}
      </Stack>
    </Paper>
  );
}
