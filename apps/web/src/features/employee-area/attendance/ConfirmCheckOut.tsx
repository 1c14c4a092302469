import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconInfoCircle, IconLogout2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { displayHours, timeIn } from '../format';
import type { CheckOutPreview } from './checkOutPreview';

interface ConfirmCheckOutProps {
  /** What the check-out would record, and when it was asked; null = closed. */
  preview: (CheckOutPreview & { at: Date }) | null;
  timezone: string;
  /** The check-out request is running: the confirm button shows it and takes no second click. */
  sending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * "Registrarás tu salida a las 13:27 con 0.00 h trabajadas. ¿Confirmas?" (decision 0024): an early
 * check-out closes the day for good, so it names the time and the hours before it is sent.
 */
export function ConfirmCheckOut({ preview, timezone, sending, onConfirm, onCancel }: ConfirmCheckOutProps) {
  const { t } = useTranslation(['employee', 'common']);
  const w = (key: string, vars?: Record<string, string>) => t(`employeeArea.attendance.confirmOut.${key}`, vars);
  return (
    <Modal opened={preview !== null} onClose={() => !sending && onCancel()} title={w('title')} centered radius="lg" styles={{ title: { fontWeight: 700 } }}>
      {preview && (
        <Stack gap="md">
          <Text>{w('question', { time: timeIn(preview.at, timezone), hours: displayHours(t, preview.hours) })}</Text>
          <Alert color="orange" variant="light" icon={<IconInfoCircle size={18} />}>
            {preview.shiftEnd ? w('beforeEnd', { end: timeIn(preview.shiftEnd, timezone) }) : w('final')}
          </Alert>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onCancel} disabled={sending}>
              {w('cancel')}
            </Button>
            <Button color="orange" leftSection={<IconLogout2 size={18} />} onClick={onConfirm} loading={sending} data-autofocus>
              {w('confirm')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
