import { Alert, Button, Loader, Modal, Stack, Text } from '@mantine/core';
import { QR_PUNCH, type QrPunchResult } from '@presente/shared';
import { IconAlertCircle, IconCircleCheck, IconQrcode } from '@tabler/icons-react';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../lib/messages';
import { notify } from '../../lib/notify';
import { currentLocation, useGeoPermission } from '../employee-area/attendance/geolocation';
import { useQrPunch } from './api';

// The camera and the QR reader are their own chunk: loaded when the person taps "Marcar con QR".
const QrScanner = lazy(async () => ({ default: (await import('./QrScanner')).QrScanner }));

type Outcome = { ok: true; message: string; data: QrPunchResult } | { ok: false; message: string };

/**
 * "Marcar con QR" of the Attendance tab (decision 0044): the camera reads the screen's QR in the browser, or the
 * phone's own camera app opened this page with the code in `?qr=` (sent once, then taken off the address so a
 * reload never sends it again). The phone's position goes along when the browser already may give it.
 */
export function QrPunchCard() {
  const { t } = useTranslation(['employee', 'common']);
  const [params, setParams] = useSearchParams();
  const [scanning, setScanning] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const mutation = useQrPunch();
  const permission = useGeoPermission();
  const sent = useRef<string | null>(null);

  const send = useCallback(
    async (code: string) => {
      setScanning(false);
      setOutcome(null);
      const location = permission === 'granted' ? await currentLocation(false) : null;
      try {
        const res = await mutation.mutateAsync({ code, location });
        setOutcome({ ok: true, message: res.message ?? '', data: res.data });
        notify.success(res.message ?? '');
      } catch (error) {
        const message = errorMessage(t, error, t('qrPunch.failed'));
        setOutcome({ ok: false, message });
        notify.error(message);
      }
    },
    [mutation, permission, t],
  );

  const fromUrl = params.get(QR_PUNCH.param);
  useEffect(() => {
    if (!fromUrl || sent.current === fromUrl) return;
    sent.current = fromUrl;
    const next = new URLSearchParams(params);
    next.delete(QR_PUNCH.param);
    setParams(next, { replace: true });
    void send(fromUrl);
  }, [fromUrl, params, setParams, send]);

  return (
    <Stack gap="sm">
      <Button
        size="md"
        variant="light"
        color="indigo"
        leftSection={mutation.isPending ? <Loader size={18} /> : <IconQrcode size={20} />}
        onClick={() => setScanning(true)}
        disabled={mutation.isPending}
        fullWidth
      >
        {t('qrPunch.button')}
      </Button>
      {outcome && (
        <Alert
          role={outcome.ok ? 'status' : 'alert'}
          color={outcome.ok ? 'teal' : 'red'}
          variant="light"
          icon={outcome.ok ? <IconCircleCheck size={18} /> : <IconAlertCircle size={18} />}
          title={outcome.ok ? t('qrPunch.doneTitle') : t('qrPunch.refusedTitle')}
          data-testid="qr-punch-outcome"
        >
          <Text size="sm">{outcome.message}</Text>
          {outcome.ok && (
            <Text size="sm" c="dimmed">
              {t('qrPunch.at', { location: outcome.data.location.name })}
            </Text>
          )}
        </Alert>
      )}
      <Modal opened={scanning} onClose={() => setScanning(false)} title={t('qrPunch.scanTitle')} centered>
        <Suspense fallback={<Loader />}>{scanning && <QrScanner onCode={(text) => void send(text)} onCancel={() => setScanning(false)} />}</Suspense>
      </Modal>
    </Stack>
  );
}
