import { Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyServerErrors } from '../../lib/forms';
import { errorMessage, useMessage } from '../../lib/messages';
import { notify } from '../../lib/notify';
import { PasswordField } from '../PasswordField';
import { AccountFormFooter, AccountModal } from './AccountModal';

export interface PasswordValues {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** The words of one area's password modal. */
export interface ChangePasswordTexts {
  title: string;
  current: string;
  new: string;
  confirm: string;
  /** The rule under the fields ("at least 8 characters", 6 in the employee area). */
  hint: string;
  submit: string;
  cancel: string;
  success: string;
  error: string;
}

/** The texts from an area's catalogue: `<prefix>.modalTitle, current, new, confirm, hint, submit, success, error`, and the area's Cancel. */
export function passwordTextsFrom(t: TFunction, prefix: string, cancel: string): ChangePasswordTexts {
  const k = (key: string) => t(`${prefix}.${key}`);
  return {
    title: k('modalTitle'),
    current: k('current'),
    new: k('new'),
    confirm: k('confirm'),
    hint: k('hint'),
    submit: k('submit'),
    cancel,
    success: k('success'),
    error: k('error'),
  };
}

export interface ChangePasswordModalProps {
  opened: boolean;
  onClose: () => void;
  texts: ChangePasswordTexts;
  /** The area's rules (spec §5: min 8 for admins, 6 for employees, messages): field -> catalogue key. */
  validate: (values: PasswordValues) => Record<string, string>;
  /** Sends the change (the area's mutation); resolves to the server's message. */
  submit: (values: PasswordValues) => Promise<string | undefined>;
  /** Keeps the submit disabled until every field is filled (employee area, spec §5). */
  requireAllFields?: boolean;
  /** Also shows the server's field errors under the fields (super admin). */
  serverFieldErrors?: boolean;
}

/** Change one's own password, in every area: current, new and confirmation; the area's rules and words. */
export function ChangePasswordModal({ opened, onClose, texts, ...form }: ChangePasswordModalProps) {
  return (
    <AccountModal opened={opened} onClose={onClose} title={texts.title}>
      <ChangePasswordForm texts={texts} onDone={onClose} {...form} />
    </AccountModal>
  );
}

const allFilled = (v: PasswordValues) => Boolean(v.currentPassword && v.newPassword && v.confirmPassword);

/** The form alone (for a screen that hosts it itself). */
export function ChangePasswordForm({
  texts,
  validate,
  submit,
  requireAllFields = false,
  serverFieldErrors = false,
  onDone,
}: Omit<ChangePasswordModalProps, 'opened' | 'onClose'> & { onDone: () => void }) {
  const { t } = useTranslation();
  const message = useMessage();
  const change = useMutation({ mutationFn: submit });
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<PasswordValues>({
    mode: 'controlled',
    initialValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    validate,
  });
  const field = (name: keyof PasswordValues) => ({ ...form.getInputProps(name), error: message(form.errors[name] as string | undefined) });

  const onSubmit = form.onSubmit((values) => {
    setServerError(null);
    change.mutate(values, {
      onSuccess: (msg) => {
        notify.success(message(msg) || texts.success);
        onDone();
      },
      onError: (error) => {
        if (serverFieldErrors) applyServerErrors(form, error);
        setServerError(errorMessage(t, error, texts.error));
      },
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <PasswordField label={texts.current} autoComplete="current-password" withAsterisk data-autofocus {...field('currentPassword')} />
        <PasswordField label={texts.new} autoComplete="new-password" withAsterisk {...field('newPassword')} />
        <PasswordField label={texts.confirm} autoComplete="new-password" withAsterisk {...field('confirmPassword')} />
        <Text size="xs" c="dimmed">
          {texts.hint}
        </Text>
        <AccountFormFooter
          error={serverError}
          cancel={texts.cancel}
          submit={texts.submit}
          pending={change.isPending}
          disabled={requireAllFields && !allFilled(form.values)}
          onCancel={onDone}
        />
      </Stack>
    </form>
  );
}
