import { useState } from 'react';
import { BrowserRouter, useRoutes } from 'react-router';
import { createQueryClient } from '../lib/queryClient';
import { AppProviders } from './AppProviders';
import { appRoutes } from './routes';

/** The route table under whatever router holds the location (BrowserRouter in the app, MemoryRouter in tests). */
export function AppRoutes() {
  return useRoutes(appRoutes);
}

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <AppProviders queryClient={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
