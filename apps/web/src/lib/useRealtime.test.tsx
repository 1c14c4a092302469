import { MantineProvider } from '@mantine/core';
import { socketTokenAnswer } from '@presente/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RealtimeConnection } from '../components/RealtimeConnection';
import { companySettingsKey } from '../features/plan-usage/api';
import { subscriptionKeys } from '../features/subscription/api';
import { mockAnswer } from '../test/answers';
import { ADMIN } from '../test/companyAdmin';
import { mockApi } from '../test/renderApp';
import { queryKeyWords, useRealtime } from './useRealtime';

type Listener = (...args: unknown[]) => void;

/** A scriptable Socket.IO client: the test plays the server. */
const fake = vi.hoisted(() => {
  const state = {
    options: null as null | Record<string, unknown>,
    socketOn: new Map<string, Listener[]>(),
    managerOn: new Map<string, Listener[]>(),
    any: [] as Listener[],
    disconnects: 0,
    auths: [] as unknown[],
  };
  const add = (map: Map<string, Listener[]>, event: string, fn: Listener) => {
    map.set(event, [...(map.get(event) ?? []), fn]);
  };
  const manager = {
    on(event: string, fn: Listener) {
      add(state.managerOn, event, fn);
      return manager;
    },
    removeAllListeners() {
      state.managerOn.clear();
      return manager;
    },
  };
  const socket = {
    io: manager,
    active: true,
    connected: false,
    on(event: string, fn: Listener) {
      add(state.socketOn, event, fn);
      return socket;
    },
    onAny(fn: Listener) {
      state.any.push(fn);
      return socket;
    },
    removeAllListeners() {
      state.socketOn.clear();
      state.any = [];
      return socket;
    },
    connect() {
      const auth = state.options?.auth as (cb: (data: unknown) => void) => void;
      auth((data) => {
        state.auths.push(data);
        socket.connected = true;
        for (const fn of state.socketOn.get('connect') ?? []) fn();
      });
      return socket;
    },
    disconnect() {
      state.disconnects += 1;
      socket.connected = false;
      return socket;
    },
  };
  return {
    state,
    socket,
    serverEmits: (event: string, payload?: unknown) => {
      for (const fn of state.any) fn(event, payload);
    },
    managerEmits: (event: string) => {
      for (const fn of state.managerOn.get(event) ?? []) fn();
    },
  };
});

vi.mock('socket.io-client', () => ({
  io: (options: Record<string, unknown>) => {
    fake.state.options = options;
    return fake.socket;
  },
}));

const USER = ADMIN;

function Listener({ onEvent }: { onEvent: (payload: unknown, event: string) => void }) {
  useRealtime(['attendance_update'], onEvent);
  return null;
}

function setup(onEvent = vi.fn()) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(['company-admin', 'dashboard'], { presentToday: 1 });
  queryClient.setQueryData(['company-admin', 'holidays', 'page', 1], []);
  queryClient.setQueryData(['auth', 'session'], USER);
  const utils = render(
    <MantineProvider env="test">
      <QueryClientProvider client={queryClient}>
        <RealtimeConnection user={USER} />
        <Listener onEvent={onEvent} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { queryClient, ...utils };
}

const invalidated = (qc: QueryClient, key: unknown[]) => qc.getQueryState(key)?.isInvalidated;

afterEach(() => {
  fake.state.auths = [];
  fake.state.disconnects = 0;
});

/** GET /auth/socket-token through its declared answer. */
const socketToken = (token: string) => mockAnswer(socketTokenAnswer, { data: { token } });

