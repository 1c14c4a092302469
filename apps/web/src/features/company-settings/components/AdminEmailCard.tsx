import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { emailChangeInput } from '@presente/shared';
import { IconAlertCircle, IconMail, IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, useMessage } from '../../../lib/messages';
import { notify } from '../../../lib/notify';
import { useChangeAdminEmail } from '../api';
import { SettingsCard } from './SettingsCard';

/** Spec §5: required and a valid address (the shared schema), different from the current one. */
export function validateAdminEmail(newEmail: string, currentEmail: string): string | null {
  const result = emailChangeInput.safeParse({ newEmail });
  if (!result.success) return result.error.issues[0]?.message ?? 'profile.emailInvalid';
  return result.data.newEmail === currentEmail.trim().toLowerCase() ? 'profile.emailSame' : null;
}

function EmailForm({ currentEmail, onDone }: { currentEmail: string; onDone: () => void }) {
  const { t } = useTranslation('settings');
  const message = useMessage();
  const change = useChangeAdminEmail();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { newEmail: '' },
    validate: { newEmail: (value: string) => validateAdminEmail(value, currentEmail) },
  });
  const e = (key: string) => t(`companySettings.email.${key}`);

  const submit = form.onSubmit(({ newEmail }) => {
    setServerError(null);
    change.mutate(newEmail.trim(), {
      onSuccess: (msg) => {
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
            {t('companySettings.cancel')}
          </Button>
          <Button type="submit" loading={change.isPending}>
            {e('submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Administrator email card with its edit modal. */
export function AdminEmailCard({ email }: { email: string }) {
  const { t } = useTranslation('settings');
  const [opened, setOpened] = useState(false);
  return (
    <SettingsCard icon={IconMail} title={t('companySettings.email.title')} description={t('companySettings.email.description')}>
      <Text fw={600} mb="sm" style={{ overflowWrap: 'anywhere' }}>
        {email}
      </Text>
      <Button variant="light" leftSection={<IconPencil size={16} />} onClick={() => setOpened(true)}>
        {t('companySettings.email.edit')}
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title={t('companySettings.email.modalTitle')} centered styles={{ title: { fontWeight: 700 } }}>
        {opened && <EmailForm currentEmail={email} onDone={() => setOpened(false)} />}
      </Modal>
    </SettingsCard>
  );
}
