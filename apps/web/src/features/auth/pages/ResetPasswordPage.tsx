import { Button, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { resetPasswordInput } from '@presente/shared';
import { IconCircleCheck, IconLinkOff } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { FullPageLoader } from '../../../components/FullPageLoader';
import { PasswordField } from '../../../components/PasswordField';
import { ApiError } from '../../../lib/api';
import { errorMessage, useMessage } from '../../../lib/messages';
import { useResetPassword, useResetTokenCheck } from '../api';
import { AuthFormPage, AuthResultPage, BackToLoginLink } from '../components/AuthPage';
import { StatusText } from '../components/AuthStatus';

export const INVALID_TOKEN_REDIRECT_MS = 2000;

/** A 400 about the token itself (spec §8: message containing 'inválido') sends the user to request a new link. */
function isInvalidTokenError(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 400 && (error.code === 'invalid_token' || /inválido|invalid/i.test(error.message));
}

function validateReset(token: string) {
  return (values: { newPassword: string; confirmPassword: string }) => {
    const result = resetPasswordInput.safeParse({ token, newPassword: values.newPassword });
    const errors: Record<string, string> = {};
    for (const issue of result.success ? [] : result.error.issues) {
      const path = issue.path.join('.');
      if (path === 'newPassword' && !errors.newPassword) errors.newPassword = issue.message;
    }
    if (values.newPassword && values.confirmPassword !== values.newPassword) errors.confirmPassword = 'validation.passwordsMismatch';
    return errors;
  };
}

/**
 * /reset-password?token=...: the invalid-link screen without a token or with one the server says is used or
 * expired (asked when the page opens, without spending it), else the new-password form, then success.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const message = useMessage();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const reset = useResetPassword();
  const check = useResetTokenCheck(token);
  const [done, setDone] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [redirecting, setRedirecting] = useState(false);
  const form = useForm({
    mode: 'controlled',
    initialValues: { newPassword: '', confirmPassword: '' },
    validate: validateReset(token),
  });

  useEffect(() => {
    if (!redirecting) return;
    const id = setTimeout(() => navigate('/forgot-password', { replace: true }), INVALID_TOKEN_REDIRECT_MS);
    return () => clearTimeout(id);
  }, [redirecting, navigate]);

  if (token && check.isPending) return <FullPageLoader />;

  if (!token || isInvalidTokenError(check.error)) {
    return (
      <AuthResultPage
        title={t('reset.invalidTitle')}
        icon={<IconLinkOff size={32} />}
        color="orange"
        actions={
          <>
            <Button component={Link} to="/forgot-password" size="md" fullWidth>
              {t('reset.requestNew')}
            </Button>
            <Button component={Link} to="/login" variant="subtle" fullWidth>
              {t('forgot.backToLogin')}
            </Button>
          </>
        }
      >
        <StatusText>{t('reset.invalidDescription')}</StatusText>
      </AuthResultPage>
    );
  }

  if (done) {
    return (
      <AuthResultPage
        title={t('reset.successTitle')}
        icon={<IconCircleCheck size={32} />}
        color="teal"
        actions={
          <Button component={Link} to="/login" size="md" fullWidth>
            {t('reset.goToLogin')}
          </Button>
        }
      >
        <StatusText>{t('reset.successDescription')}</StatusText>
      </AuthResultPage>
    );
  }

  const submit = form.onSubmit((values) => {
    setServerError(null);
    reset.mutate(
      { token, newPassword: values.newPassword },
      {
        onSuccess: () => setDone(true),
        onError: (error) => {
          setServerError(errorMessage(t, error, t('reset.failed')));
          if (isInvalidTokenError(error)) setRedirecting(true);
        },
      },
    );
  });

  return (
    <AuthFormPage
      title={t('reset.title')}
      subtitle={t('reset.subtitle')}
      onSubmit={submit}
      error={serverError}
      errorExtra={
        redirecting && (
          <Text size="sm" mt={4}>
            {t('reset.redirecting')}
          </Text>
        )
      }
      footer={<BackToLoginLink />}
    >
      <PasswordField
        label={t('reset.newPassword')}
        placeholder={t('reset.newPasswordPlaceholder')}
        description={t('reset.hint')}
        autoComplete="new-password"
        withAsterisk
        {...form.getInputProps('newPassword')}
        error={message(form.errors.newPassword as string | undefined)}
      />
      <PasswordField
        label={t('fields.confirmPassword')}
        placeholder={t('fields.confirmPasswordPlaceholder')}
        autoComplete="new-password"
        withAsterisk
        {...form.getInputProps('confirmPassword')}
        error={message(form.errors.confirmPassword as string | undefined)}
      />
      <Button type="submit" size="md" fullWidth loading={reset.isPending} disabled={redirecting}>
        {t('reset.submit')}
      </Button>
    </AuthFormPage>
  );
}
