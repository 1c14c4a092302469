import type { Query, QueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { getRealtimeStatus, onRealtime, type RealtimeStatus, subscribeRealtimeStatus } from './socket';

/** The connection state for React: idle, connecting, connected, disconnected, reconnecting, failed. */
export function useRealtimeStatus(): RealtimeStatus {
  return useSyncExternalStore(subscribeRealtimeStatus, getRealtimeStatus, getRealtimeStatus);
}

/**
 * Runs `handler` on each of the server `events` while the component is mounted
 * (e.g. `useRealtime(['attendance_update'], () => refetch())`). The latest handler is always used.
 */
export function useRealtime(events: readonly string[], handler: (payload: unknown, event: string) => void): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  const key = events.join('|');
  useEffect(() => {
    const offs = key.split('|').map((event) => onRealtime(event, (payload, name) => latest.current(payload, name)));
    return () => {
      for (const off of offs) off();
    };
  }, [key]);
}

/**
 * What each server event refreshes (spec §7), as feature words. Query keys follow the convention
 * `[<area>?, <feature>, ...]`, e.g. ['company-admin', 'schedules', 'page', 2], ['company-admin', 'work-locations'],
 * ['employee', 'dashboard'], ['tour', 'status']: the words of the feature part (after an optional area prefix;
 * kebab/camel case split, singular) decide. `reverify` re-reads the session (GET /auth/verify).
 */
export const REALTIME_REFRESH: Record<string, { topics: string[]; reverify?: boolean }> = {
  company_update: { topics: ['company', 'dashboard', 'overview', 'subscription', 'plan'] },
  employee_update: { topics: ['employee', 'department', 'dashboard', 'overview', 'attendance', 'calendar', 'report', 'profile', 'work', 'company'] },
  schedule_update: { topics: ['schedule', 'employee', 'location', 'holiday', 'attendance', 'dashboard', 'overview', 'work', 'company'] },
  department_update: { topics: ['department', 'employee', 'dashboard', 'overview', 'attendance'] },
  work_location_update: { topics: ['location', 'schedule', 'company'] },
  holiday_update: { topics: ['holiday', 'attendance', 'calendar', 'dashboard', 'overview', 'report'] },
  attendance_update: { topics: ['attendance', 'calendar', 'dashboard', 'overview', 'report', 'history', 'activity', 'stat'] },
  activity_update: { topics: ['activity'] },
  // Another admin tab created, toggled or deleted a kiosk link: the links table and the plan usage.
  attendance_link_update: { topics: ['link', 'company'] },
  admin_profile_update: { topics: ['profile'], reverify: true },
  super_admin_profile_updated: { topics: ['profile'], reverify: true },
  system_stats_update: { topics: ['dashboard', 'overview', 'stat', 'system', 'company'] },
  global_attendance_update: { topics: ['dashboard', 'overview', 'stat', 'system'] },
};

export const REALTIME_EVENTS = Object.keys(REALTIME_REFRESH);

function singular(word: string): string {
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.endsWith('ss')) return word;
  return word.endsWith('s') ? word.slice(0, -1) : word;
}

/** Leading key parts that name an area, not a feature. */
const AREA_PREFIXES = new Set(['company-admin', 'super-admin', 'employee', 'employee-area']);

/** The normalised words of a key's feature part: ['company-admin', 'work-locations', 2] -> work, location. */
export function queryKeyWords(queryKey: readonly unknown[]): Set<string> {
  const parts = queryKey.filter((part): part is string => typeof part === 'string');
  const feature = parts.length > 1 && AREA_PREFIXES.has(parts[0]) ? parts[1] : parts[0];
  const words = new Set<string>();
  for (const word of (feature ?? '')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z]+/)) {
    if (word) words.add(singular(word));
  }
  return words;
}

/** Whether a query belongs to one of the topics (exported for tests and for features that check their keys). */
export function matchesTopics(query: Pick<Query, 'queryKey'>, topics: readonly string[]): boolean {
  const words = queryKeyWords(query.queryKey);
  return topics.some((topic) => words.has(singular(topic)));
}

/**
 * Invalidates what a server event affects. `sessionKey` is the auth session query (re-verified on profile
 * events, and when an employee's own profile changes: employee_update with type profile_updated).
 */
export function invalidateForEvent(queryClient: QueryClient, event: string, payload: unknown, sessionKey: readonly unknown[]): void {
  const rule = REALTIME_REFRESH[event];
  if (!rule) return;
  const type = (payload as { type?: unknown } | null | undefined)?.type;
  if (rule.reverify || (event === 'employee_update' && type === 'profile_updated')) {
    void queryClient.invalidateQueries({ queryKey: sessionKey });
  }
  void queryClient.invalidateQueries({ predicate: (query) => matchesTopics(query, rule.topics) });
}
