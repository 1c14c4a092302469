import { Group, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The heading of an overview card: a coloured icon, the title and a one-line subtitle. */
export function CardHeading({ icon, color, title, subtitle }: { icon: ReactNode; color: string; title: string; subtitle: string }) {
  return (
    <Group gap="sm" mb="md" wrap="nowrap">
      <ThemeIcon variant="light" size={40} radius="md" color={color}>
        {icon}
      </ThemeIcon>
      <div>
        <Title order={2} fz="lg">
          {title}
        </Title>
        <Text size="sm" c="dimmed">
          {subtitle}
        </Text>
      </div>
    </Group>
  );
}
