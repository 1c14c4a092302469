import type { WebhookDelivery, WebhookEndpoint, WebhookEndpointInput, WebhookSecret } from '@presente/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

const BASE = '/company-admin-simple/webhooks';
export const webhookKeys = {
  all: ['company-admin', 'webhooks'] as const,
  deliveries: (id: string) => ['company-admin', 'webhooks', id, 'deliveries'] as const,
};

/** GET /webhooks: the company's endpoints, newest first. */
export function useWebhooks() {
  return useQuery({ queryKey: webhookKeys.all, queryFn: async () => (await api.get<WebhookEndpoint[]>(BASE)).data ?? [] });
}

/** GET /webhooks/:id/deliveries: the last 100 deliveries; refreshed while some are waiting. */
export function useWebhookDeliveries(id: string | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: webhookKeys.deliveries(id ?? ''),
    enabled: !!id,
    queryFn: async () => {
      const list = (await api.get<WebhookDelivery[]>(`${BASE}/${id}/deliveries`)).data ?? [];
      // The card's "last successful delivery" and failure state move with the log.
      void queryClient.invalidateQueries({ queryKey: webhookKeys.all, exact: true });
      return list;
    },
    refetchInterval: (q) => (q.state.data?.some((d) => d.status === 'pending') ? 5000 : false),
  });
}

function useInvalidating<T, V>(fn: (vars: V) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all }) });
}

export const useCreateWebhook = () => useInvalidating(async (input: WebhookEndpointInput) => api.post<WebhookSecret>(BASE, input));
export const useUpdateWebhook = () =>
  useInvalidating(async ({ id, ...input }: WebhookEndpointInput & { id: string; enabled?: boolean }) => api.put<WebhookEndpoint>(`${BASE}/${id}`, input));
export const useDeleteWebhook = () => useInvalidating(async (id: string) => (await api.delete<null>(`${BASE}/${id}`)).message);
export const useRotateWebhookSecret = () => useInvalidating(async (id: string) => api.post<WebhookSecret>(`${BASE}/${id}/rotate-secret`, {}));
export const useResendDelivery = () =>
  useInvalidating(async ({ id, deliveryId }: { id: string; deliveryId: string }) =>
    api.post<WebhookDelivery>(`${BASE}/${id}/deliveries/${deliveryId}/resend`, {}),
  );
