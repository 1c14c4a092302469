import { Alert, Anchor, Paper, Stack, Text, TextInput, type TextInputProps, Title } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft, IconMail } from '@tabler/icons-react';
import type { FormEventHandler, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuthLayout } from './AuthLayout';
import { AuthStatus } from './AuthStatus';

/** The page's heading: its title and one line under it. */
export function AuthHeading({ title, subtitle }: { title: string; subtitle: string }) {
  return (
    <div>
      <Title order={1} fz={{ base: 26, sm: 30 }}>
        {title}
      </Title>
      <Text c="dimmed" mt={4}>
        {subtitle}
      </Text>
    </div>
  );
}

interface AuthFormPageProps {
  title: string;
  subtitle: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The server's refusal, shown above the fields. */
  error: string | null;
  /** More words inside the refusal (e.g. "redirecting..."). */
  errorExtra?: ReactNode;
  /** The fields and the submit button. */
  children: ReactNode;
  /** What goes under the card (links to the other pages). */
  footer: ReactNode;
}

/** The shell of the login, forgot-password and reset-password forms: heading, a card with the form, a footer. */
export function AuthFormPage({ title, subtitle, onSubmit, error, errorExtra, children, footer }: AuthFormPageProps) {
  return (
    <AuthLayout pageTitle={title}>
      <Stack gap="lg" mt={{ base: 0, sm: 'xl' }}>
        <AuthHeading title={title} subtitle={subtitle} />
        <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 'xl' }} radius="lg">
          <form onSubmit={onSubmit} noValidate>
            <Stack gap="md">
              {error && (
                <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
                  {error}
                  {errorExtra}
                </Alert>
              )}
              {children}
            </Stack>
          </form>
        </Paper>
        {footer}
      </Stack>
    </AuthLayout>
  );
}

/** A result screen of the auth flows as a whole page (link sent, invalid link, password changed). */
export function AuthResultPage({
  title,
  icon,
  color,
  actions,
  children,
}: {
  title: string;
  icon: ReactNode;
  color: string;
  actions: ReactNode;
  children: ReactNode;
}) {
  return (
    <AuthLayout pageTitle={title}>
      <Stack mt={{ base: 0, sm: 'xl' }}>
        <AuthStatus icon={icon} color={color} title={title} actions={actions}>
          {children}
        </AuthStatus>
      </Stack>
    </AuthLayout>
  );
}

/** The e-mail field of the login and forgot-password forms (mantine form input props, error already in words). */
export function AuthEmailField(props: TextInputProps) {
  const { t } = useTranslation('auth');
  return (
    <TextInput
      label={t('fields.email')}
      placeholder={t('fields.emailPlaceholder')}
      type="email"
      autoComplete="email"
      leftSection={<IconMail size={16} stroke={1.6} />}
      withAsterisk
      {...props}
    />
  );
}

/** "Volver al inicio de sesión", centred under a form. */
export function BackToLoginLink() {
  const { t } = useTranslation('auth');
  return (
    <Stack align="center">
      <Anchor component={Link} to="/login" size="sm" fw={600} style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
        <IconArrowLeft size={16} /> {t('forgot.backToLogin')}
      </Anchor>
    </Stack>
  );
}
