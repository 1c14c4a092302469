import { ActionIcon, Alert, Box, Button, Group, Image, SimpleGrid, Stack, Text } from '@mantine/core';
import { FACE_LIMITS } from '@presente/shared';
import { IconAlertCircle, IconCamera, IconRefresh, IconX } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CameraView, type GuideTone } from '../camera/CameraView';
import { captureJpeg } from '../camera/capture';
import { type EnrolGuidance, enrolGuidance } from '../camera/guidance';
import { useCamera } from '../camera/useCamera';
import { useFaceWatch } from '../camera/useFaceWatch';

export interface Capture {
  blob: Blob;
  url: string;
}

/** Captures taken automatically once the guidance is green, ~0.5 s apart (spec: 3 frontal captures). */
const AUTO_CAPTURES = FACE_LIMITS.minCaptures;
const AUTO_GAP_MS = 500;

const TONES: Record<EnrolGuidance, GuideTone> = {
  noFace: 'warn',
  multiple: 'warn',
  closer: 'warn',
  centre: 'warn',
  dark: 'warn',
  bright: 'warn',
  straight: 'warn',
  still: 'idle',
  ok: 'ok',
};

/**
 * The camera with the oval guide and live guidance (Human in the browser), automatic and manual
 * captures, thumbnails. `failed` marks the capture the server refused (errors[].path 'image[i]').
 */
export function CaptureStep({
  captures,
  onAdd,
  onRemove,
  error,
  failed,
  onSubmit,
  uploading,
  onCancel,
}: {
  captures: Capture[];
  onAdd: (blob: Blob) => void;
  onRemove: (index: number) => void;
  error: string | null;
  failed: number | null;
  onSubmit: () => void;
  uploading: boolean;
  onCancel: () => void;
}) {
  const { t } = useTranslation(['dashboard', 'common']);
  const { videoRef, state, restart } = useCamera(true);
  const ready = state.status === 'ready';
  const watch = useFaceWatch(videoRef, ready);
  const [busy, setBusy] = useState(false);
  const lastAt = useRef(0);
  const count = captures.length;

  /** `frame`: the snapshot a look judged 'ok' (automatic captures); the camera's current frame for the button. */
  const capture = useCallback(
    async (frame?: HTMLCanvasElement | null) => {
      const video = videoRef.current;
      if (!video || busy) return;
      setBusy(true);
      try {
        onAdd(await captureJpeg(frame ?? video));
        lastAt.current = Date.now();
      } catch {
        // A frame that could not be drawn: the next look tries again.
      } finally {
        setBusy(false);
      }
    },
    [busy, onAdd, videoRef],
  );

  const look = watch.look;
  const video = videoRef.current;
  const guidance = look ? enrolGuidance(look.faces, look.previous, video?.videoWidth || undefined, video?.videoHeight || undefined) : null;
  // Every new look is a chance to capture (the same guidance twice in a row still needs a new frame): its own frame.
  useEffect(() => {
    if (guidance === 'ok' && count < AUTO_CAPTURES && !busy && !uploading && Date.now() - lastAt.current >= AUTO_GAP_MS) void capture(look?.frame);
  }, [look, guidance, count, busy, uploading, capture]);

  let message: string;
  let tone: GuideTone = 'idle';
  if (watch.status === 'loading') message = t('common:camera.guide.loading');
  else if (watch.status === 'unavailable') message = t('common:camera.guide.unavailable');
  else if (!guidance) message = t('common:camera.guide.loading');
  else {
    message = count >= AUTO_CAPTURES && guidance === 'ok' ? t('faceRegister.capture.enough') : t(`common:camera.guide.${guidance}`);
    tone = TONES[guidance];
  }

  return (
    <Stack gap="md">
      <CameraView videoRef={videoRef} state={state} tone={tone} message={message} onRetry={restart} />
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text size="sm" c="dimmed" aria-live="polite">
          {t('faceRegister.capture.count', { count, min: FACE_LIMITS.minCaptures, max: FACE_LIMITS.maxCaptures })}
        </Text>
        <Button
          variant="light"
          leftSection={<IconCamera size={16} />}
          onClick={() => void capture()}
          disabled={!ready || uploading || count >= FACE_LIMITS.maxCaptures}
          loading={busy}
        >
          {t('faceRegister.capture.manual')}
        </Button>
      </Group>
      {count > 0 && (
        <SimpleGrid cols={5} spacing="xs">
          {captures.map((c, i) => (
            <Box key={c.url} pos="relative" data-testid="face-capture" data-failed={failed === i || undefined}>
              <Image
                src={c.url}
                alt={t('faceRegister.capture.thumb', { n: i + 1 })}
                radius="sm"
                style={{ transform: 'scaleX(-1)', outline: failed === i ? '3px solid var(--mantine-color-red-6)' : undefined }}
              />
              <ActionIcon
                size="sm"
                radius="xl"
                color="dark"
                variant="filled"
                pos="absolute"
                top={4}
                right={4}
                onClick={() => onRemove(i)}
                disabled={uploading}
                aria-label={t('faceRegister.capture.remove', { n: i + 1 })}
              >
                <IconX size={12} />
              </ActionIcon>
            </Box>
          ))}
        </SimpleGrid>
      )}
      {uploading && (
        <Text size="sm" c="dimmed" role="status">
          {t('faceRegister.uploading')}
        </Text>
      )}
      {error && !uploading && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
          <Text size="sm">{error}</Text>
          {failed !== null && (
            <Text size="xs" mt={4} c="dimmed">
              {t('faceRegister.capture.failedHint', { n: failed + 1 })}
            </Text>
          )}
        </Alert>
      )}
      <Group justify="space-between">
        <Button variant="default" onClick={onCancel}>
          {t('faceRegister.cancel')}
        </Button>
        <Button onClick={onSubmit} disabled={count < FACE_LIMITS.minCaptures} loading={uploading} leftSection={error ? <IconRefresh size={16} /> : undefined}>
          {error ? t('faceRegister.retry') : t('faceRegister.submit')}
        </Button>
      </Group>
    </Stack>
  );
}
