import { Alert, Box, Button, Stack, Text } from '@mantine/core';
import { IconCameraOff } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

type Detect = (video: HTMLVideoElement, canvas: HTMLCanvasElement) => Promise<string | null>;

interface BarcodeDetectorLike {
  detect(source: CanvasImageSource): Promise<{ rawValue: string }[]>;
}
type BarcodeDetectorCtor = new (options: { formats: string[] }) => BarcodeDetectorLike;

/**
 * The browser's own QR reader when it has one (Chrome on Android), else jsQR, loaded only here: the camera
 * page's chunk, never the first load (decision 0044).
 */
async function detector(): Promise<Detect> {
  const Native = (globalThis as { BarcodeDetector?: BarcodeDetectorCtor & { getSupportedFormats?: () => Promise<string[]> } }).BarcodeDetector;
  if (Native && (await Native.getSupportedFormats?.())?.includes('qr_code')) {
    const native = new Native({ formats: ['qr_code'] });
    return async (video) => (await native.detect(video))[0]?.rawValue ?? null;
  }
  const { default: jsQR } = await import('jsqr');
  return async (video, canvas) => {
    const width = video.videoWidth;
    const height = video.videoHeight;
    if (!width || !height) return null;
    // A phone camera's full frame is large: 640 px on the long side is plenty for a QR on a screen.
    const scale = Math.min(1, 640 / Math.max(width, height));
    canvas.width = Math.round(width * scale);
    canvas.height = Math.round(height * scale);
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (!context) return null;
    context.drawImage(video, 0, 0, canvas.width, canvas.height);
    const image = context.getImageData(0, 0, canvas.width, canvas.height);
    return jsQR(image.data, image.width, image.height, { inversionAttempts: 'dontInvert' })?.data ?? null;
  };
}

/** Opens the back camera and calls `onCode` with the first QR it reads; the camera stops when it closes. */
export function QrScanner({ onCode, onCancel }: { onCode: (text: string) => void; onCancel: () => void }) {
  const { t } = useTranslation('employee');
  const video = useRef<HTMLVideoElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [failed, setFailed] = useState(false);
  const done = useRef(onCode);
  done.current = onCode;

  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let live = true;
    (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: 'environment' } }, audio: false });
        if (!live || !video.current) return;
        video.current.srcObject = stream;
        await video.current.play();
        const detect = await detector();
        const tick = async () => {
          if (!live || !video.current || !canvas.current) return;
          const text = await detect(video.current, canvas.current).catch(() => null);
          if (!live) return;
          if (text) {
            live = false;
            done.current(text);
            return;
          }
          timer = setTimeout(tick, 200);
        };
        void tick();
      } catch {
        if (live) setFailed(true);
      }
    })();
    return () => {
      live = false;
      clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, []);

  return (
    <Stack gap="sm">
      {failed ? (
        <Alert color="red" variant="light" icon={<IconCameraOff size={18} />} title={t('qrPunch.cameraFailedTitle')}>
          {t('qrPunch.cameraFailed')}
        </Alert>
      ) : (
        <>
          <Box pos="relative" style={{ borderRadius: 12, overflow: 'hidden', background: '#000', aspectRatio: '3 / 4', maxHeight: '60dvh' }}>
            <video ref={video} muted playsInline aria-label={t('qrPunch.cameraLabel')} style={{ width: '100%', height: '100%', objectFit: 'cover' }} />
            <Box
              aria-hidden
              pos="absolute"
              style={{ inset: '18%', border: '3px solid rgba(255,255,255,.9)', borderRadius: 16, boxShadow: '0 0 0 100vmax rgba(0,0,0,.35)' }}
            />
          </Box>
          <Text size="sm" c="dimmed" ta="center">
            {t('qrPunch.aim')}
          </Text>
        </>
      )}
      <canvas ref={canvas} hidden />
      <Button variant="default" onClick={onCancel}>
        {t('qrPunch.cancel')}
      </Button>
    </Stack>
  );
}
