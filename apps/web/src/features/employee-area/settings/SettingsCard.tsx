import { Card, Group, Text, ThemeIcon, Title } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** A settings card: icon, title, one-line description, then its content. */
export function SettingsCard({
  icon: Icon,
  color = 'indigo',
  title,
  description,
  children,
}: {
  icon: Icon;
  color?: string;
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <Card withBorder padding="lg" h="100%" style={{ display: 'flex', flexDirection: 'column' }}>
      <Group gap="sm" mb="md" wrap="nowrap" align="flex-start">
        <ThemeIcon variant="light" size={40} radius="md" color={color} style={{ flexShrink: 0 }}>
          <Icon size={22} />
        </ThemeIcon>
        <div>
          <Title order={2} fz="lg">
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        </div>
      </Group>
      <div style={{ marginTop: 'auto' }}>{children}</div>
    </Card>
  );
}
