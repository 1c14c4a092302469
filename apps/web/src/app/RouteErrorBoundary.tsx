import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BrandLogo } from '../components/BrandLogo';

/** What a page whose chunk failed to load shows (a deploy replaced it, the connection dropped): say so and offer a reload. */
function LoadErrorScreen() {
  const { t } = useTranslation();
  return (
    <Center mih="100dvh" p="md" role="alert">
      <Stack align="center" gap="md" maw={480} ta="center">
        <BrandLogo />
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          {t('loadError.title')}
        </Title>
        <Text c="dimmed">{t('loadError.description')}</Text>
        <Button size="md" onClick={() => window.location.reload()}>
          {t('loadError.reload')}
        </Button>
      </Stack>
    </Center>
  );
}

/**
 * Catches a page that fails to render or to load, so one broken page shows a way out instead of an empty window.
 * `resetKey` (the path) clears the error when the person navigates elsewhere.
 */
export class RouteErrorBoundary extends Component<{ children: ReactNode; resetKey: string }, { error: unknown; key: string }> {
  state = { error: null as unknown, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: { resetKey: string }, state: { error: unknown; key: string }) {
    return props.resetKey === state.key ? null : { error: null, key: props.resetKey };
  }

  componentDidCatch(error: unknown) {
    console.error(error);
  }

  render() {
    return this.state.error ? <LoadErrorScreen /> : this.props.children;
  }
}
