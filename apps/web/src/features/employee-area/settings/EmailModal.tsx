import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, useMessage } from '../../../lib/messages';
import { notify } from '../../../lib/notify';
import { useChangeEmployeeEmail } from '../api';
import { validateEmployeeEmail } from './validation';

function EmailForm({ currentEmail, onDone }: { currentEmail: string; onDone: () => void }) {
  const { t } = useTranslation(['employee', 'common']);
  const message = useMessage();
  const change = useChangeEmployeeEmail();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm({ mode: 'controlled', initialValues: { newEmail: '' }, validate: { newEmail: validateEmployeeEmail } });
  const e = (key: string) => t(`employeeArea.settings.email.${key}`);

  const submit = form.onSubmit(({ newEmail }) => {
    setServerError(null);
    change.mutate(newEmail.trim(), {
      onSuccess: (msg) => {
        notify.success(message(msg) || e('success'));
        onDone();
      },
      onError: (error) => setServerError(errorMessage(t, error, e('error'))),
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput label={e('current')} value={currentEmail} readOnly variant="filled" />
        <TextInput
          label={e('newEmail')}
          placeholder={e('placeholder')}
          type="email"
          autoComplete="email"
          withAsterisk
          data-autofocus
          {...form.getInputProps('newEmail')}
          error={message(form.errors.newEmail as string | undefined)}
        />
        {serverError && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {serverError}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onDone} disabled={change.isPending}>
            {t('employeeArea.settings.cancel')}
          </Button>
          <Button type="submit" loading={change.isPending}>
            {e('submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Change email modal (spec §2 Settings, §5): the current address read-only, the new one validated. */
export function EmailModal({ opened, currentEmail, onClose }: { opened: boolean; currentEmail: string; onClose: () => void }) {
  const { t } = useTranslation('employee');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('employeeArea.settings.email.modalTitle')}
      centered
      styles={{ title: { fontWeight: 700 } }}
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
    >
      {opened && <EmailForm currentEmail={currentEmail} onDone={onClose} />}
    </Modal>
  );
}
