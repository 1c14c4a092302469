import { Alert, Button, Center, Group, Image, Modal, Stack, Text, TextInput, Title } from '@mantine/core';
import type { KioskPairingCode } from '@presente/shared';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/messages';
import { linkUrl, useAttendanceLinks } from '../api';
import { qrDataUrl } from '../links/qr';
import { kioskKeys, useCreatePairingCode } from './api';

/**
 * "Vincular kiosco": a name, then the one-time code in large type and a QR that opens the company's first
 * active link with the code (#pair=...) on the kiosk's camera.
 */
export function PairKioskModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation('settings');
  const create = useCreatePairingCode();
  const links = useAttendanceLinks();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [code, setCode] = useState<KioskPairingCode | null>(null);
  const [qr, setQr] = useState<string | null>(null);
  const link = links.data?.find((l) => l.state === 'active');

  useEffect(() => {
    if (!code || !link) return setQr(null);
    let alive = true;
    qrDataUrl(`${linkUrl(link.token)}#pair=${code.code}`).then(
      (data) => alive && setQr(data),
      () => alive && setQr(null),
    );
    return () => {
      alive = false;
    };
  }, [code, link]);

  const close = () => {
    setName('');
    setCode(null);
    setError(null);
    void queryClient.invalidateQueries({ queryKey: kioskKeys.all });
    onClose();
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    create.mutate(name.trim(), { onSuccess: setCode, onError: (err) => setError(errorMessage(t, err, t('kiosks.codeError'))) });
  };
  const time = code ? new Date(code.expiresAt).toLocaleTimeString(i18n.language, { hour: '2-digit', minute: '2-digit' }) : '';

  return (
    <Modal opened={opened} onClose={close} title={code ? t('kiosks.codeTitle', { name: code.name }) : t('kiosks.add')} centered>
      {code ? (
        <Stack gap="md" align="center">
          <Title order={2} ff="monospace" fz={40} lts={4} data-testid="kiosk-pairing-code-shown">
            {code.code}
          </Title>
          <Text size="sm" c="dimmed">
            {t('kiosks.expires', { time })}
          </Text>
          {qr ? (
            <Image src={qr} alt={t('kiosks.qrAlt', { name: code.name })} w={220} h={220} />
          ) : (
            !link && (
              <Alert color="gray" variant="light" icon={<IconAlertCircle size={18} />}>
                {t('kiosks.noLinkForQr')}
              </Alert>
            )
          )}
          <Text size="sm" ta="center">
            {t('kiosks.codeHint')}
          </Text>
          <Center>
            <Button onClick={close}>{t('kiosks.close')}</Button>
          </Center>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <TextInput
              label={t('kiosks.name')}
              placeholder={t('kiosks.namePlaceholder')}
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              error={error}
              maxLength={120}
              data-autofocus
              data-testid="kiosk-name"
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t('kiosks.cancel')}
              </Button>
              <Button type="submit" loading={create.isPending}>
                {t('kiosks.createCode')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
