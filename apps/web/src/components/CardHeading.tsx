import { Group, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The heading of a card (overview blocks, settings cards): a coloured icon, the title and a one-line subtitle. */
export function CardHeading({ icon, color, title, subtitle }: { icon: ReactNode; color: string; title: string; subtitle: string }) {
  return (
    <Group gap="sm" mb="md" wrap="nowrap" align="flex-start">
      <ThemeIcon variant="light" size={40} radius="md" color={color} style={{ flexShrink: 0 }}>
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
