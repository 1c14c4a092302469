import { PAGE_SIZE, type Schedule, type WorkLocation } from '@presente/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { companySettingsKey } from '../plan-usage/api';

/** Answers of the schedule calls: the shared schema's type (scheduleAnswer). */
export type { Schedule } from '@presente/shared';

/** A location in the schedule's select. */
export type WorkLocationOption = Pick<WorkLocation, 'id' | 'name'>;

/** Body of POST/PUT /schedules (shared scheduleInput). */
export type ScheduleBody = Record<string, unknown>;

const BASE = '/company-admin-simple';
/** Spec §9: dropdowns fetch up to 100 schedules. */
export const SCHEDULE_OPTIONS_LIMIT = 100;

export const scheduleKeys = {
  all: ['company-admin', 'schedules'] as const,
  page: (page: number) => ['company-admin', 'schedules', 'page', page] as const,
  options: ['company-admin', 'schedules', 'options'] as const,
  locationOptions: ['company-admin', 'work-locations', 'options'] as const,
};

/** GET /schedules, 10 per page. */
export function useSchedules(page: number) {
  return useQuery({
    queryKey: scheduleKeys.page(page),
    queryFn: async () => {
      const res = await api.get<Schedule[]>(`${BASE}/schedules?page=${page}&limit=${PAGE_SIZE}`);
      return { schedules: res.data ?? [], pages: res.pagination?.pages ?? 1, total: res.pagination?.total ?? res.data?.length ?? 0 };
    },
    placeholderData: keepPreviousData,
  });
}

/** Every schedule for a select (limit 100, spec §9). */
export function useScheduleOptions(enabled = true) {
  return useQuery({
    queryKey: scheduleKeys.options,
    queryFn: async () => (await api.get<Schedule[]>(`${BASE}/schedules?page=1&limit=${SCHEDULE_OPTIONS_LIMIT}`)).data ?? [],
    enabled,
  });
}

/** Work locations for the schedule's optional location select. */
export function useWorkLocationOptions(enabled = true) {
  return useQuery({
    queryKey: scheduleKeys.locationOptions,
    queryFn: async () => (await api.get<WorkLocationOption[]>(`${BASE}/work-locations?page=1&limit=100`)).data ?? [],
    enabled,
  });
}

function useInvalidateSchedules() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: scheduleKeys.all }),
      queryClient.invalidateQueries({ queryKey: companySettingsKey }),
      // Employee rows show their schedule's name and times.
      queryClient.invalidateQueries({ queryKey: ['company-admin', 'employees'] }),
    ]);
}

export function useCreateSchedule() {
  const invalidate = useInvalidateSchedules();
  return useMutation({
    mutationFn: async (body: ScheduleBody) => (await api.post<Schedule>(`${BASE}/schedules`, body)).message,
    onSuccess: invalidate,
  });
}

export function useUpdateSchedule() {
  const invalidate = useInvalidateSchedules();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string; body: ScheduleBody }) => (await api.put<Schedule>(`${BASE}/schedules/${id}`, body)).message,
    onSuccess: invalidate,
  });
}

export function useDeleteSchedule() {
  const invalidate = useInvalidateSchedules();
  return useMutation({
    mutationFn: async (id: string) => (await api.delete<null>(`${BASE}/schedules/${id}`)).message,
    onSuccess: invalidate,
  });
}
