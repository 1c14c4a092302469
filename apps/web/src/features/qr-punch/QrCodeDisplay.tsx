import { Box, Center, Loader, RingProgress, Stack, Text } from '@mantine/core';
import type { QrDisplayCode } from '@presente/shared';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { msUntilRefresh } from './api';

/** The QR as an image: black on white, a quiet zone, medium error correction (a phone reads it off a screen at 1-2 m). */
function useQrImage(text: string | undefined) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    if (!text) return;
    QRCode.toDataURL(text, { width: 640, margin: 2, errorCorrectionLevel: 'M', color: { dark: '#000000', light: '#ffffff' } }).then(
      (url) => live && setSrc(url),
      () => live && setSrc(null),
    );
    return () => {
      live = false;
    };
  }, [text]);
  return src;
}

/** Seconds left of the current code, ticking 4 times a second. */
function useSecondsLeft(code: (QrDisplayCode & { fetchedAt: number }) | undefined) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, []);
  if (!code) return 0;
  return Math.max(0, Math.ceil(msUntilRefresh(code, code.fetchedAt, now) / 1000));
}

/**
 * The rotating QR of a work location (decision 0044) with a countdown ring to the next code: the admin's
 * full-screen page and the kiosk show this. `data-qr-url` carries the QR's text (tests read it there).
 */
export function QrCodeDisplay({ code, size = 'min(72vmin, 520px)' }: { code: (QrDisplayCode & { fetchedAt: number }) | undefined; size?: string }) {
  const { t } = useTranslation('settings');
  const src = useQrImage(code?.url);
  const left = useSecondsLeft(code);
  const total = code?.stepSeconds ?? 30;
  return (
    <Stack align="center" gap="md">
      <Box
        data-qr-url={code?.url ?? ''}
        data-qr-step={code?.step ?? ''}
        style={{ width: size, aspectRatio: '1', background: '#fff', borderRadius: 16, padding: 8, boxShadow: '0 8px 30px rgba(0,0,0,.12)' }}
      >
        {src ? (
          <img
            src={src}
            alt={t('qrScreen.qrAlt', { location: code?.location.name ?? '' })}
            style={{ width: '100%', height: '100%', imageRendering: 'pixelated', display: 'block' }}
          />
        ) : (
          <Center h="100%">
            <Loader aria-label={t('qrScreen.loading')} />
          </Center>
        )}
      </Box>
      <RingProgress
        size={88}
        thickness={8}
        roundCaps
        sections={[{ value: (left / total) * 100, color: left <= 5 ? 'orange' : 'indigo' }]}
        label={
          <Text ta="center" fw={700} size="lg" aria-live="off">
            {left}
          </Text>
        }
        aria-label={t('qrScreen.countdown', { seconds: left })}
      />
    </Stack>
  );
}
