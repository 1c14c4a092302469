import { Alert, Button, Loader, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconFaceId, IconInfoCircle, IconLogin2, IconLogout2, IconMapPin, IconMapPinOff } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../lib/messages';
import { serverNow } from '../serverClock';
import type { TodayAttendance } from '../types';
import { ConfirmCheckOut } from './ConfirmCheckOut';
import { type CheckOutPreview, checkOutPreview } from './checkOutPreview';
import { type GeoPermission, useGeoPermission } from './geolocation';
import { type PunchTransport, usePunch } from './usePunch';

function LocationHint({ permission }: { permission: GeoPermission }) {
  const { t } = useTranslation('employee');
  const w = (key: string) => t(`employeeArea.attendance.location.${key}`);
  if (permission === 'denied' || permission === 'unsupported') {
    return (
      <Alert color="red" variant="light" icon={<IconMapPinOff size={18} />} title={w(`${permission}Title`)}>
        {w(`${permission}Body`)}
      </Alert>
    );
  }
  return (
    <Alert color="blue" variant="light" icon={<IconMapPin size={18} />} title={w('requiredTitle')}>
      {w(permission === 'granted' ? 'requiredGranted' : 'requiredBody')}
    </Alert>
  );
}

/**
 * The day flow (spec §4): no check-in → 'Registrar Entrada'; check-in without check-out → 'Registrar
 * Salida'; both → 'Jornada Completada'. 'Solo Facial' schedules get no button but the way to mark.
 */
export function DayFlow({ today, transport = 'auto' }: { today: TodayAttendance; transport?: PunchTransport }) {
  const { t } = useTranslation(['employee', 'common']);
  const { punch, pending, error } = usePunch({ requiresLocation: today.requiresLocation, transport });
  const permission = useGeoPermission();
  const w = (key: string, values?: Record<string, unknown>) => t(`employeeArea.attendance.${key}`, values);
  const record = today.record;
  const [confirming, setConfirming] = useState<(CheckOutPreview & { at: Date }) | null>(null);
  const confirmed = useRef(false);

  if (!today.manualAllowed) {
    return (
      <Alert color="indigo" variant="light" icon={<IconFaceId size={20} />} title={w('faceOnly.title')}>
        {w('faceOnly.body')}
      </Alert>
    );
  }
  if (today.completed) {
    return (
      <Paper p="md" radius="lg" bg="teal.0" style={{ border: '1px solid var(--mantine-color-teal-2)' }}>
        <Stack gap={4} align="center">
          <ThemeIcon color="teal" variant="light" size={44} radius="xl">
            <IconCircleCheck size={26} />
          </ThemeIcon>
          <Text fw={700} size="lg" c="teal.8">
            {w('completed')}
          </Text>
          <Text size="sm" c="dimmed" ta="center">
            {w('completedHint')}
          </Text>
        </Stack>
      </Paper>
    );
  }
  if (record?.isPermission) {
    return (
      <Alert color="violet" variant="light" icon={<IconInfoCircle size={18} />}>
        {translateMessage(t, 'attendance.permissionDay')}
      </Alert>
    );
  }
  if (record?.checkIn && !record.checkOut && record.incomplete) {
    return (
      <Alert color="yellow" variant="light" icon={<IconAlertCircle size={18} />}>
        {translateMessage(t, 'attendance.closedIncomplete')}
      </Alert>
    );
  }

  const kind = record?.checkIn ? 'check_out' : 'check_in';
  const allowed = kind === 'check_in' ? today.canCheckIn : today.canCheckOut;
  const label = kind === 'check_in' ? w('checkIn') : w('checkOut');
  const busyLabel = pending?.stage === 'locating' ? w('locating') : pending?.stage === 'queued' ? w('queued', { seconds: pending.seconds }) : w('sending');
  const Icon = kind === 'check_in' ? IconLogin2 : IconLogout2;

  // A check-out before the shift's end or within the first hour asks first, naming the hours (decision 0024).
  const start = () => {
    if (kind === 'check_out' && record) {
      const at = serverNow();
      const preview = checkOutPreview(record, today.schedule, today.date, today.timezone, at);
      if (preview.confirm) {
        setConfirming({ ...preview, at });
        return;
      }
    }
    void punch(kind);
  };
  const confirmCheckOut = async () => {
    if (confirmed.current) return; // a second click while the first is on its way sends nothing
    confirmed.current = true;
    try {
      await punch('check_out');
    } finally {
      confirmed.current = false;
      setConfirming(null);
    }
  };

  return (
    <Stack gap="sm">
      {today.requiresLocation && <LocationHint permission={permission} />}
      {allowed ? (
        <Button
          size="lg"
          h={56}
          fullWidth
          color={kind === 'check_in' ? 'teal' : 'orange'}
          leftSection={pending ? <Loader size={18} color="white" /> : <Icon size={22} />}
          disabled={pending !== null}
          onClick={start}
          aria-busy={pending !== null}
        >
          {pending ? busyLabel : label}
        </Button>
      ) : (
        <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} />}>
          {translateMessage(t, 'attendance.employeeInactive')}
        </Alert>
      )}
      {error && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
          {error}
        </Alert>
      )}
      <ConfirmCheckOut
        preview={confirming}
        timezone={today.timezone}
        sending={pending !== null}
        onConfirm={() => void confirmCheckOut()}
        onCancel={() => setConfirming(null)}
      />
    </Stack>
  );
}
