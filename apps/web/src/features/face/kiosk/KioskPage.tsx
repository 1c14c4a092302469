import { Alert, Box, Button, Center, Container, Group, Loader, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconScan, IconWifiOff } from '@tabler/icons-react';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { BrandLogo } from '../../../components/BrandLogo';
import { LanguageSwitch } from '../../../components/LanguageSwitch';
import { ApiError } from '../../../lib/api';
import { loadNamespaces } from '../../../lib/i18n';
import { translateMessage } from '../../../lib/messages';
import { useGeoPermission } from '../../employee-area/attendance/geolocation';
import { LiveClock } from '../../employee-area/attendance/LiveClock';
import { CameraView } from '../camera/CameraView';
import { kioskHint } from '../camera/guidance';
import { useCamera } from '../camera/useCamera';
import { useFaceWatch } from '../camera/useFaceWatch';
import { KioskPairingPanel } from './KioskPairingPanel';
import { LinkGone, RefusalPanel, ResultPanel, StepOverlay } from './KioskPanels';
import { ConnectionBadge } from './offline/ConnectionBadge';
import { installKiosk } from './offline/install';
import { QueuedPanel, WaitingBadge } from './offline/OfflinePanels';
import { useOfflinePunches } from './offline/useOfflinePunches';
import { useWakeLock } from './offline/useWakeLock';
import { type KioskPairing, loadPairing } from './pairing';
import { useKioskFlow } from './useKioskFlow';
import { GONE_KEYS, useKioskInfo } from './useKioskInfo';

// The QR display mode (decision 0044): its own chunk, with the words it reads.
const KioskQrMode = lazy(async () => {
  const [mode] = await Promise.all([import('../../qr-punch/KioskQrMode'), loadNamespaces(['settings'])]);
  return { default: mode.KioskQrMode };
});
const MODE_KEY = 'presente-kiosk-mode';

/**
 * The public attendance page /attendance/{token} (a kiosk, no login): company and link, the company's
 * live time, the camera and 'Marcar asistencia', the challenge (recorded as one burst), then the result for the next person.
 */
