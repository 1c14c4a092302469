import { Badge } from '@mantine/core';
import { planAllows } from '@presente/shared';
import { type ReactNode, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UpgradePrompt } from '../../components/UpgradePrompt';
import { useCompanySettings } from './api';

/**
 * Excel/PDF exports are Premium (spec §1 "full reports with export"; shared PLAN_FEATURES): on FREE the
 * menu items carry a Premium badge and open the upgrade prompt (feature 'export') instead of exporting.
 * Peru's attendance register is not gated (legal obligation, decision 0012). A click while the plan is
 * still loading does nothing.
 */
export function useExportGate(): {
  /** Runs `action` when the plan includes exports, else opens the upgrade prompt. */
  guard: (action: () => void) => () => void;
  /** The badge for a gated menu item (null when exports are included). */
  badge: ReactNode;
  /** The upgrade prompt to render next to the menu. */
  prompt: ReactNode;
} {
  const { t } = useTranslation('dashboard');
  const settings = useCompanySettings();
  const [open, setOpen] = useState(false);
  const plan = settings.data?.plan;
  const allowed = plan ? planAllows(plan, 'exports') : null;
  const guard = useCallback(
    (action: () => void) => () => {
      if (allowed === true) action();
      else if (allowed === false) setOpen(true);
    },
    [allowed],
  );
  return {
    guard,
    badge:
      allowed === false ? (
        <Badge size="xs" variant="light" color="indigo">
          {t('upgrade.exportsBadge')}
        </Badge>
      ) : null,
    prompt: <UpgradePrompt opened={open} onClose={() => setOpen(false)} feature="export" />,
  };
}
