import { DEFAULT_PUBLIC_CONFIG, type PublicConfig } from '@presente/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from './api';

/** GET /api/config: the operator's map tiles and support contact (public; changes only with a restart). */
export const publicConfigKey = ['public-config'] as const;

export function usePublicConfig() {
  return useQuery({
    queryKey: publicConfigKey,
    queryFn: async () => (await api.get<PublicConfig>('/config')).data,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
}

/** Support e-mail and WhatsApp line (digits, or null: no WhatsApp button); the defaults until the answer comes or if it fails. */
export function useSupportContact(): PublicConfig['support'] {
  return usePublicConfig().data?.support ?? DEFAULT_PUBLIC_CONFIG.support;
}

/**
 * The map's tiles once known: undefined while the answer is on its way (draw nothing yet, so a deployment
 * with its own or no tiles never calls the default server), null when tiles are off, else the URL and credit.
 * If the call fails the default tiles are used (maps stay usable without them anyway).
 */
export function useMapTiles(): { url: string; attribution: string | null } | null | undefined {
  const query = usePublicConfig();
  if (query.isPending) return undefined;
  const map = query.data?.map ?? DEFAULT_PUBLIC_CONFIG.map;
  return map.tileUrl ? { url: map.tileUrl, attribution: map.attribution } : null;
}
