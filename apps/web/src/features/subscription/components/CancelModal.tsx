import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorMessage, translateMessage } from '../../../lib/messages';
import { notify } from '../../../lib/notify';
import { formatDate, useCancelSubscription } from '../api';

interface Props {
  opened: boolean;
  onClose: () => void;
  companyName: string;
  /** The company's timezone: the access date is shown as dd/mm/yyyy there. */
  timezone: string;
}

/** Cancel confirmation (spec §4): No, mantener / Sí, cancelar; access lasts until the end of the paid period. */
export function CancelModal({ opened, onClose, companyName, timezone }: Props) {
  const { t } = useTranslation('dashboard');
  const cancel = useCancelSubscription();
  const confirm = () =>
    cancel.mutate(undefined, {
      onSuccess: (res) => {
        const until = res.data.accessUntil ? ` ${t('subscription.cancel.accessUntil', { date: formatDate(res.data.accessUntil, timezone) })}` : '';
        notify.success(`${res.message ?? translateMessage(t, 'billing.cancelled')}${until}`);
        onClose();
      },
      onError: (err) => notify.error(errorMessage(t, err, t('subscription.cancel.failed'))),
    });
  return (
    <Modal opened={opened} onClose={onClose} title={t('subscription.cancel.title')} centered>
      <Stack>
        <Text size="sm">{t('subscription.cancel.question', { name: companyName })}</Text>
        <Text size="sm" c="dimmed">
          {t('subscription.cancel.terms')}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('subscription.cancel.keep')}
          </Button>
          <Button color="red" onClick={confirm} loading={cancel.isPending}>
            {t('subscription.cancel.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
