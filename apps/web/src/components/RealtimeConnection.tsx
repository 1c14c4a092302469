import { Badge, Box, Loader, Tooltip, UnstyledButton } from '@mantine/core';
import type { SessionUser, SocketTokenAnswer } from '@presente/shared';
import { IconPlugConnectedX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { authKeys } from '../features/auth/api';
import { api } from '../lib/api';
import i18n, { currentLanguage } from '../lib/i18n';
import { getRealtimeStatus, reconnectRealtime, refreshRealtimeLanguage, SERVER_DISCONNECT, startRealtime, stopRealtime } from '../lib/socket';
import { invalidateForEvent, matchesTopics, REALTIME_EVENTS, REALTIME_REFRESH, useRealtime, useRealtimeStatus } from '../lib/useRealtime';

const ALL_TOPICS = [...new Set(Object.values(REALTIME_REFRESH).flatMap((rule) => rule.topics))];
/** A blip shorter than this is not worth a warning in the header. */
const SHOW_AFTER_MS = 1500;

async function fetchSocketToken(): Promise<string> {
  return (await api.get<SocketTokenAnswer['data']>('/auth/socket-token')).data.token;
}

/**
 * Keeps the realtime connection of the logged-in user open while the dashboard is mounted (closed at
 * logout), refreshes the queries each server event affects, and shows a small header indicator only
 * while the connection is lost, reconnecting or failed.
 */
export function RealtimeConnection({ user }: { user: SessionUser }) {
  const { t } = useTranslation('common');
  const queryClient = useQueryClient();
  const status = useRealtimeStatus();
  const everConnected = useRef(false);
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    if (!user.id) return;
    startRealtime({ fetchToken: fetchSocketToken, language: currentLanguage });
    const online = () => {
      if (['failed', 'disconnected'].includes(getRealtimeStatus())) reconnectRealtime();
    };
    window.addEventListener('online', online);
    i18n.on('languageChanged', refreshRealtimeLanguage);
    return () => {
      window.removeEventListener('online', online);
      i18n.off('languageChanged', refreshRealtimeLanguage);
      stopRealtime();
      everConnected.current = false;
    };
  }, [user.id]);

  useRealtime(REALTIME_EVENTS, (payload, event) => invalidateForEvent(queryClient, event, payload, authKeys.session));
  // The server drops the socket of a session that ended (logout elsewhere, deactivated, password changed):
  // re-verifying it sends a lost session to the login page instead of leaving a silent dashboard.
  useRealtime([SERVER_DISCONNECT], () => void queryClient.invalidateQueries({ queryKey: authKeys.session }));
  useRealtime(['connect'], () => {
    // Events sent while we were offline are lost: after a reconnection, refresh what is on screen.
    if (everConnected.current) void queryClient.invalidateQueries({ predicate: (query) => matchesTopics(query, ALL_TOPICS) });
    everConnected.current = true;
  });

  const troubled = status === 'disconnected' || status === 'reconnecting' || status === 'failed';
  useEffect(() => {
    if (!troubled) return setVisible(false);
    const timer = setTimeout(() => setVisible(true), SHOW_AFTER_MS);
    return () => clearTimeout(timer);
  }, [troubled]);

  if (!visible || !troubled) return null;
  const reconnecting = status === 'reconnecting';
  const label = t(`realtime.${status}`);
  return (
    <Tooltip label={reconnecting ? t('realtime.hintReconnecting') : t('realtime.hintRetry')} multiline maw={260} withArrow>
      <UnstyledButton onClick={reconnecting ? undefined : reconnectRealtime} aria-label={reconnecting ? label : `${label}. ${t('realtime.retry')}`}>
        <Badge
          variant="light"
          color={reconnecting ? 'yellow' : 'red'}
          size="lg"
          radius="sm"
          leftSection={reconnecting ? <Loader size={12} color="yellow" /> : <IconPlugConnectedX size={14} />}
          styles={{ root: { textTransform: 'none', cursor: reconnecting ? 'default' : 'pointer', overflow: 'visible' }, label: { overflow: 'visible' } }}
          data-testid="realtime-indicator"
        >
          <Box component="span" visibleFrom="sm">
            {label}
          </Box>
        </Badge>
      </UnstyledButton>
    </Tooltip>
  );
}
