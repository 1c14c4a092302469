import { Alert, Button, Divider, Group, Modal, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { type SuperAdminCompany, TOAST_MS } from '@presente/shared';
import { IconAlertCircle, IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyServerErrors } from '../../../lib/forms';
import { errorMessage } from '../../../lib/messages';
import { notify } from '../../../lib/notify';
import { useIsMobile } from '../../../lib/useIsMobile';
import { type CompanyMutationResult, useCreateCompany, useUpdateCompany } from '../api';
import { type CompanyFormValues, companyBody, initialCompanyValues, validateCompany } from '../companyForm';
import { CompanyAdminFields } from './CompanyAdminFields';
import { CompanyDetailsFields, PlanStatusFields } from './CompanyFields';

interface CompanyFormModalProps {
  opened: boolean;
  /** The company to edit; null or undefined to create one. */
  company?: SuperAdminCompany | null;
  onClose: () => void;
}

/** Create/edit company modal (spec §2, §5): validated with the shared schema; failures appear as an alert. */
export function CompanyFormModal({ opened, company, onClose }: CompanyFormModalProps) {
  const { t } = useTranslation('dashboard');
  const phone = useIsMobile();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={company ? t('superAdmin.form.editTitle') : t('superAdmin.form.createTitle')}
      size="xl"
      fullScreen={Boolean(phone)}
      radius="lg"
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {/* Remounts per company so the form starts from that company's values. */}
      {opened && <CompanyForm key={company?.id ?? 'new'} company={company} onDone={onClose} />}
    </Modal>
  );
}

function CompanyForm({ company, onDone }: { company?: SuperAdminCompany | null; onDone: () => void }) {
  const { t } = useTranslation('dashboard');
  const create = useCreateCompany();
  const update = useUpdateCompany();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<CompanyFormValues>({
    mode: 'controlled',
    initialValues: initialCompanyValues(company),
    validate: (values) => validateCompany(values, company),
  });

  const onSuccess = ({ message, warning }: CompanyMutationResult) => {
    notify.success(message || t(company ? 'superAdmin.form.updateSuccess' : 'superAdmin.form.createSuccess'));
    if (warning) {
      notifications.show({
        title: t('superAdmin.form.warningTitle'),
        message: warning,
        color: 'yellow',
        icon: <IconAlertTriangle size={18} />,
        autoClose: TOAST_MS.error,
      });
    }
    onDone();
  };

  const onError = (error: unknown) => {
    applyServerErrors(form, error);
    setServerError(errorMessage(t, error, t(company ? 'superAdmin.form.updateError' : 'superAdmin.form.createError')));
  };

  const submit = form.onSubmit((values) => {
    setServerError(null);
    const body = companyBody(values, company);
    if (company) update.mutate({ id: company.id, body }, { onSuccess, onError });
    else create.mutate(body, { onSuccess, onError });
  });

  const pending = create.isPending || update.isPending;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <CompanyDetailsFields form={form} />
        <Divider />
        <PlanStatusFields form={form} />
        <Divider />
        <CompanyAdminFields form={form} company={company} />
        {serverError && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {serverError}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={pending}>
            {t('superAdmin.form.cancel')}
          </Button>
          <Button type="submit" loading={pending}>
            {company ? t('superAdmin.form.save') : t('superAdmin.form.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
