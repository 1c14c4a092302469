import { Badge, Box, Button, Center, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { type ChallengeStep, type KioskMarkResult, STEP_PROMPT } from '@presente/shared';
import {
  IconAlertCircle,
  IconArrowDown,
  IconArrowLeft,
  IconArrowRight,
  IconArrowUp,
  IconCircleCheck,
  IconEyeClosed,
  IconFocusCentered,
  IconLinkOff,
  IconMoodSmile,
  IconMoodSurprised,
  IconRefresh,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { BrandLogo } from '../../../components/BrandLogo';
import { translateMessage } from '../../../lib/messages';
import { statusColor } from '../../attendance/status';
import { statusLabel } from '../../employee-area/format';

// The preview is mirrored: a turn to the person's own left moves their face to the screen's left.
const STEP_ICON: Record<ChallengeStep, typeof IconFocusCentered> = {
  straight: IconFocusCentered,
  left: IconArrowLeft,
  right: IconArrowRight,
  up: IconArrowUp,
  down: IconArrowDown,
  blink: IconEyeClosed,
  smile: IconMoodSmile,
  mouth: IconMoodSurprised,
};

/**
 * What the screen asks now, drawn over the camera with its icon: a step of the challenge ("Paso 2 de 3"), or the
 * front before and between the steps (`index` -1: no count). Words from the shared catalogue (`face.step.*`).
 */
export function StepOverlay({ step, index, total }: { step: ChallengeStep; index: number; total: number }) {
  const { t } = useTranslation('common');
  const Icon = STEP_ICON[step];
  return (
    <Center pos={{ base: 'static', sm: 'absolute' }} top={12} left={0} right={0} mt={{ base: 6, sm: 0 }} style={{ pointerEvents: 'none' }}>
      <Paper radius="xl" px="md" py={8} bg="rgba(20,24,60,0.82)" data-testid="kiosk-step" data-step={step}>
        <Stack gap={2} align="center">
          <Box c="white" style={{ display: 'flex', alignItems: 'center', gap: 10 }}>
            <Icon size={30} stroke={2.4} aria-hidden />
            <Text c="white" fw={700} fz={{ base: 'lg', sm: 'xl' }} role="status" aria-live="assertive">
              {translateMessage(t, STEP_PROMPT[step])}
            </Text>
          </Box>
          {index >= 0 && (
            <Text c="gray.4" size="xs">
              {t('kiosk.stepOf', { n: index + 1, total })}
            </Text>
          )}
        </Stack>
      </Paper>
    </Center>
  );
}

/** Who was marked, when, and how (spec: 'Entrada registrada' / 'Salida registrada', status label). */
export function ResultPanel({ result, onDone }: { result: KioskMarkResult; onDone: () => void }) {
  const { t } = useTranslation(['common', 'employee']);
  return (
    <Paper withBorder radius="lg" p="xl" bg="teal.0" data-testid="kiosk-result" role="status">
      <Stack align="center" gap="xs">
        <ThemeIcon size={64} radius="xl" color="teal">
          <IconCircleCheck size={40} />
        </ThemeIcon>
        <Title order={2} ta="center" fz={{ base: 22, sm: 28 }}>
          {t(result.action === 'check_in' ? 'kiosk.result.checkIn' : 'kiosk.result.checkOut')}
        </Title>
        <Text fz={{ base: 'lg', sm: 22 }} fw={700} ta="center">
          {result.employee.name}
        </Text>
        <Text fz={36} fw={800} c="teal.8" style={{ fontVariantNumeric: 'tabular-nums' }}>
          {result.localTime}
        </Text>
        <Badge size="lg" variant="light" color={statusColor(result.status)} style={{ textTransform: 'none' }}>
          {statusLabel(t, result.status)}
        </Badge>
        {result.repeated && (
          <Text size="sm" c="dimmed" ta="center">
            {t('kiosk.result.repeated')}
          </Text>
        )}
        <Button variant="subtle" color="teal" mt="xs" onClick={onDone}>
          {t('kiosk.next')}
        </Button>
      </Stack>
    </Paper>
  );
}

/** A refusal with the server's message, an optional hint on what to do, and a retry. */
export function RefusalPanel({ message, hint, onRetry }: { message: string; hint?: string; onRetry: () => void }) {
  const { t } = useTranslation('common');
  return (
    <Paper withBorder radius="lg" p="lg" bg="red.0" data-testid="kiosk-refusal" role="alert">
      <Stack align="center" gap="sm">
        <ThemeIcon size={48} radius="xl" color="red" variant="light">
          <IconAlertCircle size={30} />
        </ThemeIcon>
        <Text fw={600} ta="center">
          {message}
        </Text>
        {hint && (
          <Text size="sm" ta="center" c="dark.6" data-testid="kiosk-refusal-hint">
            {hint}
          </Text>
        )}
        <Button color="red" leftSection={<IconRefresh size={16} />} onClick={onRetry}>
          {t('actions.retry')}
        </Button>
      </Stack>
    </Paper>
  );
}

/** Unknown, inactive or expired link: a clear full-page message instead of the kiosk. */
export function LinkGone({ message }: { message: string }) {
  const { t } = useTranslation('common');
  return (
    <Center mih="100dvh" p="md" bg="gray.0">
      <Paper withBorder radius="lg" p="xl" maw={480} w="100%" data-testid="kiosk-link-gone">
        <Stack align="center" gap="md" ta="center">
          <BrandLogo />
          <ThemeIcon size={64} radius="xl" color="orange" variant="light">
            <IconLinkOff size={36} />
          </ThemeIcon>
          <Title order={1} fz={22}>
            {message}
          </Title>
          <Text size="sm" c="dimmed">
            {t('kiosk.linkGoneHint')}
          </Text>
        </Stack>
      </Paper>
    </Center>
  );
}
