import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { SuperAdminCompany } from '@presente/shared';
import { IconAlertCircle, IconAlertTriangle, IconChecks } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/messages';
import { notify } from '../../../lib/notify';
import { useClearBillingFlag } from '../api';

/**
 * Confirmation before closing a "Revisar cobro" review (decision 0041): it names the company and the reason,
 * and asks that PayPal be checked first. One request however often Confirm is clicked.
 */
export function ClearBillingFlagModal({ company, onClose }: { company: SuperAdminCompany | null; onClose: () => void }) {
  const { t } = useTranslation('dashboard');
  const clear = useClearBillingFlag();
  const sending = useRef(false);
  const [error, setError] = useState<string | null>(null);
  const w = (key: string, vars?: Record<string, string>) => t(`superAdmin.companies.billingFlagReview.${key}`, vars);
  const close = () => {
    if (clear.isPending) return;
    setError(null);
    onClose();
  };
  const confirm = () => {
    if (!company?.billingFlag || sending.current) return;
    sending.current = true;
    setError(null);
    clear.mutate(company.id, {
      onSuccess: ({ message }) => {
        notify.success(message || w('success'));
        onClose();
      },
      onError: (err) => setError(errorMessage(t, err, w('error'))),
      onSettled: () => {
        sending.current = false;
      },
    });
  };

  return (
    <Modal opened={Boolean(company?.billingFlag)} onClose={close} title={w('title')} radius="lg" styles={{ title: { fontWeight: 700 } }}>
      {company?.billingFlag && (
        <Stack gap="md">
          <Text>{w('question', { name: company.name })}</Text>
          <Text size="sm" c="dimmed">
            {w('reason', { reason: company.billingFlag.reason })}
          </Text>
          <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />}>
            {w('warning')}
          </Alert>
          {error && (
            <Alert color="red" variant="outline" icon={<IconAlertCircle size={18} />} role="alert">
              {error}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={clear.isPending}>
              {w('cancel')}
            </Button>
            <Button leftSection={<IconChecks size={16} />} onClick={confirm} loading={clear.isPending}>
              {w('confirm')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
