import { Alert, Box, Button, Center, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconCameraOff, IconRefresh } from '@tabler/icons-react';
import type { ReactNode, RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { GUIDE, OVAL } from './guidance';
import type { CameraState } from './useCamera';

export type GuideTone = 'idle' | 'warn' | 'ok';
const TONE_COLOR: Record<GuideTone, string> = {
  idle: 'rgba(255,255,255,0.85)',
  warn: 'var(--mantine-color-orange-5)',
  ok: 'var(--mantine-color-teal-5)',
};

/**
 * The live camera (mirrored by CSS only, like a mirror; captures stay unmirrored) with an oval guide,
 * a guidance line and any overlay (countdown, arrow). Camera errors show the spec's message and a retry.
 */
export function CameraView({
  videoRef,
  state,
  tone = 'idle',
  message,
  onRetry,
  turn = null,
  children,
}: {
  videoRef: RefObject<HTMLVideoElement | null>;
  state: CameraState;
  tone?: GuideTone;
  message?: string;
  onRetry: () => void;
  /**
   * A head turn is asked (the person's own side): the oval is drawn wider and moved where the turned head's outline
   * goes. The preview is mirrored: the nose goes to the screen's side of the turn, the side of the head the other way.
   */
  turn?: 'left' | 'right' | null;
  children?: ReactNode;
}) {
  const rx = turn ? OVAL.rx * GUIDE.turnWiden : OVAL.rx;
  const cx = OVAL.cx + (turn === 'left' ? GUIDE.turnShift : turn === 'right' ? -GUIDE.turnShift : 0);
  const { t } = useTranslation('common');
  if (state.status === 'error') {
    return (
      <Alert color="red" variant="light" icon={<IconCameraOff size={20} />} title={t('camera.errorTitle')} role="alert">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{t(`camera.errors.${state.errorKey}`)}</Text>
          <Button size="xs" variant="light" color="red" leftSection={<IconRefresh size={14} />} onClick={onRetry}>
            {t('actions.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  // On a phone the prompt and the guidance line sit below the video (over it they hid the face); from `sm` over it.
  return (
    <Box pos="relative">
      <Box pos="relative" bg="dark.8" style={{ borderRadius: 'var(--mantine-radius-lg)', overflow: 'hidden', aspectRatio: '4 / 3', width: '100%' }}>
        <video
          ref={videoRef}
          muted
          playsInline
          autoPlay
          aria-label={t('camera.preview')}
          style={{ width: '100%', height: '100%', objectFit: 'cover', transform: 'scaleX(-1)', display: 'block' }}
        />
        <svg
          viewBox={`0 0 ${OVAL.viewWidth} ${OVAL.viewHeight}`}
          preserveAspectRatio="none"
          aria-hidden
          style={{ position: 'absolute', inset: 0, width: '100%', height: '100%' }}
        >
          <defs>
            <mask id="face-oval-mask">
              <rect width={OVAL.viewWidth} height={OVAL.viewHeight} fill="white" />
              <ellipse cx={cx} cy={OVAL.cy} rx={rx} ry={OVAL.ry} fill="black" />
            </mask>
          </defs>
          <rect width={OVAL.viewWidth} height={OVAL.viewHeight} fill="rgba(10,12,30,0.45)" mask="url(#face-oval-mask)" />
          <ellipse
            cx={cx}
            cy={OVAL.cy}
            rx={rx}
            ry={OVAL.ry}
            fill="none"
            stroke={TONE_COLOR[tone]}
            strokeWidth="3"
            strokeDasharray={tone === 'ok' ? undefined : '8 6'}
            data-tone={tone}
            data-turn={turn ?? undefined}
          />
        </svg>
        {state.status !== 'ready' && (
          <Center pos="absolute" inset={0}>
            <Stack align="center" gap="xs">
              <Loader color="white" />
              <Text c="white" size="sm">
                {t('camera.starting')}
              </Text>
            </Stack>
          </Center>
        )}
      </Box>
      {children}
      {message && state.status === 'ready' && (
        <Center pos={{ base: 'static', sm: 'absolute' }} left={0} right={0} bottom={12} mt={{ base: 6, sm: 0 }}>
          <Paper
            radius="xl"
            px="md"
            py={6}
            maw="92%"
            bg={tone === 'ok' ? 'var(--mantine-color-teal-filled)' : tone === 'warn' ? 'var(--mantine-color-orange-filled)' : 'rgba(20,22,40,0.85)'}
            role="status"
          >
            <Text c="white" fw={700} size="sm" ta="center">
              {message}
            </Text>
          </Paper>
        </Center>
      )}
    </Box>
  );
}
