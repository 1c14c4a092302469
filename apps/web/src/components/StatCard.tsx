import { Group, Paper, Text, ThemeIcon } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';

interface StatCardProps {
  icon: Icon;
  label: string;
  value: number | string;
  hint?: ReactNode;
  color: string;
  /** A slightly smaller figure, for denser grids (the employee area). */
  compact?: boolean;
}

/** One figure of an overview: label, icon, big value, optional hint (company and employee overviews). */
export function StatCard({ icon: Icon, label, value, hint, color, compact = false }: StatCardProps) {
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }} radius="lg" h="100%">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Text size="xs" tt="uppercase" fw={700} c="dimmed" lh={1.3} style={{ letterSpacing: '0.03em' }}>
          {label}
        </Text>
        <ThemeIcon variant="light" color={color} size={34} radius="md" style={{ flexShrink: 0 }}>
          <Icon size={19} stroke={1.8} />
        </ThemeIcon>
      </Group>
      <Text fw={800} fz={compact ? { base: 24, sm: 28 } : { base: 26, sm: 30 }} lh={1.1} mt={6} c={`${color}.8`} aria-label={`${label}: ${value}`}>
        {value}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed" mt={4}>
          {hint}
        </Text>
      )}
    </Paper>
  );
}
