import type {
  AdminConsentStatus,
  AttendanceLink,
  AttendanceLinkInput,
  ConsentCodeSent,
  FaceConsentInput,
  FaceConsentRecord,
  FaceConsentState,
  FaceConsentSummary,
  FaceNoticeVersion,
  FaceOfficeConsentInput,
  FaceRegisterResult,
  FaceSettings,
  FaceSettingsInput,
} from '@presente/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { employeeKeys } from '../employees/api';
import { companySettingsKey } from '../plan-usage/api';

const BASE = '/company-admin-simple/face-recognition';
/** An upload of 3-5 JPEGs and the server's analysis: more than the default 8 s on a busy server. */
const REGISTER_TIMEOUT_MS = 45_000;

export const faceLinkKeys = { all: ['company-admin', 'attendance-links'] as const };
export const faceConsentKey = ['employee', 'face-consent'] as const;
/** "company" in the key: a company_update event (another tab saved the settings) refreshes it. */
export const faceSettingsKey = ['company-admin', 'company-face-settings'] as const;

/** The public page of a link, built from the current origin (spec §2). */
export function linkUrl(token: string): string {
  return `${window.location.origin}/attendance/${token}`;
}

/** GET /attendance-links, newest first. */
export function useAttendanceLinks() {
  return useQuery({
    queryKey: faceLinkKeys.all,
    queryFn: async () => (await api.get<AttendanceLink[]>(`${BASE}/attendance-links`)).data ?? [],
  });
}

function useInvalidateLinks() {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: faceLinkKeys.all }), queryClient.invalidateQueries({ queryKey: companySettingsKey })]);
}

export function useCreateLink() {
  const invalidate = useInvalidateLinks();
  return useMutation({
    mutationFn: async (body: AttendanceLinkInput) => {
      const res = await api.post<AttendanceLink>(`${BASE}/attendance-link`, body);
      return { link: res.data, message: res.message };
    },
    onSuccess: invalidate,
  });
}

export function useToggleLink() {
  const invalidate = useInvalidateLinks();
  return useMutation({
    mutationFn: async ({ id, isActive }: { id: string; isActive: boolean }) =>
      (await api.patch<AttendanceLink>(`${BASE}/attendance-link/${id}/toggle`, { isActive })).message,
    onSuccess: invalidate,
  });
}

export function useDeleteLink() {
  const invalidate = useInvalidateLinks();
  return useMutation({
    mutationFn: async (id: string) => (await api.delete<null>(`${BASE}/attendance-link/${id}`)).message,
    onSuccess: invalidate,
  });
}

/** POST /register (multipart): 3-5 captures named `image` and the notice version the worker signed (decision 0035). */
export function useRegisterFace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ employeeId, captures, noticeVersion }: { employeeId: string; captures: Blob[]; noticeVersion: FaceNoticeVersion }) => {
      const form = new FormData();
      form.append('employeeId', employeeId);
      form.append('noticeVersion', noticeVersion);
      captures.forEach((blob, i) => {
        form.append('image', blob, `capture-${i + 1}.jpg`);
      });
      const res = await api.post<FaceRegisterResult>(`${BASE}/register`, form, { timeoutMs: REGISTER_TIMEOUT_MS });
      return { result: res.data, message: res.message };
    },
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: employeeKeys.all }), queryClient.invalidateQueries({ queryKey: faceSettingsKey })]),
  });
}

/** GET /settings: the company's match threshold and whether enrolment photos are kept. */
export function useFaceSettings(enabled = true) {
  return useQuery({
    queryKey: faceSettingsKey,
    queryFn: async () => (await api.get<FaceSettings>(`${BASE}/settings`)).data,
    enabled,
  });
}

/** PUT /settings; turning the photos off deletes the stored ones (the answer's message says how many). */
export function useSaveFaceSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: FaceSettingsInput) => {
      const res = await api.put<FaceSettings>(`${BASE}/settings`, body);
      return { settings: res.data, message: res.message };
    },
    onSuccess: ({ settings }) => queryClient.setQueryData(faceSettingsKey, settings),
  });
}

/** The URL of an employee's kept enrolment photo (an authenticated image: the session cookie goes with it). */
export function facePhotoUrl(employeeId: string, version: string): string {
  return `/api${BASE}/photo/${employeeId}?v=${encodeURIComponent(version)}`;
}

/** DELETE /register/{employeeId}: the admin removes an employee's face. */
export function useDeleteFace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (employeeId: string) => (await api.delete<null>(`${BASE}/register/${employeeId}`)).message,
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: employeeKeys.all }), queryClient.invalidateQueries({ queryKey: faceSettingsKey })]),
  });
}

/** GET /employee/face-consent: the employee's own registration and consent. */
export function useFaceConsent() {
  return useQuery({ queryKey: faceConsentKey, queryFn: async () => (await api.get<FaceConsentState>('/employee/face-consent')).data });
}

/** DELETE /employee/face-consent: withdraws consent and deletes the templates at once. */
export function useWithdrawFaceConsent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await api.delete<null>('/employee/face-consent')).message,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: faceConsentKey }),
  });
}

/** GET /consent/{employeeId}: the worker's open consent, the company's notice and where the office code goes. */
export function useAdminConsent(employeeId: string | null) {
  return useQuery({
    queryKey: ['company-admin', 'face-consent', employeeId],
    queryFn: async () => (await api.get<AdminConsentStatus>(`${BASE}/consent/${employeeId}`)).data,
    enabled: !!employeeId,
  });
}

/** POST /consent-code: mails the worker a one-time code for the acceptance on this screen. */
export function useSendConsentCode() {
  return useMutation({ mutationFn: async (employeeId: string) => (await api.post<ConsentCodeSent>(`${BASE}/consent-code`, { employeeId })).message });
}

/** POST /consent: the worker signs on the enrolment screen (name, document, the code mailed to them). */
export function useOfficeConsent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: FaceOfficeConsentInput) => (await api.post<FaceConsentSummary>(`${BASE}/consent`, body)).data,
    onSuccess: (_d, body) => queryClient.invalidateQueries({ queryKey: ['company-admin', 'face-consent', body.employeeId] }),
  });
}

/** POST /employee/face-consent: the worker accepts the current notice in their own account. */
export function useAcceptFaceConsent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: FaceConsentInput) => (await api.post<FaceConsentSummary>('/employee/face-consent', body)).message,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: faceConsentKey }),
  });
}

/** The printable record of a consent, for the admin of the company or the worker themself. */
export function useConsentRecord(id: string, asAdmin: boolean, enabled: boolean) {
  return useQuery({
    queryKey: ['face-consent-record', id, asAdmin],
    queryFn: async () => (await api.get<FaceConsentRecord>(asAdmin ? `${BASE}/consent-record/${id}` : `/employee/face-consent/record/${id}`)).data,
    enabled,
  });
}

/** The printable record's page (opened in a new tab). */
export const consentRecordUrl = (id: string) => `/consent-record/${id}`;
