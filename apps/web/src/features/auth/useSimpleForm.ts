import type { FormErrors } from '@mantine/form';
import { type ChangeEvent, useState } from 'react';

/**
 * The state of a small form of text fields, for the login page only: @mantine/form is 5.6 KB Brotli, and the
 * login is a first-load page with a 150 KB budget (decision 0050). Same behaviour as Mantine's controlled form for
 * what the login uses: `field(name)` gives value, onChange and error; typing in a field clears its error;
 * `submit(validate, onValid, onInvalid)` validates the current values and shows every error.
 */
export function useSimpleForm<V extends Record<string, string>>(initialValues: V) {
  const [values, setValues] = useState(initialValues);
  const [errors, setErrors] = useState<FormErrors>({});
  return {
    values,
    errors,
    field: (name: keyof V & string) => ({
      value: values[name],
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        const value = event.currentTarget.value;
        setValues((current) => ({ ...current, [name]: value }));
        setErrors((current) => (name in current ? Object.fromEntries(Object.entries(current).filter(([key]) => key !== name)) : current));
      },
    }),
    submit: (validate: (values: V) => FormErrors, onValid: (values: V) => void, onInvalid: () => void) => {
      const found = Object.fromEntries(Object.entries(validate(values)).filter(([, error]) => error != null));
      setErrors(found);
      if (Object.keys(found).length > 0) onInvalid();
      else onValid(values);
    },
  };
}
