import type { BillingCycle, PlanCatalogue, SubscriptionDetails } from '@presente/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { ApiError, api } from '../../lib/api';
import { translateMessage } from '../../lib/messages';
import { companySettingsKey } from '../plan-usage/api';

const BASE = '/paypal';

export const subscriptionKeys = {
  plans: ['paypal', 'plans'] as const,
  details: ['paypal', 'subscription-details'] as const,
};

/** GET /paypal/plans: FREE / PREMIUM / ENTERPRISE, the server price and the payment mode. */
export function usePlans() {
  return useQuery({ queryKey: subscriptionKeys.plans, queryFn: async () => (await api.get<PlanCatalogue>(`${BASE}/plans`)).data });
}

/** GET /paypal/subscription-details; a 404 subscriptionNotFound resolves to null (no subscription). */
export function useSubscriptionDetails(enabled: boolean) {
  return useQuery({
    queryKey: subscriptionKeys.details,
    enabled,
    queryFn: async () => {
      try {
        return (await api.get<SubscriptionDetails>(`${BASE}/subscription-details`)).data;
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) return null;
        throw err;
      }
    },
  });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: companySettingsKey }), queryClient.invalidateQueries({ queryKey: subscriptionKeys.details })]);
}

export interface CreatePlanBody {
  companyId: string;
  companyName: string;
  employeeCount: number;
  billingCycle: BillingCycle;
}

export function useCreatePlan() {
  return useMutation({
    mutationFn: async (body: CreatePlanBody) => (await api.post<{ approvalUrl: string | null; subscriptionId: string }>(`${BASE}/create-plan`, body)).data,
  });
}

export function useConfirmSubscription() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (body: { subscriptionId: string; companyId: string; employeeCount?: number }) =>
      (await api.post<unknown>(`${BASE}/confirm-subscription`, body)).message,
    onSuccess: refresh,
  });
}

export function useCancelSubscription() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (reason?: string) => await api.post<{ accessUntil: string | null }>(`${BASE}/cancel-subscription`, reason ? { reason } : {}),
    onSuccess: refresh,
  });
}

export interface ReviseResult {
  approvalUrl?: string;
  automaticUpgrade?: boolean;
  revisionId?: string;
  employeeCount: number;
}

export function useReviseSubscription() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (body: { companyId: string; companyName: string; employeeCount: number }) =>
      await api.post<ReviseResult>(`${BASE}/revise-subscription`, body),
    onSuccess: refresh,
  });
}

export function useConfirmRevision() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (body: { companyId: string; revisionId: string; employeeCount?: number }) =>
      await api.post<{ applied: boolean }>(`${BASE}/confirm-revision`, body),
    onSuccess: refresh,
  });
}

/** Spec §8 revision errors: server message, then first validation error, then a local fallback by status. */
export function revisionErrorMessage(t: TFunction, error: unknown): string {
  if (error instanceof ApiError) {
    const texts = [error.message, ...(error.errors ?? []).map((e) => e.message)].filter(Boolean);
    if (texts.some((m) => m.includes('PLAN_PRODUCT_NOT_COMPATIBLE'))) return translateMessage(t, 'billing.planProductNotCompatible');
    if (texts.some((m) => m.includes('UNPROCESSABLE_ENTITY'))) return translateMessage(t, 'billing.providerUnprocessable');
    if (error.status > 0 && texts[0]) return translateMessage(t, texts[0]);
    if (error.status === 404) return t('dashboard:subscription.errors.endpoint');
    if (error.status >= 500) return t('dashboard:subscription.errors.server');
    if (error.status === 0) return t('dashboard:subscription.errors.connection');
  }
  return t('dashboard:subscription.errors.revision');
}

/** dd/mm/yyyy of an ISO date. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()}`;
}

type AnyPlan = PlanCatalogue['plans'][number];
type PlanOf<Id extends AnyPlan['id']> = Extract<AnyPlan, { id: Id }>;

/** The catalogue's plan with this id (the server always sends all three). */
export function planOf<Id extends AnyPlan['id']>(catalogue: PlanCatalogue, id: Id): PlanOf<Id> {
  return catalogue.plans.find((p): p is PlanOf<Id> => p.id === id) as PlanOf<Id>;
}
