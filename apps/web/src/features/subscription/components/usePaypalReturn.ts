import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { errorMessage, translateMessage } from '../../../lib/messages';
import { notify } from '../../../lib/notify';
import { revisionErrorMessage, useConfirmRevision, useConfirmSubscription } from '../api';

/**
 * Handles ?paypal=approved|cancelled|revision-approved|revision-cancelled once the company id is known,
 * then cleans the URL. A buyer who cancels on PayPal's page (a subscription or a revision) sees 'Pago cancelado'.
 */
export function usePaypalReturn(companyId: string | undefined) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const handled = useRef(false);
  const confirm = useConfirmSubscription();
  const confirmRevision = useConfirmRevision();
  const status = params.get('paypal');

  useEffect(() => {
    if (!status || !companyId || handled.current) return;
    handled.current = true;
    const subscriptionId = params.get('subscription_id');
    const revisionId = params.get('revisionId');
    const count = Number(params.get('employeeCount'));
    setParams({}, { replace: true });
    if (status === 'cancelled' || status === 'revision-cancelled') {
      notify.info(translateMessage(t, 'billing.paymentCancelled'));
    } else if (status === 'approved' && subscriptionId) {
      confirm.mutate(
        { subscriptionId, companyId },
        {
          onSuccess: (message) => notify.success(message ?? translateMessage(t, 'billing.activated')),
          onError: (err) => notify.error(errorMessage(t, err, translateMessage(t, 'billing.confirmFailed'))),
        },
      );
    } else if (status === 'revision-approved' && revisionId) {
      confirmRevision.mutate(
        { companyId, revisionId, ...(Number.isInteger(count) && count > 0 ? { employeeCount: count } : {}) },
        {
          onSuccess: (res) =>
            res.data.applied ? notify.success(res.message ?? '') : notify.info(res.message ?? translateMessage(t, 'billing.revisionPending')),
          onError: (err) => notify.error(revisionErrorMessage(t, err)),
        },
      );
    }
  }, [status, companyId, params, setParams, t, confirm, confirmRevision]);

  return { confirming: confirm.isPending || confirmRevision.isPending };
}
