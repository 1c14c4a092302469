import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle, IconSignature } from '@tabler/icons-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api';
import { errorMessage } from '../../../lib/messages';

export interface Signature {
  fullName: string;
  documentNumber: string;
  code: string;
}

/**
 * The worker's written acceptance (decision 0035): their full name and document number typed by them, and on the
 * admin's screen the code mailed to them. The server checks each against the record; its answer marks the field.
 */
export function SignatureForm({
  withCode,
  pending,
  error,
  onSubmit,
  extra,
}: {
  withCode: boolean;
  pending: boolean;
  error: unknown;
  onSubmit: (value: Signature) => void;
  extra?: ReactNode;
}) {
  const { t } = useTranslation('common');
  const [value, setValue] = useState<Signature>({ fullName: '', documentNumber: '', code: '' });
  const fieldError = (path: string) => (error instanceof ApiError ? error.errors?.find((e) => e.path === path)?.message : undefined);
  const set = (key: keyof Signature) => (e: { currentTarget: { value: string } }) => {
    const v = e.currentTarget.value;
    setValue((old) => ({ ...old, [key]: v }));
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit(value);
  };
  const filled = value.fullName.trim() && value.documentNumber.trim() && (!withCode || /^\d{6}$/.test(value.code.trim()));
  const general = !!error && !fieldError('fullName') && !fieldError('documentNumber') && !fieldError('code');
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm">{t('consent.sign.intro')}</Text>
        <TextInput
          label={t('consent.sign.fullName')}
          autoComplete="off"
          value={value.fullName}
          onChange={set('fullName')}
          error={fieldError('fullName')}
          required
        />
        <TextInput
          label={t('consent.sign.documentNumber')}
          autoComplete="off"
          value={value.documentNumber}
          onChange={set('documentNumber')}
          error={fieldError('documentNumber')}
          required
        />
        {withCode && (
          <TextInput
            label={t('consent.sign.code')}
            description={t('consent.sign.codeHint')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={value.code}
            onChange={set('code')}
            error={fieldError('code')}
            required
          />
        )}
        {general && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {errorMessage(t, error, t('consent.sign.error'))}
          </Alert>
        )}
        <Group justify="flex-end">
          {extra}
          <Button type="submit" leftSection={<IconSignature size={16} />} disabled={!filled} loading={pending}>
            {t('consent.sign.accept')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
