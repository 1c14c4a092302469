import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { getDefaultZIndex, MantineProvider } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { CompanyConfigProvider } from '../features/auth/CompanyConfigContext';
import i18n from '../lib/i18n';
import { TOAST_PHONE_QUERY, toastPosition } from '../lib/notify';
import { cssVariablesResolver } from './theme';
import { useLocalizedTheme } from './useLocalizedTheme';

/** The toast host is a leaf: it loads after the first paint (decision 0026); toasts shown before it mounts wait in its store. */
const Notifications = lazy(async () => ({ default: (await import('@mantine/notifications')).Notifications }));

/**
 * The global modal host (modals.open / openConfirmModal) listens to window events, so it needs no children and
 * loads after the first paint like the toasts; no screen reads its context (useModals).
 */
const ModalsHost = lazy(async () => ({ default: (await import('@mantine/modals')).ModalsProvider }));

/** Above modals and drawers (200), below dropdowns and tooltips (300): an opened user menu is never under a toast. */
const TOAST_Z_INDEX = getDefaultZIndex('popover') - 1;

interface AppProvidersProps {
  queryClient: QueryClient;
  /** 'test' disables Mantine transitions and portals (component tests). */
  env?: 'default' | 'test';
  children: ReactNode;
}

/** Everything the screens rely on: Mantine (theme, global modal host, toasts), TanStack Query, company config. */
export function AppProviders({ queryClient, env = 'default', children }: AppProvidersProps) {
  const theme = useLocalizedTheme();
  const phone = useMediaQuery(TOAST_PHONE_QUERY) ?? false;
  // Server answers carry words in the request's language (activity titles, notes): a new language refetches them.
  useEffect(() => {
    const refetch = () => void queryClient.invalidateQueries();
    i18n.on('languageChanged', refetch);
    return () => i18n.off('languageChanged', refetch);
  }, [queryClient]);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light" env={env}>
      <QueryClientProvider client={queryClient}>
        <CompanyConfigProvider>
          <Suspense fallback={null}>
            <ModalsHost />
            {/* At the bottom, clicks pass around them (.app-toasts in global.css); over modals, under open menus. */}
            <Notifications position={toastPosition(phone)} limit={4} zIndex={TOAST_Z_INDEX} classNames={{ root: 'app-toasts' }} />
          </Suspense>
          {children}
        </CompanyConfigProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
