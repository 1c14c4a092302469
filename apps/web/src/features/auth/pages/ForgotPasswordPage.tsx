import { Button, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { forgotPasswordInput } from '@presente/shared';
import { IconMailCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage, translateMessage, useMessage } from '../../../lib/messages';
import { useForgotPassword } from '../api';
import { AuthEmailField, AuthFormPage, AuthResultPage, BackToLoginLink } from '../components/AuthPage';
import { StatusText } from '../components/AuthStatus';

/** /forgot-password: email form, then the "check your email" screen. */
export function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const message = useMessage();
  const forgot = useForgotPassword();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '' },
    validate: schemaResolver(forgotPasswordInput, { sync: true }),
  });

  const submit = form.onSubmit((values) => {
    setServerError(null);
    const email = values.email.trim().toLowerCase();
    forgot.mutate(
      { email },
      {
        onSuccess: () => setSentTo(email),
        onError: (error) => setServerError(errorMessage(t, error, t('forgot.failed'))),
      },
    );
  });

  if (sentTo) {
    return (
      <AuthResultPage
        title={t('forgot.sentTitle')}
        icon={<IconMailCheck size={32} />}
        color="teal"
        actions={
          <Button component={Link} to="/login" size="md" fullWidth>
            {t('forgot.backToLogin')}
          </Button>
        }
      >
        <StatusText>{translateMessage(t, 'auth.forgotSuccess')}</StatusText>
        <Text size="sm" c="dimmed">
          {t('forgot.validity')}
        </Text>
      </AuthResultPage>
    );
  }

  return (
    <AuthFormPage title={t('forgot.title')} subtitle={t('forgot.subtitle')} onSubmit={submit} error={serverError} footer={<BackToLoginLink />}>
      <AuthEmailField {...form.getInputProps('email')} error={message(form.errors.email as string | undefined)} />
      <Button type="submit" size="md" fullWidth loading={forgot.isPending}>
        {t('forgot.submit')}
      </Button>
    </AuthFormPage>
  );
}
