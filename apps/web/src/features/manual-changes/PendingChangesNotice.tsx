import { Alert, Anchor } from '@mantine/core';
import { IconMessageReport } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useOwnManualChanges } from './api';

/** On the worker's overview: how many manual changes wait for their answer, with the way to the History tab (decision 0039). The link is a darker indigo: the theme's link colour on the light yellow reads 4.46:1, under WCAG's 4.5:1. */
export function PendingChangesNotice() {
  const { t } = useTranslation('common');
  const list = useOwnManualChanges(1);
  const pending = list.data?.pending ?? 0;
  if (!pending) return null;
  return (
    <Alert color="yellow" variant="light" radius="lg" icon={<IconMessageReport size={18} />} title={t('manualChanges.noticeTitle', { count: pending })}>
      {t('manualChanges.noticeText')}{' '}
      <Anchor component={Link} to="/employee/history" fw={600} c="indigo.9" underline="always">
        {t('manualChanges.noticeLink')}
      </Anchor>
    </Alert>
  );
}
