import { Center, Loader, Stack, Text } from '@mantine/core';

/** Centered loader for whole-page waits (session check, lazy areas). */
export function FullPageLoader({ label }: { label?: string }) {
  return (
    <Center mih="100dvh" p="md" role="status" aria-live="polite">
      <Stack align="center" gap="md">
        <Loader size="lg" type="dots" />
        {label && (
          <Text c="dimmed" fw={500}>
            {label}
          </Text>
        )}
      </Stack>
    </Center>
  );
}
