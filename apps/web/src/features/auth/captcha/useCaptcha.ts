import type { CaptchaConfig, MessageKey } from '@presente/shared';
import { useQueryClient } from '@tanstack/react-query';
import { type RefObject, useCallback, useRef, useState } from 'react';
import { captchaConfigQuery, useCaptchaConfig } from '../api';

export interface CaptchaHandle {
  reset: () => void;
}

/** What a widget reports: the solution string to send as `turnstileToken`, or why there is none. */
export interface CaptchaChange {
  token: string | null;
  expired?: boolean;
  failed?: boolean;
}

export interface CaptchaFieldProps {
  config: CaptchaConfig | undefined;
  handleRef: RefObject<CaptchaHandle | null>;
  onChange: (change: CaptchaChange) => void;
  errorKey: MessageKey | null;
}

/**
 * Human verification state of a form (spec §5): which provider the server wants, the solution,
 * the message to show, and a reset for errors and expiry.
 */
export function useCaptcha() {
  const { data: config } = useCaptchaConfig();
  const queryClient = useQueryClient();
  const [token, setToken] = useState<string | null>(null);
  // The token as of now, for a submit that ran after waiting for the server's answer (its render's value is older).
  const tokenRef = useRef<string | null>(null);
  const [errorKey, setErrorKey] = useState<MessageKey | null>(null);
  const handleRef = useRef<CaptchaHandle | null>(null);
  const required = Boolean(config && config.provider !== 'off');

  const onChange = useCallback((change: CaptchaChange) => {
    tokenRef.current = change.token;
    setToken(change.token);
    if (change.token) setErrorKey(null);
    else if (change.expired) setErrorKey('auth.captchaExpired');
    else if (change.failed) setErrorKey('auth.captchaFailed');
  }, []);

  /** True when the form may be sent; otherwise shows 'Por favor, completa la verificación de seguridad'. */
  const ensureSolved = useCallback((): boolean => {
    const current = queryClient.getQueryData<CaptchaConfig>(captchaConfigQuery.queryKey);
    if (current && current.provider !== 'off' && !tokenRef.current) {
      setErrorKey('auth.captchaRequired');
      return false;
    }
    return true;
  }, [queryClient]);

  /**
   * A form's submit, run once the server has said which verification it wants. A click before that answer (a slow
   * network, a loaded machine: stop 33's CI) was judged as "none wanted": an empty form missed this message and a
   * filled one went out without a token. Now it waits for the answer; if the question fails, the server decides.
   */
  const whenConfigured = useCallback(
    <E>(handler: (event?: E) => void) =>
      (event?: E) => {
        if (queryClient.getQueryData(captchaConfigQuery.queryKey) !== undefined) return handler(event);
        void queryClient
          .ensureQueryData(captchaConfigQuery)
          .catch(() => undefined)
          .then(() => handler(event));
      },
    [queryClient],
  );

  /** A used or rejected solution cannot be sent again: clear it and restart the widget. */
  const reset = useCallback(() => {
    tokenRef.current = null;
    setToken(null);
    handleRef.current?.reset();
  }, []);

  const fieldProps: CaptchaFieldProps = { config, handleRef, onChange, errorKey };
  return { token: token ?? undefined, required, ensureSolved, whenConfigured, reset, fieldProps };
}
