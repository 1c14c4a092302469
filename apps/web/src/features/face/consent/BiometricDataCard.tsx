import { Alert, Anchor, Badge, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconAlertTriangle, IconFaceId, IconPrinter, IconShieldOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatInstantDay } from '../../../components/DayInput';
import { SettingsCard } from '../../../components/SettingsCard';
import { errorMessage } from '../../../lib/messages';
import { notify } from '../../../lib/notify';
import { useCompanyConfig } from '../../auth/CompanyConfigContext';
import { consentRecordUrl, useAcceptFaceConsent, useFaceConsent, useWithdrawFaceConsent } from '../api';
import { NoticeText } from './NoticeText';
import { SignatureForm } from './SignatureForm';

/**
 * Employee settings card 'Datos biométricos': the worker's own consent (decision 0035: they read the notice and sign
 * with their full name and document number; an admin's earlier tick asks for confirmation by a date), the printable
 * record, whether a face is registered, and the one-click withdrawal (templates and photo deleted at once).
 */
export function BiometricDataCard() {
  const { t } = useTranslation(['employee', 'common']);
  const { timezone } = useCompanyConfig();
  const consent = useFaceConsent();
  const accept = useAcceptFaceConsent();
  const withdraw = useWithdrawFaceConsent();
  const c = (key: string, vars?: Record<string, string>) => t(`faceConsent.${key}`, vars);
  const day = (iso: string) => formatInstantDay(iso, timezone);

  const confirm = () =>
    modals.openConfirmModal({
      title: c('confirm.title'),
      centered: true,
      children: <Text size="sm">{c('confirm.message')}</Text>,
      labels: { confirm: c('confirm.confirm'), cancel: c('confirm.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        withdraw.mutate(undefined, {
          onSuccess: (message) => notify.success(message ?? c('withdrawn')),
          onError: (error) => notify.error(errorMessage(t, error, c('error'))),
        }),
    });

  let body = <Skeleton h={60} />;
  if (consent.isError)
    body = (
      <Text size="sm" c="red">
        {c('loadError')}
      </Text>
    );
  else if (consent.data) {
    const { registered, faceData, consent: open, noticeVersion } = consent.data;
    const signed = open?.valid ? open : null;
    body = (
      <Stack gap="sm" align="stretch">
        <Group gap="xs">
          <Badge variant="light" color={registered ? 'teal' : 'gray'} style={{ textTransform: 'none' }}>
            {registered ? c('registered') : c('notRegistered')}
          </Badge>
          {registered && faceData && (
            <Text size="sm" c="dimmed">
              {c('since', { date: day(faceData.createdAt) })}
            </Text>
          )}
        </Group>
        {signed ? (
          <Text size="sm">
            {c('signed', { date: day(signed.acceptedAt), version: signed.noticeVersion })}{' '}
            <Anchor href={consentRecordUrl(signed.id)} target="_blank" size="sm" style={{ whiteSpace: 'nowrap' }}>
              <IconPrinter size={14} style={{ verticalAlign: -2 }} /> {t('common:consent.record.open')}
            </Anchor>
          </Text>
        ) : (
          <Stack gap="sm" data-testid="own-consent">
            {open?.method === 'admin_legacy' && open.confirmBy && (
              <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} title={c('legacyTitle')}>
                {c('legacy', { date: day(open.confirmBy) })}
              </Alert>
            )}
            {open && open.method !== 'admin_legacy' && !open.valid && (
              <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />}>
                {c('outdated')}
              </Alert>
            )}
            <Text size="sm" c="dimmed">
              {c('askHint')}
            </Text>
            <NoticeText version={noticeVersion} />
            <SignatureForm
              withCode={false}
              pending={accept.isPending}
              error={accept.error}
              onSubmit={(v) =>
                accept.mutate(
                  { fullName: v.fullName, documentNumber: v.documentNumber, noticeVersion },
                  { onSuccess: (message) => notify.success(message ?? c('accepted')) },
                )
              }
            />
          </Stack>
        )}
        <Text size="sm" c="dimmed">
          {registered || open ? c('withdrawHint') : c('notRegisteredHint')}
        </Text>
        {(registered || open) && (
          <Group>
            <Button variant="light" color="red" leftSection={<IconShieldOff size={16} />} onClick={confirm} loading={withdraw.isPending}>
              {c('withdraw')}
            </Button>
          </Group>
        )}
      </Stack>
    );
  }
  return (
    <SettingsCard icon={IconFaceId} color="teal" title={c('title')} description={c('description')}>
      {body}
    </SettingsCard>
  );
}
