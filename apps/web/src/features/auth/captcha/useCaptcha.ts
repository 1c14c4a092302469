import type { CaptchaConfig, MessageKey } from '@presente/shared';
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { useCaptchaConfig } from '../api';

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
  const { data: config, isPending } = useCaptchaConfig();
  const [token, setToken] = useState<string | null>(null);
  const [errorKey, setErrorKey] = useState<MessageKey | null>(null);
  const handleRef = useRef<CaptchaHandle | null>(null);
  // Until the server said which provider it wants, a verification is owed: a form sent in that moment (a slow
  // network, a loaded machine: stop 33's CI) showed its field messages but not this one, and a filled form went out
  // without a token. If the question itself failed, the server decides (it refuses a missing token with this message).
  const required = isPending || Boolean(config && config.provider !== 'off');
  const off = config?.provider === 'off';
  useEffect(() => {
    if (off) setErrorKey(null);
  }, [off]);

  const onChange = useCallback((change: CaptchaChange) => {
    setToken(change.token);
    if (change.token) setErrorKey(null);
    else if (change.expired) setErrorKey('auth.captchaExpired');
    else if (change.failed) setErrorKey('auth.captchaFailed');
  }, []);

  /** True when the form may be sent; otherwise shows 'Por favor, completa la verificación de seguridad'. */
  const ensureSolved = useCallback((): boolean => {
    if (required && !token) {
      setErrorKey('auth.captchaRequired');
      return false;
    }
    return true;
  }, [required, token]);

  /** A used or rejected solution cannot be sent again: clear it and restart the widget. */
  const reset = useCallback(() => {
    setToken(null);
    handleRef.current?.reset();
  }, []);

  const fieldProps: CaptchaFieldProps = { config, handleRef, onChange, errorKey };
  return { token: token ?? undefined, required, ensureSolved, reset, fieldProps };
}
