import { Alert, Select } from '@mantine/core';
import { COUNTRIES, type CountryView, countryView } from '@presente/shared';
import { IconAlertCircle, IconClock, IconWorld } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n';
import { useCountries } from '../api';

interface CountryTimezoneFieldsProps {
  country: string;
  timezone: string;
  onCountryChange: (country: CountryView) => void;
  onTimezoneChange: (timezone: string) => void;
}

/**
 * Country select (names in the UI language, from GET /countries) and, only when the country spans several,
 * a timezone select. If the list cannot be loaded the error is shown and the built-in list keeps the form usable.
 */
export function CountryTimezoneFields({ country, timezone, onCountryChange, onTimezoneChange }: CountryTimezoneFieldsProps) {
  const { t } = useTranslation('auth');
  const lang = currentLanguage();
  const query = useCountries(lang);
  const countries = useMemo<CountryView[]>(() => (query.data?.length ? query.data : COUNTRIES.map((c) => countryView(c, lang))), [query.data, lang]);
  const selected = countries.find((c) => c.code === country);
  const timezones = selected?.timezones ?? [];

  return (
    <>
      {query.isError && (
        <Alert color="orange" variant="light" icon={<IconAlertCircle size={18} />} style={{ gridColumn: '1 / -1' }}>
          {t('register.countriesError')}
        </Alert>
      )}
      <Select
        label={t('register.country')}
        placeholder={t('register.countryPlaceholder')}
        leftSection={<IconWorld size={16} stroke={1.6} />}
        data={countries.map((c) => ({ value: c.code, label: c.name }))}
        value={country}
        onChange={(code) => {
          const next = countries.find((c) => c.code === code);
          if (next) onCountryChange(next);
        }}
        searchable
        allowDeselect={false}
        nothingFoundMessage={t('register.nothingFound')}
        withAsterisk
      />
      {timezones.length > 1 && (
        <Select
          label={t('register.timezone')}
          description={t('register.timezoneHint')}
          leftSection={<IconClock size={16} stroke={1.6} />}
          data={timezones.map((tz) => ({ value: tz.timezone, label: `${tz.name} (UTC${tz.offset})` }))}
          value={timezone}
          onChange={(value) => value && onTimezoneChange(value)}
          allowDeselect={false}
          withAsterisk
        />
      )}
    </>
  );
}
