import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { getDefaultZIndex, MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { CompanyConfigProvider } from '../features/auth/CompanyConfigContext';
import i18n from '../lib/i18n';
import { theme } from './theme';

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
  // Server answers carry words in the request's language (activity titles, notes): a new language refetches them.
  useEffect(() => {
    const refetch = () => void queryClient.invalidateQueries();
    i18n.on('languageChanged', refetch);
    return () => i18n.off('languageChanged', refetch);
  }, [queryClient]);
  return (
    <MantineProvider theme={theme} defaultColorScheme="light" env={env}>
      <QueryClientProvider client={queryClient}>
        <CompanyConfigProvider>
          <ModalsProvider>
            {/* Under the header, clicks pass around them (.app-toasts in global.css); over modals, under open menus. */}
            <Notifications position="top-right" limit={4} zIndex={TOAST_Z_INDEX} classNames={{ root: 'app-toasts' }} />
            {children}
          </ModalsProvider>
        </CompanyConfigProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
