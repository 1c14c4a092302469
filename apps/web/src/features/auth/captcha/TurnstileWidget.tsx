import { type RefObject, useEffect, useImperativeHandle, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { CaptchaChange, CaptchaHandle } from './useCaptcha';

const TURNSTILE_SRC = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit';

interface TurnstileApi {
  render: (container: HTMLElement, options: Record<string, unknown>) => string;
  reset: (widgetId: string) => void;
  remove: (widgetId: string) => void;
}

declare global {
  interface Window {
    turnstile?: TurnstileApi;
  }
}

let scriptLoad: Promise<void> | null = null;
/** Injects Cloudflare's script only when the server chose Turnstile. */
function loadTurnstile(): Promise<void> {
  if (window.turnstile) return Promise.resolve();
  scriptLoad ??= new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = TURNSTILE_SRC;
    script.async = true;
    script.defer = true;
    script.onload = () => resolve();
    script.onerror = () => {
      scriptLoad = null;
      script.remove();
      reject(new Error('turnstile script failed'));
    };
    document.head.appendChild(script);
  });
  return scriptLoad;
}

interface TurnstileWidgetProps {
  siteKey: string;
  onChange: (change: CaptchaChange) => void;
  handleRef: RefObject<CaptchaHandle | null>;
}

export function TurnstileWidget({ siteKey, onChange, handleRef }: TurnstileWidgetProps) {
  const { i18n } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const widgetId = useRef<string | null>(null);
  const onChangeRef = useRef(onChange);
  const language = i18n.resolvedLanguage === 'en' ? 'en' : 'es';

  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  useEffect(() => {
    let cancelled = false;
    loadTurnstile()
      .then(() => {
        if (cancelled || !container.current || !window.turnstile) return;
        widgetId.current = window.turnstile.render(container.current, {
          sitekey: siteKey,
          language,
          theme: 'light',
          size: 'flexible',
          callback: (token: string) => onChangeRef.current({ token }),
          'expired-callback': () => onChangeRef.current({ token: null, expired: true }),
          'error-callback': () => onChangeRef.current({ token: null, failed: true }),
        });
      })
      .catch(() => !cancelled && onChangeRef.current({ token: null, failed: true }));
    return () => {
      cancelled = true;
      if (widgetId.current) window.turnstile?.remove(widgetId.current);
      widgetId.current = null;
      onChangeRef.current({ token: null });
    };
  }, [siteKey, language]);

  useImperativeHandle(
    handleRef,
    () => ({
      reset: () => {
        if (widgetId.current) window.turnstile?.reset(widgetId.current);
      },
    }),
    [],
  );

  return <div ref={container} style={{ minHeight: 65 }} data-testid="turnstile-widget" />;
}
