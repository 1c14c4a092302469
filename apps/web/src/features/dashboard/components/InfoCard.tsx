import { Group, Paper, Text, ThemeIcon } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';

interface InfoCardProps {
  icon: Icon;
  label: string;
  value: ReactNode;
  hint?: ReactNode;
  color?: string;
}

/** A small labelled fact (role, timezone...) with an icon. */
export function InfoCard({ icon: Icon, label, value, hint, color = 'indigo' }: InfoCardProps) {
  return (
    <Paper withBorder p="lg" radius="lg" h="100%">
      <Group gap="sm" wrap="nowrap">
        <ThemeIcon variant="light" color={color} size={38} radius="md" style={{ flexShrink: 0 }}>
          <Icon size={20} stroke={1.7} />
        </ThemeIcon>
        <Text size="xs" tt="uppercase" fw={700} c="dimmed" lh={1.3} style={{ letterSpacing: '0.04em' }}>
          {label}
        </Text>
      </Group>
      <Text fw={700} fz="lg" mt="md" lh={1.3} style={{ overflowWrap: 'break-word' }}>
        {value}
      </Text>
      {hint && (
        <Text size="sm" c="dimmed" mt={4} style={{ overflowWrap: 'break-word' }}>
          {hint}
        </Text>
      )}
    </Paper>
  );
}
