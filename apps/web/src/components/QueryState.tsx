import { Group, Loader, Paper, Stack, Text } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { LoadError } from './LoadError';

interface QueryLike<T> {
  isPending: boolean;
  isError: boolean;
  data: T | undefined;
  refetch: () => unknown;
}

interface QueryStateProps<T> {
  query: QueryLike<T>;
  /** The spec's message for a failed load; Reintentar refetches. */
  loadError: string;
  /** Whether the answer has nothing to list (then `empty` shows instead of the children). */
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}

/** A list's three states before its rows: loading, a failed load with Reintentar, and nothing to show yet. */
export function QueryState<T>({ query, loadError, isEmpty, empty, children }: QueryStateProps<T>) {
  if (query.isPending) {
    return (
      <Group justify="center" py="xl">
        <Loader />
      </Group>
    );
  }
  if (query.isError || query.data === undefined) return <LoadError message={loadError} onRetry={() => void query.refetch()} />;
  if (isEmpty?.(query.data)) return empty;
  return children(query.data);
}

/** What an empty list says: an icon, what is missing and, when useful, how to add the first one. */
export function EmptyState({ icon: Icon, title, hint }: { icon: Icon; title: string; hint?: string }) {
  return (
    <Paper withBorder p="xl" radius="lg">
      <Stack align="center" gap="xs">
        <Icon size={36} color="var(--mantine-color-gray-5)" />
        <Text fw={600}>{title}</Text>
        {hint && (
          <Text size="sm" c="dimmed" ta="center">
            {hint}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
