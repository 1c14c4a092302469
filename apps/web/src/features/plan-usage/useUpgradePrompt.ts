import type { LimitedFeature } from '@presente/shared';
import { useCallback, useMemo, useState } from 'react';
import type { UpgradePromptProps } from '../../components/UpgradePrompt';
import { type CompanySettings, planLimitFeature } from './api';

/**
 * State of one UpgradePrompt: `show` opens it for a feature; `showIfLimitError` opens it when an API
 * error is a 403 plan_limit_reached (and says whether it did), taking the limit from the known usage.
 */
export function useUpgradePrompt(settings?: CompanySettings) {
  const [state, setState] = useState<{ feature: LimitedFeature; limit?: number } | null>(null);
  const show = useCallback((feature: LimitedFeature, limit?: number) => setState({ feature, limit }), []);
  const showIfLimitError = useCallback(
    (error: unknown, fallback: LimitedFeature): boolean => {
      const feature = planLimitFeature(error, fallback);
      if (!feature) return false;
      const limit = settings?.usage[feature]?.limit;
      setState({ feature, limit: limit !== undefined && limit !== -1 ? limit : undefined });
      return true;
    },
    [settings],
  );
  const props = useMemo<UpgradePromptProps>(
    () => ({ opened: state !== null, onClose: () => setState(null), feature: state?.feature ?? 'employees', limit: state?.limit }),
    [state],
  );
  return { props, show, showIfLimitError };
}
