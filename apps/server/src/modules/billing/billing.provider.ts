import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { createPayPalClient } from './paypal.client.js';
import type { BillingProvider } from './provider.js';
import { createSimulator, type Simulator } from './simulator.js';

/** PayPal when PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET are set; otherwise the simulator ('Modo de prueba'). */
export function createBillingProvider(config: Config, db: Db): BillingProvider {
  if (config.PAYPAL_CLIENT_ID && config.PAYPAL_CLIENT_SECRET) {
    return createPayPalClient({
      clientId: config.PAYPAL_CLIENT_ID,
      clientSecret: config.PAYPAL_CLIENT_SECRET,
      apiBase: config.PAYPAL_API_BASE,
      webhookId: config.PAYPAL_WEBHOOK_ID,
    });
  }
  return createSimulator(db);
}

export function isSimulator(provider: BillingProvider): provider is Simulator {
  return provider.mode === 'simulator' && 'decide' in provider;
}
