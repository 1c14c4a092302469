import type { BillingMode } from '@presente/shared';
import { billingModeOf, type Config } from '../../config.js';
import type { AppDeps } from '../../context.js';
import type { Db } from '../../db/client.js';
import { createPayPalClient } from './paypal.client.js';
import type { BillingProvider } from './provider.js';
import { createSimulator, type Simulator } from './simulator.js';

/**
 * The provider for BILLING_MODE: PayPal (with credentials) or the simulator ('Modo de prueba'). With
 * BILLING_MODE=off no new subscription starts, but existing ones are still followed and can be cancelled,
 * so the provider is PayPal when its credentials are set, else the simulator.
 */
export function createBillingProvider(config: Config, db: Db): BillingProvider {
  const mode = billingModeOf(config);
  if (mode !== 'simulator' && config.PAYPAL_CLIENT_ID && config.PAYPAL_CLIENT_SECRET) {
    return createPayPalClient({
      clientId: config.PAYPAL_CLIENT_ID,
      clientSecret: config.PAYPAL_CLIENT_SECRET,
      apiBase: config.PAYPAL_API_BASE,
      webhookId: config.PAYPAL_WEBHOOK_ID,
    });
  }
  return createSimulator(db);
}

/** The payment mode the product shows and obeys: 'off' from the configuration, else the provider's. */
export function billingModeFor(deps: Pick<AppDeps, 'config' | 'billing'>): BillingMode {
  return billingModeOf(deps.config) === 'off' ? 'off' : deps.billing.mode;
}

export function isSimulator(provider: BillingProvider): provider is Simulator {
  return provider.mode === 'simulator' && 'decide' in provider;
}
