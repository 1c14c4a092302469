import { Badge, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconFaceId, IconShieldOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatInstantDay } from '../../../components/DayInput';
import { SettingsCard } from '../../../components/SettingsCard';
import { errorMessage } from '../../../lib/messages';
import { notify } from '../../../lib/notify';
import { useCompanyConfig } from '../../auth/CompanyConfigContext';
import { useFaceConsent, useWithdrawFaceConsent } from '../api';

/**
 * Employee settings card 'Datos biométricos': whether a face is registered and since when, and the
 * withdrawal of consent (deletes the templates at once; the admin can register the face again later).
 */
export function BiometricDataCard() {
  const { t } = useTranslation('employee');
  const { timezone } = useCompanyConfig();
  const consent = useFaceConsent();
  const withdraw = useWithdrawFaceConsent();
  const c = (key: string, vars?: Record<string, string>) => t(`faceConsent.${key}`, vars);

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
    const { registered, faceData } = consent.data;
    body = (
      <Stack gap="sm" align="flex-start">
        <Group gap="xs">
          <Badge variant="light" color={registered ? 'teal' : 'gray'} style={{ textTransform: 'none' }}>
            {registered ? c('registered') : c('notRegistered')}
          </Badge>
          {registered && faceData && (
            <Text size="sm" c="dimmed">
              {c('since', { date: formatInstantDay(faceData.createdAt, timezone) })}
            </Text>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          {registered ? c('withdrawHint') : c('notRegisteredHint')}
        </Text>
        {registered && (
          <Button variant="light" color="red" leftSection={<IconShieldOff size={16} />} onClick={confirm} loading={withdraw.isPending}>
            {c('withdraw')}
          </Button>
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