describe('realtime socket', () => {
  it('connects on the same origin with a fresh token, the spec reconnection settings and the UI language', async () => {
    mockApi({ 'GET /api/auth/socket-token': socketToken('tok-1') });
    const { unmount } = setup();
    await waitFor(() => expect(fake.state.auths).toEqual([{ token: 'tok-1', lang: 'es' }]));
    expect(fake.state.options).toMatchObject({
      path: '/socket.io',
      reconnectionAttempts: 5,
      // 625 ms ± 20 %: the first wait is 500-750 ms (socket.test.ts checks every wait stays in 500-2000 ms).
      reconnectionDelay: 625,
      randomizationFactor: 0.2,
      reconnectionDelayMax: 2000,
      timeout: 10_000,
    });
    unmount();
    expect(fake.state.disconnects).toBe(1);
  });

  it('invalidates the queries an event affects, and re-verifies the session on profile events', async () => {
    mockApi({ 'GET /api/auth/socket-token': socketToken('tok-2') });
    const onEvent = vi.fn();
    const { queryClient } = setup(onEvent);
    await waitFor(() => expect(fake.state.auths).toHaveLength(1));

    act(() => fake.serverEmits('attendance_update', { employeeId: 'e1' }));
    expect(invalidated(queryClient, ['company-admin', 'dashboard'])).toBe(true);
    expect(invalidated(queryClient, ['company-admin', 'holidays', 'page', 1])).toBe(false);
    expect(invalidated(queryClient, ['auth', 'session'])).toBe(false);
    expect(onEvent).toHaveBeenCalledWith({ employeeId: 'e1' }, 'attendance_update');

    act(() => fake.serverEmits('holiday_update', { id: 'h1' }));
    expect(invalidated(queryClient, ['company-admin', 'holidays', 'page', 1])).toBe(true);

    act(() => fake.serverEmits('admin_profile_update', { newEmail: 'new@andes.pe' }));
    expect(invalidated(queryClient, ['auth', 'session'])).toBe(true);
  });

  it('a billing change (company_update) refreshes the subscription tab live; a downgrade (employee_update) the employees and the usage', async () => {
    mockApi({ 'GET /api/auth/socket-token': socketToken('tok-4') });
    const { queryClient } = setup();
    await waitFor(() => expect(fake.state.auths).toHaveLength(1));
    const keys = [subscriptionKeys.details, subscriptionKeys.plans, subscriptionKeys.history(2), companySettingsKey];
    for (const key of keys) queryClient.setQueryData([...key], {});
    queryClient.setQueryData(['company-admin', 'employees', 'page', 1], []);

    // A webhook moved the subscription ACTIVE → SUSPENDED (or a revision or a payment was applied).
    act(() => fake.serverEmits('company_update', { companyId: 'c1', action: 'subscription', steps: ['payment_failed'] }));
    for (const key of keys) expect(invalidated(queryClient, [...key]), JSON.stringify(key)).toBe(true);
    expect(invalidated(queryClient, ['company-admin', 'employees', 'page', 1])).toBe(false);

    act(() => fake.serverEmits('employee_update', { action: 'plan_changed', steps: ['grace_expired'] }));
    expect(invalidated(queryClient, ['company-admin', 'employees', 'page', 1])).toBe(true);
  });

  it('re-verifies the session when the server drops the socket (its session ended)', async () => {
    mockApi({ 'GET /api/auth/socket-token': socketToken('tok-4') });
    const { queryClient } = setup();
    await waitFor(() => expect(fake.state.auths).toHaveLength(1));
    act(() => {
      for (const fn of fake.state.socketOn.get('disconnect') ?? []) fn('transport close');
    });
    expect(invalidated(queryClient, ['auth', 'session'])).toBe(false);
    act(() => {
      for (const fn of fake.state.socketOn.get('disconnect') ?? []) fn('io server disconnect');
    });
    expect(invalidated(queryClient, ['auth', 'session'])).toBe(true);
  });

  it("refreshes the super admin's companies table and overview on company_update and system_stats_update", async () => {
    mockApi({ 'GET /api/auth/socket-token': socketToken('tok-5') });
    const { queryClient } = setup();
    await waitFor(() => expect(fake.state.auths).toHaveLength(1));
    const table = ['super-admin', 'companies', 'list', { search: '', plan: '', status: '', page: 1 }];
    const overview = ['super-admin', 'dashboard'];
    for (const event of ['company_update', 'system_stats_update']) {
      queryClient.setQueryData(table, []);
      queryClient.setQueryData(overview, {});
      act(() => fake.serverEmits(event, { action: 'employees_changed', companyId: 'c1' }));
      expect(invalidated(queryClient, table)).toBe(true);
      expect(invalidated(queryClient, overview)).toBe(true);
    }
  });

  it('shows the header indicator while reconnecting and after failing', async () => {
    mockApi({ 'GET /api/auth/socket-token': socketToken('tok-3') });
    setup();
    await waitFor(() => expect(fake.state.auths).toHaveLength(1));
    expect(screen.queryByTestId('realtime-indicator')).not.toBeInTheDocument();

    act(() => fake.managerEmits('reconnect_attempt'));
    expect(await screen.findByText('Reconectando...', {}, { timeout: 3000 })).toBeInTheDocument();
    act(() => fake.managerEmits('reconnect_failed'));
    expect(await screen.findByText('Sin conexión en tiempo real')).toBeInTheDocument();
  });

  it('reads the feature words of query keys', () => {
    expect([...queryKeyWords(['company-admin', 'work-locations', 'page', 2])]).toEqual(['work', 'location']);
    expect([...queryKeyWords(['employee', 'activity'])]).toEqual(['activity']);
    expect([...queryKeyWords(['super-admin', 'companies'])]).toEqual(['company']);
  });
});
