import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface AuthStatusProps {
  icon: ReactNode;
  color: string;
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
}

/** A result screen of the auth flows (link sent, invalid link, password reset). */
export function AuthStatus({ icon, color, title, children, actions }: AuthStatusProps) {
  return (
    <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 'xl' }} radius="lg">
      <Stack align="center" ta="center" gap="md">
        <ThemeIcon size={64} radius="xl" variant="light" color={color}>
          {icon}
        </ThemeIcon>
        <Title order={1} fz={24}>
          {title}
        </Title>
        {children}
        {actions && (
          <Stack w="100%" gap="xs" mt="xs">
            {actions}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

export function StatusText({ children }: { children: ReactNode }) {
  return <Text c="dimmed">{children}</Text>;
}
