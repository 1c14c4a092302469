import { CLIENT_DEFAULT_LOCALE, CLIENT_DEFAULT_TIMEZONE, type CompanyConfig } from '@presente/shared';
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { useCompanyConfigQuery, useSession } from './api';

const DEFAULT_CONFIG: CompanyConfig = { timezone: CLIENT_DEFAULT_TIMEZONE, locale: CLIENT_DEFAULT_LOCALE };

const CompanyConfigContext = createContext<CompanyConfig>(DEFAULT_CONFIG);

/**
 * The logged-in company's timezone and locale (from login, or GET /auth/company-config after a verify).
 * While nobody is logged in the client defaults apply: UTC and en-US (spec §9).
 */
export function CompanyConfigProvider({ children }: { children: ReactNode }) {
  const { data: user } = useSession();
  const { data } = useCompanyConfigQuery(Boolean(user));
  const value = useMemo<CompanyConfig>(
    () => (user && data ? { timezone: data.timezone || DEFAULT_CONFIG.timezone, locale: data.locale || DEFAULT_CONFIG.locale } : DEFAULT_CONFIG),
    [user, data],
  );
  return <CompanyConfigContext.Provider value={value}>{children}</CompanyConfigContext.Provider>;
}

export function useCompanyConfig(): CompanyConfig {
  return useContext(CompanyConfigContext);
}
