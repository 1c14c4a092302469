import { type GeocodeResult, PAGE_SIZE, type WorkLocation } from '@presente/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { companySettingsKey } from '../plan-usage/api';

/** Answers of the location calls: the shared schemas' types (workLocationAnswer, geocodeResult). */
export type { GeocodeResult, WorkLocation } from '@presente/shared';

/** Body of POST/PUT /work-locations (shared locationInput). */
export interface LocationBody {
  name: string;
  address: string | null;
  latitude: number;
  longitude: number;
  allowedRadius: number;
}

const BASE = '/company-admin-simple';

/** Realtime work_location_update refreshes these (topic 'location', lib/useRealtime.ts). */
export const locationKeys = {
  all: ['company-admin', 'work-locations'] as const,
  page: (page: number) => ['company-admin', 'work-locations', 'page', page] as const,
};

/** One page of 10 locations (spec §9). */
export function useWorkLocations(page: number) {
  return useQuery({
    queryKey: locationKeys.page(page),
    queryFn: async () => {
      const res = await api.get<WorkLocation[]>(`${BASE}/work-locations?page=${page}&limit=${PAGE_SIZE}`);
      return { items: res.data ?? [], pagination: res.pagination };
    },
    placeholderData: keepPreviousData,
  });
}

function useInvalidateLocations() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: locationKeys.all }),
      queryClient.invalidateQueries({ queryKey: companySettingsKey }),
      // Schedules show the name of their location.
      queryClient.invalidateQueries({ queryKey: ['company-admin', 'schedules'] }),
    ]);
}

/** Creates (no id) or updates a location; resolves to the server's message. */
export function useSaveLocation() {
  const invalidate = useInvalidateLocations();
  return useMutation({
    mutationFn: async ({ id, body }: { id?: string; body: LocationBody }) =>
      (id ? await api.put<WorkLocation>(`${BASE}/work-locations/${id}`, body) : await api.post<WorkLocation>(`${BASE}/work-locations`, body)).message,
    onSuccess: invalidate,
  });
}

export function useDeleteLocation() {
  const invalidate = useInvalidateLocations();
  return useMutation({
    mutationFn: async (id: string) => (await api.delete<null>(`${BASE}/work-locations/${id}`)).message,
    onSuccess: invalidate,
  });
}

/** Address search through the server's geocoder (Peru, up to 5 results). */
export async function searchAddress(q: string, signal?: AbortSignal): Promise<GeocodeResult[]> {
  return (await api.get<GeocodeResult[]>(`${BASE}/geocode/search?q=${encodeURIComponent(q)}`, { signal })).data ?? [];
}
