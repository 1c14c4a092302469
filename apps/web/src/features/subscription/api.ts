import type {
  BillingCycle,
  BillingHistoryEntry,
  CancelSubscriptionAnswer,
  ConfirmRevisionAnswer,
  ConfirmSubscriptionAnswer,
  CreatePlanAnswer,
  PlanCatalogue,
  ReviseAnswer,
  SubscriptionDetails,
} from '@presente/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { ApiError, api, type PageInfo } from '../../lib/api';
import { translateMessage } from '../../lib/messages';
import { companySettingsKey } from '../plan-usage/api';

const BASE = '/paypal';

/**
 * Keys start with 'subscription': the realtime layer refreshes that topic on company_update (a webhook,
 * a lifecycle step, a payment), so the tab follows PayPal live (lib/useRealtime.ts).
 */
export const subscriptionKeys = {
  all: ['subscription'] as const,
  plans: ['subscription', 'plans'] as const,
  details: ['subscription', 'details'] as const,
  history: (page: number) => ['subscription', 'history', page] as const,
};

/** GET /paypal/plans: FREE / PREMIUM / ENTERPRISE, the server price and the payment mode. */
export function usePlans() {
  return useQuery({ queryKey: subscriptionKeys.plans, queryFn: async () => (await api.get<PlanCatalogue>(`${BASE}/plans`)).data });
}

/** The details of a company that has a subscription. */
export type CurrentSubscriptionDetails = SubscriptionDetails & { subscription: NonNullable<SubscriptionDetails['subscription']> };

/**
 * GET /paypal/subscription-details, or null when the company has no subscription: the server answers 200 with
 * `subscription: null` (a Free company's tab logs no error); an older server's 404 subscriptionNotFound means the same.
 */
export function useSubscriptionDetails(enabled: boolean) {
  return useQuery({
    queryKey: subscriptionKeys.details,
    enabled,
    queryFn: async (): Promise<CurrentSubscriptionDetails | null> => {
      try {
        const details = (await api.get<SubscriptionDetails>(`${BASE}/subscription-details`)).data;
        return details.subscription ? (details as CurrentSubscriptionDetails) : null;
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) return null;
        throw err;
      }
    },
  });
}

export interface BillingHistoryPage {
  data: BillingHistoryEntry[];
  pagination?: PageInfo;
}

/** GET /paypal/history: the billing events of the company, newest first, 10 per page. */
export function useBillingHistory(page: number, enabled = true) {
  return useQuery({
    queryKey: subscriptionKeys.history(page),
    enabled,
    placeholderData: (previous) => previous,
    queryFn: async () => {
      const res = await api.get<BillingHistoryEntry[]>(`${BASE}/history?page=${page}&limit=10`);
      return { data: res.data, pagination: res.pagination } satisfies BillingHistoryPage;
    },
  });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: companySettingsKey }), queryClient.invalidateQueries({ queryKey: subscriptionKeys.all })]);
}

export interface CreatePlanBody {
  companyId: string;
  companyName: string;
  employeeCount: number;
  billingCycle: BillingCycle;
}

export function useCreatePlan() {
  return useMutation({
    mutationFn: async (body: CreatePlanBody) => (await api.post<CreatePlanAnswer>(`${BASE}/create-plan`, body)).data,
  });
}

export function useConfirmSubscription() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (body: { subscriptionId: string; companyId: string; employeeCount?: number }) =>
      (await api.post<ConfirmSubscriptionAnswer>(`${BASE}/confirm-subscription`, body)).message,
    onSuccess: refresh,
  });
}

export function useCancelSubscription() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (reason?: string) => await api.post<CancelSubscriptionAnswer>(`${BASE}/cancel-subscription`, reason ? { reason } : {}),
    onSuccess: refresh,
  });
}

export type ReviseResult = ReviseAnswer;

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
      await api.post<ConfirmRevisionAnswer>(`${BASE}/confirm-revision`, body),
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

/** dd/mm/yyyy of an instant in the company's timezone (spec §9); '—' when there is none. */
export function formatDate(iso: string | null | undefined, timeZone: string): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  const options: Intl.DateTimeFormatOptions = { day: '2-digit', month: '2-digit', year: 'numeric' };
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-GB', { ...options, timeZone }).formatToParts(date);
  } catch {
    parts = new Intl.DateTimeFormat('en-GB', { ...options, timeZone: 'UTC' }).formatToParts(date);
  }
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')}/${part('month')}/${part('year')}`;
}

type AnyPlan = PlanCatalogue['plans'][number];
type PlanOf<Id extends AnyPlan['id']> = Extract<AnyPlan, { id: Id }>;

/** The catalogue's plan with this id (the server always sends all three). */
export function planOf<Id extends AnyPlan['id']>(catalogue: PlanCatalogue, id: Id): PlanOf<Id> {
  return catalogue.plans.find((p): p is PlanOf<Id> => p.id === id) as PlanOf<Id>;
}
