import { SegmentedControl } from '@mantine/core';
import { LANGUAGES, type Language } from '@presente/shared';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../lib/i18n';

interface LanguageSwitchProps {
  size?: 'xs' | 'sm' | 'md';
  /** Show full names (Español/English) instead of ES/EN. */
  long?: boolean;
  fullWidth?: boolean;
}

/** ES/EN switch. The choice is cached in localStorage "language" by the i18n detector and mirrored on <html lang>. */
export function LanguageSwitch({ size = 'xs', long = false, fullWidth = false }: LanguageSwitchProps) {
  const { t, i18n } = useTranslation();
  const value = currentLanguage();
  return (
    <SegmentedControl
      size={size}
      radius="xl"
      fullWidth={fullWidth}
      aria-label={t('language.label')}
      value={value}
      onChange={(lang) => void i18n.changeLanguage(lang as Language)}
      data={LANGUAGES.map((lang) => ({
        value: lang,
        label: long ? t(`language.${lang}`) : lang.toUpperCase(),
      }))}
    />
  );
}