export function KioskPage() {
  const { token = '' } = useParams();
  const { t } = useTranslation('common');
  // This browser's pairing from IndexedDB (undefined while it is read).
  const [pairing, setPairing] = useState<KioskPairing | null | undefined>(undefined);
  useEffect(() => {
    let alive = true;
    void loadPairing().then((p) => alive && setPairing(p));
    return () => {
      alive = false;
    };
  }, []);
  // From the server, or its last answer remembered here when the server cannot be reached (an offline reload).
  const { info, online } = useKioskInfo(token, pairing);
  const paired = info.data?.kiosk === 'paired';
  const [mode, setMode] = useState<'face' | 'qr'>(() => (localStorage.getItem(MODE_KEY) === 'qr' ? 'qr' : 'face'));
  // Installable (the link's manifest, the kiosk's service worker) and the screen kept on while it is a kiosk.
  useEffect(() => installKiosk(token, { registerWorker: import.meta.env.PROD }), [token]);
  useWakeLock(paired);
  const { videoRef, state, restart } = useCamera(info.isSuccess && paired && mode === 'face');
  const watch = useFaceWatch(videoRef, state.status === 'ready');
  const refetchInfo = info.refetch;
  const onLinkGone = useCallback(() => void refetchInfo(), [refetchInfo]);
  const onUnpaired = useCallback(() => void refetchInfo(), [refetchInfo]);
  // Punches captured while the server cannot be reached wait here, signed and encrypted (decision 0075).
  const offline = useOfflinePunches(token, paired ? pairing : null, online);
  const flow = useKioskFlow({
    token,
    pairing: pairing ?? null,
    videoRef,
    lookRef: watch.lookRef,
    guidePausedRef: watch.pausedRef,
    guide: watch.status,
    onLinkGone,
    onUnpaired,
    queueOffline: offline.queue,
  });
  const geoPermission = useGeoPermission();

  useEffect(() => {
    document.title = `${t('kiosk.pageTitle')} · ${t('brand')}`;
  }, [t]);

  if (pairing === undefined || info.isPending) {
    return (
      <Center mih="100dvh">
        <Loader />
      </Center>
    );
  }
  if (info.isError) {
    const e = info.error;
    if (e instanceof ApiError && GONE_KEYS[e.code])
      return <LinkGone message={e.message ? translateMessage(t, e.message) : translateMessage(t, GONE_KEYS[e.code])} />;
    return (
      <Center component="main" mih="100dvh" p="md">
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title={t('kiosk.loadError')} maw={460}>
          <Button mt="sm" size="xs" color="red" variant="light" onClick={() => void info.refetch()}>
            {t('actions.retry')}
          </Button>
        </Alert>
      </Center>
    );
  }

  if (info.data.kiosk !== 'paired') {
    return <KioskPairingPanel companyName={info.data.companyName} linkName={info.data.linkName} state={info.data.kiosk} onPaired={(p) => setPairing(p)} />;
  }

  const { phase } = flow;
  const busy = phase.kind === 'preparing' || phase.kind === 'step' || phase.kind === 'sending';
  // Framing and light before and during the steps (one face, close enough, in the oval, enough light).
  const video = videoRef.current;
  const turn = phase.kind === 'step' && (phase.prompt === 'left' || phase.prompt === 'right') ? phase.prompt : null;
  const hint =
    watch.look && (phase.kind === 'idle' || phase.kind === 'step')
      ? kioskHint(watch.look.faces, video?.videoWidth || undefined, video?.videoHeight || undefined, turn !== null)
      : null;
  let cameraMessage: string | undefined;
  if (phase.kind === 'sending') cameraMessage = t('kiosk.sending');
  else if (hint) cameraMessage = t(`camera.guide.${hint}`);
  else if (phase.kind === 'idle') cameraMessage = t('kiosk.idleHint');
  // A refusal for a missing location says how to give it (and when the browser blocks it).
  const refusalHint =
    phase.kind === 'refused' && phase.code === 'location_required' ? t(geoPermission === 'denied' ? 'kiosk.locationDenied' : 'kiosk.locationHint') : undefined;
  return (
    <Box mih="100dvh" bg="linear-gradient(160deg, var(--mantine-color-indigo-0), var(--mantine-color-gray-0))" py={{ base: 'sm', sm: 'xl' }}>
      <Container size={720} px={{ base: 'xs', sm: 'md' }}>
        <Stack gap="md">
          <Group component="header" justify="space-between" wrap="nowrap">
            <BrandLogo size="sm" />
            <Group gap="xs" wrap="nowrap">
              <ConnectionBadge online={online} />
              <WaitingBadge waiting={offline.waiting} />
              <LanguageSwitch size="xs" />
            </Group>
          </Group>
          {!online && (
            <Alert color="orange" variant="light" icon={<IconWifiOff size={18} />} data-testid="kiosk-offline">
              {t('employee:kiosk.connection.offlineHint')}
            </Alert>
          )}
          <Paper component="main" withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
            <Stack gap="md">
              <Stack gap={0} align="center" ta="center">
                <Title order={1} fz={{ base: 22, sm: 28 }} data-testid="kiosk-company">
                  {info.data.companyName}
                </Title>
                <Text c="dimmed" fw={500}>
                  {info.data.linkName}
                </Text>
              </Stack>
              <LiveClock timezone={info.data.timezone} />
              <SegmentedControl
                aria-label={t('kioskQr.mode')}
                value={mode}
                onChange={(value) => {
                  const next = value === 'qr' ? 'qr' : 'face';
                  localStorage.setItem(MODE_KEY, next);
                  setMode(next);
                }}
                data={[
                  { value: 'face', label: t('kioskQr.face') },
                  { value: 'qr', label: t('kioskQr.qr') },
                ]}
              />
              {mode === 'qr' && pairing && (
                <Suspense fallback={<Loader mx="auto" />}>
                  <KioskQrMode token={token} pairing={pairing} />
                </Suspense>
              )}
              {mode === 'face' && phase.kind === 'result' && <ResultPanel result={phase.result} onDone={flow.reset} />}
              {mode === 'face' && phase.kind === 'queued' && <QueuedPanel time={phase.time} onDone={flow.reset} />}
              {/* Hidden, not unmounted, during the result: the video keeps its stream for the next person. */}
              <Box
                display={phase.kind === 'result' || phase.kind === 'queued' || mode === 'qr' ? 'none' : undefined}
                data-kiosk-burst={flow.burstInfo ? JSON.stringify(flow.burstInfo) : undefined}
              >
                <CameraView
                  videoRef={videoRef}
                  state={state}
                  onRetry={restart}
                  tone={hint ? 'warn' : phase.kind === 'step' ? 'ok' : 'idle'}
                  message={cameraMessage}
                  turn={turn}
                >
                  {phase.kind === 'step' && <StepOverlay step={phase.prompt} index={phase.index} total={phase.steps.length} />}
                </CameraView>
              </Box>
              {mode === 'face' && phase.kind === 'refused' && <RefusalPanel message={phase.message} hint={refusalHint} onRetry={() => void flow.start()} />}
              {mode === 'face' && phase.kind !== 'result' && phase.kind !== 'refused' && phase.kind !== 'queued' && (
                <Button
                  size="xl"
                  radius="md"
                  leftSection={<IconScan size={26} />}
                  onClick={() => void flow.start()}
                  loading={busy}
                  disabled={state.status !== 'ready'}
                  fullWidth
                >
                  {t('kiosk.start')}
                </Button>
              )}
              {watch.status === 'unavailable' && (
                <Text size="xs" c="dimmed" ta="center">
                  {t('kiosk.unguided')}
                </Text>
              )}
            </Stack>
          </Paper>
          <Text component="footer" size="xs" c="dimmed" ta="center">
            {t('kiosk.privacy')}
          </Text>
        </Stack>
      </Container>
    </Box>
  );
}
