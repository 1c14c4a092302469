import { Alert, Anchor, Button, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { forgotPasswordInput } from '@presente/shared';
import { IconAlertCircle, IconArrowLeft, IconMail, IconMailCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage, translateMessage, useMessage } from '../../../lib/messages';
import { useForgotPassword } from '../api';
import { AuthLayout } from '../components/AuthLayout';
import { AuthStatus, StatusText } from '../components/AuthStatus';

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

  const backToLogin = (
    <Anchor component={Link} to="/login" size="sm" fw={600} style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
      <IconArrowLeft size={16} /> {t('forgot.backToLogin')}
    </Anchor>
  );

  if (sentTo) {
    return (
      <AuthLayout pageTitle={t('forgot.sentTitle')}>
        <Stack mt={{ base: 0, sm: 'xl' }}>
          <AuthStatus
            icon={<IconMailCheck size={32} />}
            color="teal"
            title={t('forgot.sentTitle')}
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
          </AuthStatus>
        </Stack>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout pageTitle={t('forgot.title')}>
      <Stack gap="lg" mt={{ base: 0, sm: 'xl' }}>
        <div>
          <Title order={1} fz={{ base: 26, sm: 30 }}>
            {t('forgot.title')}
          </Title>
          <Text c="dimmed" mt={4}>
            {t('forgot.subtitle')}
          </Text>
        </div>
        <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 'xl' }} radius="lg">
          <form onSubmit={submit} noValidate>
            <Stack gap="md">
              {serverError && (
                <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
                  {serverError}
                </Alert>
              )}
              <TextInput
                label={t('fields.email')}
                placeholder={t('fields.emailPlaceholder')}
                type="email"
                autoComplete="email"
                leftSection={<IconMail size={16} stroke={1.6} />}
                withAsterisk
                {...form.getInputProps('email')}
                error={message(form.errors.email as string | undefined)}
              />
              <Button type="submit" size="md" fullWidth loading={forgot.isPending}>
                {t('forgot.submit')}
              </Button>
            </Stack>
          </form>
        </Paper>
        <Stack align="center">{backToLogin}</Stack>
      </Stack>
    </AuthLayout>
  );
}
