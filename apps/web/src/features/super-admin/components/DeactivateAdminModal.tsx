import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { SuperAdminCompany } from '@presente/shared';
import { IconAlertCircle, IconAlertTriangle, IconUserOff } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/messages';
import { notify } from '../../../lib/notify';
import { useToggleAdminStatus } from '../api';

interface DeactivateAdminModalProps {
  company: SuperAdminCompany | null;
  onClose: () => void;
}

/**
 * Confirmation before switching a company's administrator off (decision 0024): it names the company and
 * the person and says that their session ends at once. One request however often Confirm is clicked.
 */
export function DeactivateAdminModal({ company, onClose }: DeactivateAdminModalProps) {
  const { t } = useTranslation('dashboard');
  const toggle = useToggleAdminStatus();
  const sending = useRef(false);
  const [error, setError] = useState<string | null>(null);
  const w = (key: string, vars?: Record<string, string>) => t(`superAdmin.companies.admin.confirm.${key}`, vars);
  const close = () => {
    if (toggle.isPending) return;
    setError(null);
    onClose();
  };
  const confirm = () => {
    if (!company?.admin || sending.current) return;
    sending.current = true;
    setError(null);
    toggle.mutate(
      { companyId: company.id, isActive: false },
      {
        onSuccess: ({ message }) => {
          notify.success(message || w('success'));
          onClose();
        },
        onError: (err) => setError(errorMessage(t, err, t('superAdmin.companies.admin.toggleError'))),
        onSettled: () => {
          sending.current = false;
        },
      },
    );
  };

  return (
    <Modal opened={Boolean(company?.admin)} onClose={close} title={w('title')} radius="lg" styles={{ title: { fontWeight: 700 } }}>
      {company?.admin && (
        <Stack gap="md">
          <Text>{w('question', { person: company.admin.name, company: company.name })}</Text>
          <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />}>
            {w('warning', { person: company.admin.name })}
          </Alert>
          {error && (
            <Alert color="red" variant="outline" icon={<IconAlertCircle size={18} />} role="alert">
              {error}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={toggle.isPending}>
              {w('cancel')}
            </Button>
            <Button color="red" leftSection={<IconUserOff size={16} />} onClick={confirm} loading={toggle.isPending}>
              {w('confirm')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
