import { useCallback, useEffect, useState } from 'react';

/** The part of PayPal's JS SDK (window.paypal) the subscription buttons use. */
export interface PaypalButtonsOptions {
  /** One payment method per button: PayPal balance or a card (spec §4), never Pay Later, Venmo, local methods... */
  fundingSource?: string;
  style?: Record<string, string>;
  createSubscription: (data: unknown, actions: unknown) => Promise<string>;
  onApprove: (data: { subscriptionID?: string | null; orderID?: string }) => Promise<void> | void;
  onCancel?: () => void;
  onError?: (err: unknown) => void;
}
export interface PaypalButtonsInstance {
  render(container: HTMLElement): Promise<void>;
  close?(): Promise<void> | void;
  isEligible?(): boolean;
}
export interface PaypalNamespace {
  Buttons(options: PaypalButtonsOptions): PaypalButtonsInstance;
  /** The SDK's funding source names (FUNDING.PAYPAL = 'paypal', FUNDING.CARD = 'card'). */
  FUNDING?: Record<string, string>;
}

/** Spec §4: "funding limited to provider balance and card": the only buttons drawn, in this order. */
export const ALLOWED_FUNDING = ['paypal', 'card'] as const;
/** Everything else PayPal might offer in the smart stack, switched off in the SDK URL as well. */
export const DISABLED_FUNDING = [
  'credit',
  'paylater',
  'venmo',
  'bancontact',
  'blik',
  'eps',
  'giropay',
  'ideal',
  'mercadopago',
  'mybank',
  'p24',
  'sepa',
  'sofort',
];

declare global {
  interface Window {
    paypal?: PaypalNamespace;
  }
}

/** Spec §9: the provider script is retried 3 times, every 2 s. */
export const SDK_RETRIES = 3;
export const SDK_RETRY_MS = 2000;
/** A script that neither loads nor fails in this time counts as a failed attempt. */
const SDK_ATTEMPT_TIMEOUT_MS = 15_000;
const SCRIPT_ATTR = 'data-paypal-sdk';

/**
 * The SDK for subscriptions (vault=true&intent=subscription) with only PayPal balance and card allowed;
 * a sandbox client id works on www.paypal.com too.
 */
export function paypalSdkUrl(clientId: string): string {
  const params = new URLSearchParams({
    'client-id': clientId,
    vault: 'true',
    intent: 'subscription',
    components: 'buttons,funding-eligibility',
    'enable-funding': 'card',
    'disable-funding': DISABLED_FUNDING.join(','),
  });
  return `https://www.paypal.com/sdk/js?${params}`;
}

type Failure = 'load' | 'unavailable';

/** One attempt: a fresh <script>; resolves with window.paypal, or the reason it is not there. */
function attempt(src: string): Promise<PaypalNamespace | Failure> {
  for (const old of document.querySelectorAll(`script[${SCRIPT_ATTR}]`)) old.remove();
  return new Promise((resolve) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.setAttribute(SCRIPT_ATTR, '');
    const timer = window.setTimeout(() => resolve('load'), SDK_ATTEMPT_TIMEOUT_MS);
    script.addEventListener('load', () => {
      window.clearTimeout(timer);
      resolve(typeof window.paypal?.Buttons === 'function' ? window.paypal : 'unavailable');
    });
    script.addEventListener('error', () => {
      window.clearTimeout(timer);
      resolve('load');
    });
    document.head.appendChild(script);
  });
}

export type SdkState = { status: 'loading' } | { status: 'ready'; paypal: PaypalNamespace } | { status: 'error'; reason: Failure };

/**
 * Loads PayPal's JS SDK for `clientId`: one attempt, then up to SDK_RETRIES more every SDK_RETRY_MS;
 * after that the error stays until `reload()` starts again.
 */
export function usePaypalSdk(clientId: string): SdkState & { reload: () => void } {
  const [state, setState] = useState<SdkState>({ status: 'loading' });
  const [run, setRun] = useState(0);
  const reload = useCallback(() => setRun((n) => n + 1), []);

  useEffect(() => {
    void run;
    let stopped = false;
    let retryTimer: number | undefined;
    const src = paypalSdkUrl(clientId);
    setState({ status: 'loading' });
    const tryLoad = async (retriesLeft: number) => {
      const existing = window.paypal;
      const result = typeof existing?.Buttons === 'function' ? existing : await attempt(src);
      if (stopped) return;
      if (typeof result !== 'string') return setState({ status: 'ready', paypal: result });
      if (retriesLeft === 0) return setState({ status: 'error', reason: result });
      retryTimer = window.setTimeout(() => void tryLoad(retriesLeft - 1), SDK_RETRY_MS);
    };
    void tryLoad(SDK_RETRIES);
    return () => {
      stopped = true;
      window.clearTimeout(retryTimer);
    };
  }, [clientId, run]);

  return { ...state, reload };
}
