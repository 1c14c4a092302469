import type { ApiKeyDto, ApiKeyScope } from '@presente/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

const BASE = '/company-admin-simple/integrations/api-keys';
export const apiKeyKeys = { all: ['company-admin', 'integrations', 'api-keys'] as const };

export interface ApiKeyList {
  keys: ApiKeyDto[];
  allowance: { keys: number; scopes: ApiKeyScope[]; used: number };
}

/** GET: the company's keys (revoked and expired too) and what the plan allows (decision 0048). */
export function useApiKeys() {
  return useQuery({
    queryKey: apiKeyKeys.all,
    queryFn: async (): Promise<ApiKeyList> => {
      const res = (await api.get<ApiKeyDto[]>(BASE)) as unknown as { data: ApiKeyDto[]; allowance?: ApiKeyList['allowance'] };
      return { keys: res.data ?? [], allowance: res.allowance ?? { keys: 0, scopes: [], used: 0 } };
    },
  });
}

/** POST: the new key, whose `key` is shown this once. */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { name: string; scope: ApiKeyScope; expiresOn: string | null }) => (await api.post<ApiKeyDto & { key: string }>(BASE, body)).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => (await api.post<ApiKeyDto>(`${BASE}/${id}/revoke`, {})).message,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}
