import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { SuperAdminCompany } from '@presente/shared';
import { IconAlertCircle, IconAlertTriangle, IconCreditCard, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/messages';
import { notify } from '../../../lib/notify';
import { useDeleteCompany } from '../api';

interface DeleteCompanyModalProps {
  company: SuperAdminCompany | null;
  onClose: () => void;
}

/** Confirmation naming the company and warning that all its data goes, and that a Premium subscription is cancelled first (spec §2, §8). */
export function DeleteCompanyModal({ company, onClose }: DeleteCompanyModalProps) {
  const { t } = useTranslation('dashboard');
  const remove = useDeleteCompany();
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    if (remove.isPending) return;
    setError(null);
    onClose();
  };
  const confirm = () => {
    if (!company) return;
    setError(null);
    remove.mutate(company.id, {
      onSuccess: (message) => {
        notify.success(message || t('superAdmin.companies.delete.success'));
        onClose();
      },
      onError: (err) => setError(errorMessage(t, err, t('superAdmin.companies.delete.error'))),
    });
  };

  return (
    <Modal opened={Boolean(company)} onClose={close} title={t('superAdmin.companies.delete.title')} radius="lg" styles={{ title: { fontWeight: 700 } }}>
      {company && (
        <Stack gap="md">
          <Text>{t('superAdmin.companies.delete.question', { name: company.name })}</Text>
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />}>
            {t('superAdmin.companies.delete.warning')}
          </Alert>
          {(company.plan === 'PREMIUM' || company.status === 'SUSPENDED') && (
            <Alert color="orange" variant="light" icon={<IconCreditCard size={18} />} data-testid="delete-subscription-warning">
              {t('superAdmin.companies.delete.subscriptionWarning')}
            </Alert>
          )}
          {error && (
            <Alert color="red" variant="outline" icon={<IconAlertCircle size={18} />} role="alert">
              {error}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={remove.isPending}>
              {t('superAdmin.companies.delete.cancel')}
            </Button>
            <Button color="red" leftSection={<IconTrash size={16} />} onClick={confirm} loading={remove.isPending}>
              {t('superAdmin.companies.delete.confirm')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
