import { Alert, Button, Group, Modal, NumberInput, Stack, Text } from '@mantine/core';
import { PREMIUM_MAX_EMPLOYEES } from '@presente/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../lib/messages';
import { notify } from '../../../lib/notify';
import { revisionErrorMessage, useReviseSubscription } from '../api';

interface Props {
  opened: boolean;
  onClose: () => void;
  companyId: string;
  companyName: string;
  /** The paid employee count today. */
  current: number;
  /** The next billing date as shown (dd/mm/yyyy): extra seats are charged and usable from then (decision 0041). */
  nextBilling?: string;
  redirect?: (url: string) => void;
  reload?: () => void;
}

/** Increase the paid employees (spec §4): only up; reducing needs support. */
export function ManageModal({ opened, onClose, companyId, companyName, current, nextBilling, redirect, reload }: Props) {
  const { t } = useTranslation('dashboard');
  const [count, setCount] = useState<number | string>(Math.min(current + 1, PREMIUM_MAX_EMPLOYEES));
  const [error, setError] = useState<string | null>(null);
  const revise = useReviseSubscription();
  const go = redirect ?? ((url: string) => window.location.assign(url));
  const doReload = reload ?? (() => window.location.reload());

  const validate = (v: number | string) => {
    const n = Number(v);
    return v === '' || !Number.isInteger(n) || n <= current || n > PREMIUM_MAX_EMPLOYEES
      ? translateMessage(t, 'billing.employeeCountIncrease', { max: current })
      : null;
  };

  const submit = () => {
    const problem = validate(count);
    setError(problem);
    if (problem) return;
    revise.mutate(
      { companyId, companyName, employeeCount: Number(count) },
      {
        onSuccess: (res) => {
          if (res.data.approvalUrl) return go(res.data.approvalUrl);
          if (res.data.automaticUpgrade) {
            notify.success(res.message ?? translateMessage(t, 'billing.revisionApplied'));
            onClose();
            return doReload();
          }
          notify.info(res.message ?? translateMessage(t, 'billing.revisionPending'));
          onClose();
        },
        onError: (err) => notify.error(revisionErrorMessage(t, err)),
      },
    );
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('subscription.manage.title')} centered>
      <Stack>
        <Text size="sm">{t('subscription.manage.current', { count: current })}</Text>
        <NumberInput
          label={t('subscription.manage.newCount')}
          value={count}
          min={current + 1}
          max={PREMIUM_MAX_EMPLOYEES}
          allowDecimal={false}
          allowNegative={false}
          onChange={(v) => {
            setCount(v);
            setError(validate(v));
          }}
          error={error}
        />
        {nextBilling && (
          <Alert color="blue" variant="light">
            {t('subscription.manage.whenPaid', { date: nextBilling, count: current })}
          </Alert>
        )}
        <Alert color="gray" variant="light">
          {t('subscription.manage.reduce')}
        </Alert>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('subscription.manage.close')}
          </Button>
          <Button onClick={submit} loading={revise.isPending}>
            {t('subscription.manage.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
