import { SimpleGrid, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A titled group of fields in a two-column grid (one column on phones). */
export function FormSection({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  return (
    <section>
      <Title order={3} fz="md">
        {title}
      </Title>
      {hint && (
        <Text size="sm" c="dimmed" mt={2}>
          {hint}
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm" mt="sm">
        {children}
      </SimpleGrid>
    </section>
  );
}

/** "Teléfono (opcional)". */
export function OptionalLabel({ text, hint }: { text: string; hint: string }) {
  return (
    <>
      {text}{' '}
      <Text span size="xs" c="dimmed" fw={400}>
        ({hint})
      </Text>
    </>
  );
}
