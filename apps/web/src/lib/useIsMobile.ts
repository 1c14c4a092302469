import { useMediaQuery } from '@mantine/hooks';

/** Below Mantine's `sm` breakpoint (48em): the layouts switch tables for cards and modals go full screen. */
export const MOBILE_QUERY = '(max-width: 47.99em)';

export function useIsMobile(): boolean {
  return useMediaQuery(MOBILE_QUERY) ?? false;
}
