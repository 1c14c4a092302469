import { Skeleton } from '@mantine/core';
import type {} from 'altcha/types/react';
import { type RefObject, useEffect, useImperativeHandle, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CaptchaChange, CaptchaHandle } from './useCaptcha';

interface AltchaElement extends HTMLElement {
  reset?: () => void;
}

interface AltchaWidgetProps {
  challengeUrl: string;
  onChange: (change: CaptchaChange) => void;
  handleRef: RefObject<CaptchaHandle | null>;
}

let altchaLoad: Promise<unknown> | null = null;
/** Loads the web component and its Spanish strings once, on first use. */
function loadAltcha(): Promise<unknown> {
  altchaLoad ??= import('altcha').then(() => import('altcha/i18n/es-419'));
  return altchaLoad;
}

/** ALTCHA v3 proof-of-work widget; reports its payload through `statechange` (state 'verified'). */
export function AltchaWidget({ challengeUrl, onChange, handleRef }: AltchaWidgetProps) {
  const { i18n } = useTranslation();
  // A state ref: listeners attach once the element exists (it renders only after the module loaded).
  const [element, setElement] = useState<AltchaElement | null>(null);
  const [ready, setReady] = useState(false);
  const language = i18n.resolvedLanguage === 'en' ? 'en' : 'es-419';

  useEffect(() => {
    let alive = true;
    loadAltcha()
      .then(() => alive && setReady(true))
      .catch(() => alive && onChange({ token: null, failed: true }));
    return () => {
      alive = false;
    };
  }, [onChange]);

  useEffect(() => {
    const el = element;
    if (!el) return;
    const onState = (event: Event) => {
      const detail = (event as CustomEvent<{ state?: string; payload?: string }>).detail ?? {};
      if (detail.state === 'verified' && detail.payload) onChange({ token: detail.payload });
      else if (detail.state === 'expired') onChange({ token: null, expired: true });
      else if (detail.state === 'error') onChange({ token: null, failed: true });
      else onChange({ token: null });
    };
    const onExpired = () => onChange({ token: null, expired: true });
    el.addEventListener('statechange', onState);
    el.addEventListener('expired', onExpired);
    return () => {
      el.removeEventListener('statechange', onState);
      el.removeEventListener('expired', onExpired);
    };
  }, [onChange, element]);

  useImperativeHandle(handleRef, () => ({ reset: () => element?.reset?.() }), [element]);

  if (!ready) return <Skeleton height={66} radius="md" />;
  return (
    <altcha-widget
      ref={setElement}
      challenge={challengeUrl}
      language={language}
      data-testid="altcha-widget"
      style={{ '--altcha-max-width': '100%', '--altcha-border-radius': 'var(--mantine-radius-md)' }}
    />
  );
}
