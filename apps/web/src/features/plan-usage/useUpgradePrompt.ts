import type { LimitedFeature } from '@presente/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import type { UpgradePromptProps } from '../../components/UpgradePrompt';
import { type CompanySettings, companySettingsQuery, isAtLimit, planLimitFeature } from './api';

/**
 * State of one UpgradePrompt: `show` opens it for a feature; `showIfLimitError` opens it when an API
 * error is a 403 plan_limit_reached (and says whether it did), taking the limit from the known usage;
 * `guard` opens what adds one more item, or the prompt at the limit (`checking` while it waits for the usage).
 */
export function useUpgradePrompt(settings?: CompanySettings) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<{ feature: LimitedFeature; limit?: number } | null>(null);
  const [checking, setChecking] = useState(false);
  const show = useCallback((feature: LimitedFeature, limit?: number) => setState({ feature, limit }), []);
  /**
   * Runs `open` (the form that adds one more `feature` item) unless the plan's usage is at its limit, then the prompt.
   * A usage still loading (the tab has just opened) is waited for, so an admin at the limit is not handed a form the
   * server refuses on saving; when it cannot be read, the form opens and the server's 403 brings the prompt.
   */
  const guard = useCallback(
    async (feature: LimitedFeature, open: () => void) => {
      let known = settings;
      if (!known) {
        setChecking(true);
        known = await queryClient.ensureQueryData(companySettingsQuery).catch(() => undefined);
        setChecking(false);
      }
      const usage = known?.usage[feature];
      if (usage && isAtLimit(usage)) show(feature, usage.limit);
      else open();
    },
    [settings, queryClient, show],
  );
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
  return { props, show, showIfLimitError, guard, checking };
}
