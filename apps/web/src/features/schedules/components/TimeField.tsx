import '@mantine/dates/styles.css';
import { TimePicker, type TimePickerProps } from '@mantine/dates';
import { IconClock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * A wall-clock time "HH:mm" in 24-hour format whatever the browser's locale (the native time input would
 * show AM/PM in some), with a dropdown of hours and minutes.
 */
export function TimeField({ label, ...props }: TimePickerProps & { label: string }) {
  const { t } = useTranslation('dashboard');
  return (
    <TimePicker
      label={label}
      format="24h"
      withDropdown
      leftSection={<IconClock size={16} />}
      hoursInputLabel={t('schedules.form.hoursOf', { field: label })}
      minutesInputLabel={t('schedules.form.minutesOf', { field: label })}
      hoursPlaceholder="--"
      minutesPlaceholder="--"
      maxDropdownContentHeight={220}
      {...props}
    />
  );
}
