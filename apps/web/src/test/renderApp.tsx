import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLayoutEffect } from 'react';
import { type Location, MemoryRouter, useLocation } from 'react-router';
import { vi } from 'vitest';
import { AppRoutes } from '../app/App';
import { AppProviders } from '../app/AppProviders';
import { mockSignedOut, signedOutSession } from './answers';

export interface MockResponse {
  status?: number;
  body?: unknown;
}

export type MockRoutes = Record<string, MockResponse | ((init: RequestInit | undefined) => MockResponse | Promise<MockResponse>)>;

/**
 * Replaces fetch with a table keyed "METHOD /api/path" (query string ignored).
 * Unknown calls answer 404 like the real API. Returns the mock to inspect calls.
 */
/**
 * The app asks GET /auth/session (200 with user null when signed out); the tests describe the session with
 * spec §7's GET /auth/verify. Its 401 becomes the signed-out answer, anything else passes as it is.
 */
function sessionFromVerify(verify: MockRoutes[string] | undefined): MockRoutes[string] | undefined {
  if (verify === undefined) return undefined;
  return async (init?: RequestInit) => {
    const answer = typeof verify === 'function' ? await verify(init) : verify;
    return answer?.status === 401 ? signedOutSession() : answer;
  };
}

export function mockApi(routes: MockRoutes) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const path = url.replace(/^https?:\/\/[^/]+/, '').split('?')[0];
    const key = `${(init?.method ?? 'GET').toUpperCase()} ${path}`;
    const route = routes[key] ?? (key === 'GET /api/auth/session' ? sessionFromVerify(routes['GET /api/auth/verify']) : undefined);
    const answer = typeof route === 'function' ? await route(init) : route;
    const status = answer?.status ?? (answer ? 200 : 404);
    const body = answer ? answer.body : { message: 'No encontrado', code: 'not_found' };
    return new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export const UNAUTHENTICATED: MockResponse = mockSignedOut();

/** Reports the committed location (a navigation is a transition: it commits once the next page's chunk is there). */
function LocationProbe({ onLocation }: { onLocation: (location: Location) => void }) {
  const location = useLocation();
  useLayoutEffect(() => onLocation(location), [location, onLocation]);
  return null;
}

/** Renders the real route table at `path` with fresh caches (no retries, so failures show at once). */
export function renderApp(path: string) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false }, mutations: { retry: 0 } },
  });
  // Tests read the current location as `router.state.location`.
  const router = { state: { location: { pathname: path } as Location } };
  const user = userEvent.setup();
  const utils = render(
    <AppProviders queryClient={queryClient} env="test">
      <MemoryRouter initialEntries={[path]}>
        <LocationProbe
          onLocation={(location) => {
            router.state.location = location;
          }}
        />
        <AppRoutes />
      </MemoryRouter>
    </AppProviders>,
  );
  return { ...utils, router, queryClient, user };
}
