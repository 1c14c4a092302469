import { type MantineThemeOverride, mergeThemeOverrides } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { theme } from './theme';

/**
 * Icon-only buttons Mantine draws itself (a modal's or drawer's close, a toast's close, a picker's clear)
 * get a name in the reader's language, so every dialog is named without each screen remembering it.
 */
export function localizedTheme(closeLabel: string, clearLabel: string, dismissLabel = closeLabel): MantineThemeOverride {
  const close = { closeButtonProps: { 'aria-label': closeLabel } };
  const clear = { clearButtonProps: { 'aria-label': clearLabel } };
  return mergeThemeOverrides(theme, {
    components: {
      Modal: { defaultProps: close },
      Drawer: { defaultProps: close },
      Notification: { defaultProps: { closeButtonProps: { 'aria-label': dismissLabel } } },
      // A dialog's header is not the page's banner landmark (Mantine draws it as <header>).
      ModalHeader: { defaultProps: { component: 'div' } },
      DrawerHeader: { defaultProps: { component: 'div' } },
      TimePicker: { defaultProps: clear },
      DateInput: { defaultProps: clear },
      DatePickerInput: { defaultProps: clear },
    },
  });
}

/** The app's theme with its built-in buttons named in the current language (rebuilt when it changes). */
export function useLocalizedTheme(): MantineThemeOverride {
  const { t } = useTranslation('common');
  const closeLabel = t('a11y.closeDialog');
  const clearLabel = t('a11y.clearValue');
  const dismissLabel = t('a11y.closeNotice');
  return useMemo(() => localizedTheme(closeLabel, clearLabel, dismissLabel), [closeLabel, clearLabel, dismissLabel]);
}
