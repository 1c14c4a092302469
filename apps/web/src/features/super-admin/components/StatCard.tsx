import { Group, Paper, Skeleton, Text, ThemeIcon } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';

interface StatCardProps {
  icon: Icon;
  label: string;
  value?: number;
  hint?: string;
  color: string;
  loading: boolean;
  locale: string;
}

/** One platform total: a big number with its label; a skeleton while loading. */
export function StatCard({ icon: Icon, label, value, hint, color, loading, locale }: StatCardProps) {
  return (
    <Paper withBorder p="lg" radius="lg" h="100%">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Text size="xs" tt="uppercase" fw={700} c="dimmed" lh={1.3} style={{ letterSpacing: '0.04em' }}>
          {label}
        </Text>
        <ThemeIcon variant="light" color={color} size={38} radius="md" style={{ flexShrink: 0 }}>
          <Icon size={20} stroke={1.7} />
        </ThemeIcon>
      </Group>
      {loading ? (
        <>
          <Skeleton height={30} width="45%" mt="sm" radius="sm" />
          <Skeleton height={12} width="75%" mt="sm" radius="sm" />
        </>
      ) : (
        <>
          <Text fw={800} fz={30} lh={1.1} mt="sm">
            {value === undefined ? '—' : value.toLocaleString(locale)}
          </Text>
          {hint && (
            <Text size="sm" c="dimmed" mt={6}>
              {hint}
            </Text>
          )}
        </>
      )}
    </Paper>
  );
}
