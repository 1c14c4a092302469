import { Anchor, Button, Group, Text } from '@mantine/core';
import { type FormErrors, useForm } from '@mantine/form';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { PasswordField } from '../../../components/PasswordField';
import { errorMessage, translateMessage, useMessage } from '../../../lib/messages';
import { notify } from '../../../lib/notify';
import { landingPathFor, useLogin } from '../api';
import { CaptchaField } from '../captcha/CaptchaField';
import { useCaptcha } from '../captcha/useCaptcha';
import { AuthEmailField, AuthFormPage } from '../components/AuthPage';

type LoginValues = { email: string; password: string };
type Validate = (values: LoginValues) => FormErrors;

/** The shared schema's checks load after the page shows (loginValidation.ts); submit waits for them if needed. */
let validateLogin: Validate | undefined;
const loadValidation = async (): Promise<Validate> => {
  validateLogin ??= (await import('../loginValidation')).validateLogin as Validate;
  return validateLogin;
};

/** /login: email, password (show/hide), human verification; redirects by role on success. */
export function LoginPage() {
  const { t } = useTranslation('auth');
  const message = useMessage();
  const navigate = useNavigate();
  const location = useLocation();
  const login = useLogin();
  const captcha = useCaptcha();
  const [serverError, setServerError] = useState<string | null>(null);

  const form = useForm({
    mode: 'controlled',
    // After registering, the new administrator's e-mail is already there.
    initialValues: { email: (location.state as { email?: string } | null)?.email ?? '', password: '' },
    validate: (values) => validateLogin?.(values) ?? {},
  });

  useEffect(() => {
    void loadValidation();
  }, []);

  const handleSubmit = form.onSubmit(
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
  const submit = (event?: FormEvent<HTMLFormElement>) => {
    event?.preventDefault();
    void loadValidation().then(() => handleSubmit(event));
  };

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
      <AuthEmailField {...form.getInputProps('email')} error={message(form.errors.email as string | undefined)} />
      <div>
        <PasswordField
          label={t('fields.password')}
          placeholder={t('fields.passwordPlaceholder')}
          autoComplete="current-password"
          withAsterisk
          {...form.getInputProps('password')}
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
