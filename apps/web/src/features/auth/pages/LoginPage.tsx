import { Anchor, Button, Group, Text } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { PasswordField } from '../../../components/PasswordField';
import { errorMessage, translateMessage, useMessage } from '../../../lib/messages';
import { notify } from '../../../lib/notify';
import { landingPathFor, useLogin } from '../api';
import { CaptchaField } from '../captcha/CaptchaField';
import { useCaptcha } from '../captcha/useCaptcha';
import { AuthEmailField, AuthFormPage } from '../components/AuthPage';
import { lazyValidate, usePreloadAuthValidation, whenValidationReady } from '../lazyValidation';
import { useSimpleForm } from '../useSimpleForm';

type LoginValues = { email: string; password: string };
/** The shared schema's checks load after the page shows (lazyValidation.ts); submit waits for them if needed. */
const validateLogin = lazyValidate<LoginValues>('validateLogin');

/** /login: email, password (show/hide), human verification; redirects by role on success. */
export function LoginPage() {
  const { t } = useTranslation('auth');
  const message = useMessage();
  const navigate = useNavigate();
  const location = useLocation();
  const login = useLogin();
  const captcha = useCaptcha();
  const [serverError, setServerError] = useState<string | null>(null);

  // After registering, the new administrator's e-mail is already there.
  const form = useSimpleForm<LoginValues>({ email: (location.state as { email?: string } | null)?.email ?? '', password: '' });
  usePreloadAuthValidation();

  const handleSubmit = () =>
    form.submit(
      validateLogin,
      (values) => {
        if (!captcha.ensureSolved()) return;
        setServerError(null);
        login.mutate(
          { email: values.email.trim(), password: values.password, turnstileToken: captcha.token },
          {
            onSuccess: ({ user }) => {
              notify.success(translateMessage(t, 'auth.loginSuccess'));
              const from = (location.state as { from?: string } | null)?.from;
              navigate(landingPathFor(user, from), { replace: true });
            },
            onError: (error) => {
              setServerError(errorMessage(t, error, t('login.failed')));
              captcha.reset();
            },
          },
        );
      },
      () => {
        captcha.ensureSolved();
      },
    );
  const submit = whenValidationReady<FormEvent<HTMLFormElement>>(captcha.whenConfigured(handleSubmit));

  return (
    <AuthFormPage
      title={t('login.title')}
      subtitle={t('login.subtitle')}
      onSubmit={submit}
      error={serverError}
      footer={
        <Text ta="center" size="sm" c="dimmed">
          {t('login.noAccount')}{' '}
          <Anchor component={Link} to="/register" fw={600}>
            {t('login.registerLink')}
          </Anchor>
        </Text>
      }
    >
      <AuthEmailField {...form.field('email')} error={message(form.errors.email as string | undefined)} />
      <div>
        <PasswordField
          label={t('fields.password')}
          placeholder={t('fields.passwordPlaceholder')}
          autoComplete="current-password"
          withAsterisk
          {...form.field('password')}
          error={message(form.errors.password as string | undefined)}
        />
        <Group justify="flex-end" mt={6}>
          <Anchor component={Link} to="/forgot-password" size="sm">
            {t('login.forgot')}
          </Anchor>
        </Group>
      </div>
      <CaptchaField {...captcha.fieldProps} />
      <Button type="submit" size="md" fullWidth loading={login.isPending}>
        {t('login.submit')}
      </Button>
    </AuthFormPage>
  );
}
