import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { superAdminChangeEmailInput } from '@presente/shared';
import { IconAlertCircle, IconAt } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, useMessage } from '../../../lib/messages';
import { notify } from '../../../lib/notify';
import { useChangeOwnEmail } from '../api';

/** Spec §5: a valid email ('Por favor ingrese un email válido') that differs from the current one. */
export function validateEmailChange(newEmail: string, currentEmail: string): string | null {
  const result = superAdminChangeEmailInput.safeParse({ newEmail });
  if (!result.success) return result.error.issues[0]?.message ?? 'admin.emailInvalid';
  if (result.data.newEmail === currentEmail.trim().toLowerCase()) return 'admin.emailSameAsCurrent';
  return null;
}

/** Change own email (super admin settings); the shown user email follows at once. */
export function ChangeEmailModal({ opened, onClose, currentEmail }: { opened: boolean; onClose: () => void; currentEmail: string }) {
  const { t } = useTranslation('dashboard');
  return (
    <Modal opened={opened} onClose={onClose} title={t('superAdmin.settings.email.modalTitle')} radius="lg" styles={{ title: { fontWeight: 700 } }}>
      {opened && <ChangeEmailForm currentEmail={currentEmail} onDone={onClose} />}
    </Modal>
  );
}

function ChangeEmailForm({ currentEmail, onDone }: { currentEmail: string; onDone: () => void }) {
  const { t } = useTranslation('dashboard');
  const message = useMessage();
  const change = useChangeOwnEmail();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { newEmail: '' },
    validate: { newEmail: (value: string) => validateEmailChange(value, currentEmail) },
  });
  const e = (key: string) => t(`superAdmin.settings.email.${key}`);

  const submit = form.onSubmit(({ newEmail }) => {
    setServerError(null);
    change.mutate(newEmail.trim(), {
      onSuccess: ({ message: msg }) => {
        notify.success(msg || e('success'));
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
          label={e('new')}
          placeholder={e('newPlaceholder')}
          type="email"
          autoComplete="email"
          leftSection={<IconAt size={16} />}
          withAsterisk
          data-autofocus
          {...form.getInputProps('newEmail')}
          error={message(form.errors.newEmail as string | undefined)}
        />
        <Text size="xs" c="dimmed">
          {e('hint')}
        </Text>
        {serverError && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {serverError}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onDone} disabled={change.isPending}>
            {t('superAdmin.settings.cancel')}
          </Button>
          <Button type="submit" loading={change.isPending}>
            {e('submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
