import { Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, useMessage } from '../../lib/messages';
import { notify } from '../../lib/notify';
import { AccountFormFooter, AccountModal } from './AccountModal';

/** The words of one area's email modal (each area keeps its own catalogue keys and spec messages). */
export interface ChangeEmailTexts {
  title: string;
  current: string;
  newEmail: string;
  placeholder: string;
  /** A line under the field (super admin). */
  hint?: string;
  submit: string;
  cancel: string;
  /** Shown when the server answers without a message. */
  success: string;
  /** Shown when the server gives no message of its own (spec §8 "server message or ..."). */
  error: string;
}

/**
 * The texts from an area's catalogue: `<prefix>.modalTitle, current, newEmail, placeholder, hint (optional),
 * submit, success, error`, and the area's Cancel.
 */
export function emailTextsFrom(t: TFunction, prefix: string, cancel: string): ChangeEmailTexts {
  const k = (key: string) => t(`${prefix}.${key}`);
  return {
    title: k('modalTitle'),
    current: k('current'),
    newEmail: k('newEmail'),
    placeholder: k('placeholder'),
    hint: t(`${prefix}.hint`, { defaultValue: '' }) || undefined,
    submit: k('submit'),
    cancel,
    success: k('success'),
    error: k('error'),
  };
}

export interface ChangeEmailModalProps {
  opened: boolean;
  onClose: () => void;
  currentEmail: string;
  texts: ChangeEmailTexts;
  /** The area's rule (spec §5): a catalogue key for a bad address, or null. */
  validate: (newEmail: string, currentEmail: string) => string | null;
  /** Sends the change (the area's mutation); resolves to the server's message. */
  submit: (newEmail: string) => Promise<string | undefined>;
  leftSection?: ReactNode;
}

/** Change one's own login email, in every area (company admin, super admin, employee): current read-only, new validated. */
export function ChangeEmailModal({ opened, onClose, texts, ...form }: ChangeEmailModalProps) {
  return (
    <AccountModal opened={opened} onClose={onClose} title={texts.title}>
      <ChangeEmailForm texts={texts} onDone={onClose} {...form} />
    </AccountModal>
  );
}

/** The form alone (for a screen that hosts it itself). */
export function ChangeEmailForm({
  currentEmail,
  texts,
  validate,
  submit,
  leftSection,
  onDone,
}: Omit<ChangeEmailModalProps, 'opened' | 'onClose'> & { onDone: () => void }) {
  const { t } = useTranslation();
  const message = useMessage();
  const change = useMutation({ mutationFn: submit });
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { newEmail: '' },
    validate: { newEmail: (value: string) => validate(value, currentEmail) },
  });

  const onSubmit = form.onSubmit(({ newEmail }) => {
    setServerError(null);
    change.mutate(newEmail.trim(), {
      onSuccess: (msg) => {
        notify.success(message(msg) || texts.success);
        onDone();
      },
      onError: (error) => setServerError(errorMessage(t, error, texts.error)),
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <TextInput label={texts.current} value={currentEmail} readOnly variant="filled" />
        <TextInput
          label={texts.newEmail}
          placeholder={texts.placeholder}
          type="email"
          autoComplete="email"
          leftSection={leftSection}
          withAsterisk
          data-autofocus
          {...form.getInputProps('newEmail')}
          error={message(form.errors.newEmail as string | undefined)}
        />
        {texts.hint && (
          <Text size="xs" c="dimmed">
            {texts.hint}
          </Text>
        )}
        <AccountFormFooter error={serverError} cancel={texts.cancel} submit={texts.submit} pending={change.isPending} onCancel={onDone} />
      </Stack>
    </form>
  );
}
