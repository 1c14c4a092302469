import { Alert } from '@mantine/core';
import { type UseFormInput, type UseFormReturnType, useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from './api';
import { errorMessage, useMessage } from './messages';

// biome-ignore lint/suspicious/noExplicitAny: the constraint of Mantine's useForm (interfaces of form values fit it)
type Values = Record<string, any>;

/**
 * A refusal's field errors (`{ errors: [{ path, message }] }`, the error handler's 400) put on the form's fields.
 * Only paths the form has are set (a nested or unknown path stays in the message above the form). Returns how many.
 */
export function applyServerErrors<V extends Values>(form: Pick<UseFormReturnType<V>, 'getValues' | 'setFieldError'>, error: unknown): number {
  if (!(error instanceof ApiError)) return 0;
  const values = form.getValues();
  let set = 0;
  for (const e of error.errors ?? []) {
    if (!(e.path in values)) continue;
    form.setFieldError(e.path, e.message);
    set++;
  }
  return set;
}

/**
 * A Mantine form that talks to the API: `field(name)` gives a field its value, handlers and its error in the
 * reader's words (catalogue keys of the shared schemas are translated); `fail(error, fallback)` shows a refusal
 * (its field errors on the fields, the server's message or the fallback above the form) and returns the message;
 * `serverError` is that message, cleared by `clearServerError` (on submit, on open).
 */
export function useServerForm<V extends Values>(options: UseFormInput<V>) {
  const form = useForm<V>(options);
  const { t } = useTranslation();
  const message = useMessage();
  const [serverError, setServerError] = useState<string | null>(null);
  return {
    form,
    serverError,
    clearServerError: () => setServerError(null),
    field: (name: keyof V & string) => ({ ...form.getInputProps(name), error: message(form.errors[name] as string | undefined) }),
    fail: (error: unknown, fallback: string): string => {
      applyServerErrors(form, error);
      const text = errorMessage(t, error, fallback);
      setServerError(text);
      return text;
    },
  };
}

/** The refusal above a form (role="alert", read out when it appears). */
export function ServerError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
      {message}
    </Alert>
  );
}
