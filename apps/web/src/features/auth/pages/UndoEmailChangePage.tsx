import { Button } from '@mantine/core';
import { IconArrowBackUp, IconCircleCheck, IconLinkOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api';
import { errorMessage } from '../../../lib/messages';
import { useUndoEmailChange } from '../api';
import { AuthResultPage } from '../components/AuthPage';
import { StatusText } from '../components/AuthStatus';

/**
 * /undo-email-change?token=...: the link mailed to the OLD address after a login email changed (decision
 * 0025). A button, not the visit, undoes it: mail scanners that open links must not act for the person.
 */
export function UndoEmailChangePage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const undo = useUndoEmailChange();
  const invalid = !token || (undo.error instanceof ApiError && undo.error.code === 'invalid_token');

  if (invalid) {
    return (
      <AuthResultPage
        title={t('undoEmail.invalidTitle')}
        icon={<IconLinkOff size={32} />}
        color="orange"
        actions={
          <Button component={Link} to="/login" size="md" fullWidth>
            {t('forgot.backToLogin')}
          </Button>
        }
      >
        <StatusText>{t('undoEmail.invalidDescription')}</StatusText>
      </AuthResultPage>
    );
  }

  if (undo.isSuccess) {
    return (
      <AuthResultPage
        title={t('undoEmail.doneTitle')}
        icon={<IconCircleCheck size={32} />}
        color="teal"
        actions={
          <Button component={Link} to="/forgot-password" size="md" fullWidth>
            {t('undoEmail.newPassword')}
          </Button>
        }
      >
        <StatusText>{undo.data.message}</StatusText>
      </AuthResultPage>
    );
  }

  return (
    <AuthResultPage
      title={t('undoEmail.title')}
      icon={<IconArrowBackUp size={32} />}
      color="indigo"
      actions={
        <Button size="md" fullWidth loading={undo.isPending} onClick={() => undo.mutate(token)}>
          {t('undoEmail.submit')}
        </Button>
      }
    >
      <StatusText>{undo.error ? errorMessage(t, undo.error, t('undoEmail.failed')) : t('undoEmail.description')}</StatusText>
    </AuthResultPage>
  );
}
