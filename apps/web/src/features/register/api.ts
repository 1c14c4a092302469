import type { RegisterSummary } from '@presente/shared';
import { useQuery } from '@tanstack/react-query';
import { API_BASE, api } from '../../lib/api';

export type { RegisterSummary } from '@presente/shared';

export function useRegisterSummary() {
  return useQuery({
    queryKey: ['register', 'summary'],
    queryFn: async () => (await api.get<RegisterSummary>('/company-admin-simple/register/summary')).data,
  });
}

/** The whole register as a file, written by the server in the chosen language (a plain link: the session cookie goes with it). */
export const ownRegisterUrl = (format: 'xlsx' | 'pdf', lang: string) =>
  `${API_BASE}/company-admin-simple/register?format=${format}&lang=${lang === 'en' ? 'en' : 'es'}`;

/** The super admin's copy of a company's register (closed companies too). */
export const companyRegisterUrl = (companyId: string, format: 'xlsx' | 'pdf', lang: string) =>
  `${API_BASE}/super-admin/companies/${encodeURIComponent(companyId)}/register?format=${format}&lang=${lang === 'en' ? 'en' : 'es'}`;
