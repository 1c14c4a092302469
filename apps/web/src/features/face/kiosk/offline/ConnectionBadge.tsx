import { Badge } from '@mantine/core';
import { IconWifi, IconWifiOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The kiosk's connection state in its header (decision 0045): online, or offline (no network or no answer from the server). */
export function ConnectionBadge({ online }: { online: boolean }) {
  const { t } = useTranslation('employee');
  return (
    <Badge
      data-testid="kiosk-connection"
      data-state={online ? 'online' : 'offline'}
      role="status"
      size="md"
      variant="light"
      // Never cut to "SIN CONEXI…" on a phone's header: the logo's word gives way first.
      style={{ flexShrink: 0 }}
      color={online ? 'teal' : 'red'}
      leftSection={online ? <IconWifi size={16} aria-hidden /> : <IconWifiOff size={16} aria-hidden />}
    >
      {t(online ? 'kiosk.connection.online' : 'kiosk.connection.offline')}
    </Badge>
  );
}
