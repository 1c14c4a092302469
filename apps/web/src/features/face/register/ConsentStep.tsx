import { Alert, Anchor, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { FaceNoticeVersion } from '@presente/shared';
import { IconAlertTriangle, IconCircleCheck, IconHandFinger, IconPrinter, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatInstantDay } from '../../../components/DayInput';
import { errorMessage } from '../../../lib/messages';
import { notify } from '../../../lib/notify';
import { useCompanyConfig } from '../../auth/CompanyConfigContext';
import type { Employee } from '../../employees/api';
import { consentRecordUrl, useAdminConsent, useOfficeConsent, useSendConsentCode } from '../api';
import { NoticeText } from '../consent/NoticeText';
import { SignatureForm } from '../consent/SignatureForm';

/**
 * Before the camera, the worker's own consent (decision 0035). Already signed in their account: shown, continue. Else
 * the admin hands the screen over: a code is mailed to the worker, who reads the notice and signs with their full
 * name, document number and that code. The admin cannot tick it for them.
 */
export function ConsentStep({
  employee,
  onConsented,
  onCancel,
}: {
  employee: Employee;
  onConsented: (noticeVersion: FaceNoticeVersion) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation(['dashboard', 'common']);
  const { timezone } = useCompanyConfig();
  const status = useAdminConsent(employee.id);
  const sendCode = useSendConsentCode();
  const office = useOfficeConsent();
  const [handedOver, setHandedOver] = useState(false);
  // Said inside the modal, above the signature: a toast in the corner sat on the modal's "Acepto" button at 1280x800
  // (the face journey's click was intercepted by it on a loaded machine, stop 34's rehearsal).
  const [sent, setSent] = useState<string | null>(null);
  const name = `${employee.firstName} ${employee.lastName}`;
  const c = (key: string, vars?: Record<string, string>) => t(`faceRegister.consent.${key}`, vars);

  if (status.isPending) return <Skeleton h={220} />;
  if (status.isError)
    return (
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title={t('faceRegister.notice.loadError')}>
        <Button mt="xs" size="xs" variant="white" color="red" onClick={() => void status.refetch()}>
          {t('common:actions.retry')}
        </Button>
      </Alert>
    );
  const { consent, noticeVersion, hasDocument, maskedEmail } = status.data;

  if (consent?.valid)
    return (
      <Stack gap="md">
        <Alert color="teal" variant="light" icon={<IconCircleCheck size={20} />} title={c('signedTitle', { name })}>
          <Text size="sm">
            {c(consent.method === 'office' ? 'signedOffice' : 'signedOwn', {
              date: formatInstantDay(consent.acceptedAt, timezone),
              version: consent.noticeVersion,
            })}
          </Text>
          <Anchor href={consentRecordUrl(consent.id)} target="_blank" size="sm" mt={6} display="inline-flex" style={{ alignItems: 'center', gap: 4 }}>
            <IconPrinter size={14} /> {t('common:consent.record.open')}
          </Anchor>
        </Alert>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('faceRegister.cancel')}
          </Button>
          <Button onClick={() => onConsented(noticeVersion)}>{t('faceRegister.notice.continue')}</Button>
        </Group>
      </Stack>
    );

  if (handedOver)
    return (
      <Stack gap="md" data-testid="consent-handover">
        <Title order={4}>{c('forWorker', { name })}</Title>
        <NoticeText version={noticeVersion} />
        {sent && (
          <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} />} role="status">
            {sent}
          </Alert>
        )}
        <SignatureForm
          withCode
          pending={office.isPending}
          error={office.error}
          onSubmit={(v) =>
            office.mutate(
              { employeeId: employee.id, noticeVersion, fullName: v.fullName, documentNumber: v.documentNumber, code: v.code.trim() },
              { onSuccess: () => onConsented(noticeVersion) },
            )
          }
          extra={
            <Button
              variant="subtle"
              onClick={() => sendCode.mutate(employee.id, { onSuccess: (m) => setSent(m ?? c('codeSent')) })}
              loading={sendCode.isPending}
            >
              {c('resend')}
            </Button>
          }
        />
      </Stack>
    );

  return (
    <Stack gap="md">
      <Alert color="orange" variant="light" icon={<IconAlertTriangle size={20} />} title={c('missingTitle', { name })}>
        <Text size="sm">{c('missing')}</Text>
        {consent?.method === 'admin_legacy' && (
          <Text size="sm" mt={6}>
            {c('legacy')}
          </Text>
        )}
      </Alert>
      {!hasDocument && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />}>
          {t('messages:consent.noDocument', { keySeparator: false, nsSeparator: false })}
        </Alert>
      )}
      <Text size="sm" c="dimmed">
        {c('handoverHint', { email: maskedEmail })}
      </Text>
      <Group justify="space-between">
        <Button variant="subtle" leftSection={<IconRefresh size={16} />} onClick={() => void status.refetch()} loading={status.isFetching}>
          {c('refresh')}
        </Button>
        <Group gap="xs">
          <Button variant="default" onClick={onCancel}>
            {t('faceRegister.cancel')}
          </Button>
          <Button
            leftSection={<IconHandFinger size={16} />}
            disabled={!hasDocument}
            loading={sendCode.isPending}
            onClick={() =>
              sendCode.mutate(employee.id, {
                onSuccess: (message) => {
                  setSent(message ?? c('codeSent'));
                  setHandedOver(true);
                },
                onError: (e) => notify.error(errorMessage(t, e, c('codeError'))),
              })
            }
          >
            {c('handover')}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
