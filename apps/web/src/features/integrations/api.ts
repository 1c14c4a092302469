import type { ApiKeyCreatedAnswer, ApiKeyDto, ApiKeyList, ApiKeyScope } from '@presente/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

const BASE = '/company-admin-simple/integrations/api-keys';
export const apiKeyKeys = { all: ['company-admin', 'integrations', 'api-keys'] as const };

/** GET: the company's keys (revoked and expired too) and what the plan allows (decision 0048). */
export function useApiKeys() {
  return useQuery({ queryKey: apiKeyKeys.all, queryFn: async () => (await api.get<ApiKeyList>(BASE)).data });
}

/** POST: the new key, whose `key` is shown this once. */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { name: string; scope: ApiKeyScope; expiresOn: string | null }) => (await api.post<ApiKeyCreatedAnswer['data']>(BASE, body)).data,
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
