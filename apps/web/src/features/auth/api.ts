import {
  type CaptchaConfig,
  type CompanyConfig,
  type CountryView,
  homePathFor,
  type Language,
  type OwnEmailAnswer,
  type ResetTokenCheckAnswer,
  ROLES,
  type SessionAnswer,
  type SessionUser,
  type SignedInAnswer,
} from '@presente/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { ApiError, api } from '../../lib/api';

export const authKeys = {
  session: ['auth', 'session'] as const,
  companyConfig: ['auth', 'company-config'] as const,
  captcha: ['auth', 'captcha'] as const,
  countries: (lang: Language) => ['countries', lang] as const,
};

/**
 * The user as the API answers it (the declared `sessionUser`: both id/userId and role/userType, spec §3), checked
 * once more on arrival: an unknown role or no id is not a session.
 */
export function normalizeUser(raw: SessionUser): SessionUser | null {
  const role = raw.role ?? raw.userType;
  const id = raw.id ?? raw.userId;
  if (!role || !(ROLES as readonly string[]).includes(role) || !id) return null;
  const user: SessionUser = { id, userId: raw.userId ?? id, name: raw.name, email: raw.email, role, userType: role, companyId: raw.companyId ?? null };
  return raw.access === 'register_only' ? { ...user, access: 'register_only' } : user;
}

/**
 * GET /auth/session (decision 0036): /auth/verify's answer, but a visitor gets 200 with user null instead of a
 * 401 that the browser would log as an error on every public page. A 401 is still read as signed out.
 */
async function fetchSession(): Promise<{ user: SessionUser | null; companyConfig?: CompanyConfig }> {
  try {
    const res = await api.get<SessionAnswer>('/auth/session');
    return { user: res.data?.user ? normalizeUser(res.data.user) : null, companyConfig: res.data?.companyConfig };
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return { user: null };
    throw error;
  }
}

/** The logged-in user, or null. Asks GET /auth/session once per app start (spec §4's verify, without the 401). */
export function useSession() {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: authKeys.session,
    queryFn: async () => {
      const { user, companyConfig } = await fetchSession();
      // verify may carry the company config too; then GET /auth/company-config is not needed.
      if (user && companyConfig) queryClient.setQueryData(authKeys.companyConfig, companyConfig);
      return user;
    },
    staleTime: 5 * 60 * 1000,
  });
}

export function useCompanyConfigQuery(enabled: boolean) {
  return useQuery({
    queryKey: authKeys.companyConfig,
    queryFn: async () => (await api.get<CompanyConfig>('/auth/company-config')).data,
    enabled,
    staleTime: 30 * 60 * 1000,
  });
}

/** Which human verification the server wants (GET /auth/captcha), asked once per page load. */
export const captchaConfigQuery = {
  queryKey: authKeys.captcha,
  queryFn: async () => (await api.get<CaptchaConfig>('/auth/captcha')).data,
  staleTime: Number.POSITIVE_INFINITY,
};

export function useCaptchaConfig() {
  return useQuery(captchaConfigQuery);
}

export function useCountries(lang: Language) {
  return useQuery({
    queryKey: authKeys.countries(lang),
    queryFn: async () => (await api.get<CountryView[]>('/countries')).data,
    staleTime: 60 * 60 * 1000,
  });
}

/** Where a freshly authenticated user lands: the page they were sent away from when it is theirs, else home. */
export function landingPathFor(user: SessionUser, from?: string | null): string {
  const home = homePathFor(user.role);
  return from && (from === home || from.startsWith(`${home}/`) || from.startsWith(`${home}?`)) ? from : home;
}

export interface LoginBody {
  email: string;
  password: string;
  turnstileToken?: string;
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: LoginBody) => {
      const res = await api.post<SignedInAnswer>('/auth/login', body);
      const user = normalizeUser(res.data.user);
      if (!user) throw new ApiError(500, 'internal', '');
      return { user, companyConfig: res.data.companyConfig };
    },
    onSuccess: ({ user, companyConfig }) => {
      if (companyConfig) queryClient.setQueryData(authKeys.companyConfig, companyConfig);
      queryClient.setQueryData(authKeys.session, user);
    },
  });
}

export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async () => {
      try {
        await api.post<null>('/auth/logout');
      } catch {
        // The session ends on this device whatever the server answered.
      }
    },
    onSettled: () => {
      queryClient.clear();
      queryClient.setQueryData(authKeys.session, null);
      navigate('/login', { replace: true });
    },
  });
}

export interface RegisterBody {
  name: string;
  ruc?: string;
  legalName?: string;
  email: string;
  phone?: string;
  address?: string;
  city?: string;
  country: string;
  timezone: string;
  locale: string;
  adminName: string;
  adminEmail: string;
  password: string;
  confirmPassword: string;
  turnstileToken?: string;
}

export function useRegisterCompany() {
  return useMutation({ mutationFn: (body: RegisterBody) => api.post<null>('/auth/register', body) });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: (body: { email: string }) => api.post<null>('/auth/forgot-password', body) });
}

/** POST /auth/email-change/undo: the old address's link puts it back and ends every session (decision 0025). */
export function useUndoEmailChange() {
  return useMutation({ mutationFn: (token: string) => api.post<OwnEmailAnswer['data']>('/auth/email-change/undo', { token }) });
}

/** Whether a reset link is still usable, asked once when the page opens (it does not spend the link). */
export function useResetTokenCheck(token: string) {
  return useQuery({
    queryKey: ['auth', 'reset-token', token],
    enabled: !!token,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async () => (await api.post<ResetTokenCheckAnswer['data']>('/auth/reset-password/check', { token })).data,
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (body: { token: string; newPassword: string }) => api.post<null>('/auth/reset-password', body),
  });
}
