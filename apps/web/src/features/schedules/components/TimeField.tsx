import '@mantine/dates/styles.css';
import { TimePicker, type TimePickerProps } from '@mantine/dates';
import { IconClock } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A wall-clock time "HH:mm" in 24-hour format whatever the browser's locale (the native time input would
 * show AM/PM in some), with a dropdown of hours and minutes.
 *
 * The picker keeps what is being typed itself; the form's value reaches it only when the form changes it (a
 * dialog opened, a permission filling the schedule's times). Controlled, Mantine's picker cleared BOTH fields
 * whenever the time became incomplete: Backspace in the hours of "17:30" told the form '' and the form's ''
 * came back and emptied the minutes too, and hours typed before that '' came back were wiped as well.
 */
export function TimeField({ label, value, defaultValue, onChange, ...props }: TimePickerProps & { label: string }) {
  const { t } = useTranslation('dashboard');
  const emitted = useRef(value);
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    if (value === emitted.current) return; // our own change coming back
    emitted.current = value;
    setGeneration((g) => g + 1); // the form set a time: show it
  }, [value]);
  return (
    <TimePicker
      key={generation}
      label={label}
      format="24h"
      withDropdown
      leftSection={<IconClock size={16} />}
      hoursInputLabel={t('schedules.form.hoursOf', { field: label })}
      minutesInputLabel={t('schedules.form.minutesOf', { field: label })}
      hoursPlaceholder="--"
      minutesPlaceholder="--"
      maxDropdownContentHeight={220}
      defaultValue={value ?? defaultValue}
      onChange={(next) => {
        emitted.current = next;
        onChange?.(next);
      }}
      {...props}
    />
  );
}
