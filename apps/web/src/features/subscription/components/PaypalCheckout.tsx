import { Alert, Box, Button, Group, Loader, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, translateMessage } from '../../../lib/messages';
import { notify } from '../../../lib/notify';
import { useConfirmSubscription, useCreatePlan } from '../api';
import { ALLOWED_FUNDING, type PaypalNamespace, usePaypalSdk } from '../paypal-sdk';

/** What the subscription is for, read when the buyer clicks (the count can change after the buttons render). */
export interface CheckoutOrder {
  companyId: string;
  companyName: string;
  employeeCount: number;
  billingCycle: 'monthly' | 'annual';
}

interface Props {
  clientId: string;
  /** The current order, or null while the form is invalid (the buttons are hidden then). */
  order: CheckoutOrder | null;
}

/**
 * PayPal's subscription buttons (spec §4): the SDK loaded with retries, then createSubscription asks our
 * server for the subscription (plan per price, quantity = employees) and onApprove confirms it with our server.
 */
export function PaypalCheckout({ clientId, order }: Props) {
  const { t } = useTranslation('dashboard');
  const sdk = usePaypalSdk(clientId);

  if (sdk.status === 'loading')
    return (
      <Group gap="xs">
        <Loader size="xs" />
        <Text size="sm">{t('subscription.paypal.loading')}</Text>
      </Group>
    );
  if (sdk.status === 'error')
    return (
      <Alert color="red" title={t(sdk.reason === 'unavailable' ? 'subscription.paypal.unavailable' : 'subscription.paypal.loadError')}>
        <Button size="xs" variant="light" color="red" onClick={sdk.reload}>
          {t('subscription.paypal.reload')}
        </Button>
      </Alert>
    );
  return <Buttons paypal={sdk.paypal} order={order} />;
}

function Buttons({ paypal, order }: { paypal: PaypalNamespace; order: CheckoutOrder | null }) {
  const { t } = useTranslation('dashboard');
  const container = useRef<HTMLDivElement>(null);
  const create = useCreatePlan();
  const confirm = useConfirmSubscription();
  // PayPal keeps the callbacks it was rendered with: they read the latest values through refs.
  const latest = useRef({ order, t, create, confirm });
  latest.current = { order, t, create, confirm };

  useEffect(() => {
    const el = container.current;
    if (!el) return;
    // A failure already told to the buyer (our server's), so PayPal's onError that follows stays quiet.
    let reported = false;
    const fail = (message: string) => {
      reported = true;
      notify.error(message);
    };
    const options = {
      style: { layout: 'vertical', shape: 'rect', label: 'subscribe' },
      createSubscription: async () => {
        reported = false;
        const { order: current, t: tr, create: mutation } = latest.current;
        if (!current) throw new Error('invalid order');
        try {
          return (await mutation.mutateAsync(current)).subscriptionId;
        } catch (err) {
          fail(errorMessage(tr, err, translateMessage(tr, 'billing.planCreateFailed')));
          throw err;
        }
      },
      onApprove: async (data: { subscriptionID?: string | null }) => {
        const { order: current, t: tr, confirm: mutation } = latest.current;
        if (!data.subscriptionID || !current) return fail(translateMessage(tr, 'billing.confirmFailed'));
        try {
          const message = await mutation.mutateAsync({
            subscriptionId: data.subscriptionID,
            companyId: current.companyId,
            employeeCount: current.employeeCount,
          });
          notify.success(message ?? translateMessage(tr, 'billing.activated'));
        } catch (err) {
          fail(errorMessage(tr, err, translateMessage(tr, 'billing.confirmFailed')));
        }
      },
      onCancel: () => notify.info(translateMessage(latest.current.t, 'billing.paymentCancelled')),
      onError: () => {
        if (!reported) notify.error(translateMessage(latest.current.t, 'billing.providerError'));
      },
    };
    // Spec §4: only PayPal balance and card, one standalone button each (when PayPal offers it to this buyer).
    const drawn = ALLOWED_FUNDING.map((source) => paypal.Buttons({ ...options, fundingSource: paypal.FUNDING?.[source.toUpperCase()] ?? source })).filter(
      (buttons) => !buttons.isEligible || buttons.isEligible(),
    );
    if (!drawn.length) {
      notify.error(translateMessage(latest.current.t, 'billing.providerError'));
      return;
    }
    for (const buttons of drawn) {
      const slot = document.createElement('div');
      el.appendChild(slot);
      buttons.render(slot).catch(() => {
        // The component went away while PayPal was still drawing: nothing to tell.
        if (el.isConnected) notify.error(translateMessage(latest.current.t, 'billing.providerError'));
      });
    }
    return () => {
      for (const buttons of drawn) void buttons.close?.();
      el.replaceChildren();
    };
  }, [paypal]);

  return (
    <Box>
      <Box ref={container} data-testid="paypal-buttons" hidden={!order} maw={420} />
      {confirm.isPending && (
        <Group gap="xs" mt="xs">
          <Loader size="xs" />
          <Text size="sm">{t('subscription.confirming')}</Text>
        </Group>
      )}
    </Box>
  );
}
