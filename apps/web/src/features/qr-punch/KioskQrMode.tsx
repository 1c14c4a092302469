import { Alert, Select, Stack, Text } from '@mantine/core';
import { type KioskQrLocationsAnswer, kioskQrSignedText, type QrDisplayCode } from '@presente/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api';
import { errorMessage } from '../../lib/messages';
import type { KioskPairing } from '../face/kiosk/pairing';
import { msUntilRefresh } from './api';
import { QrCodeDisplay } from './QrCodeDisplay';

const base = (token: string) => `/public/attendance/${encodeURIComponent(token)}`;
const STORED = 'presente-kiosk-qr-location';
const b64url = (buf: ArrayBuffer) =>
  btoa(String.fromCharCode(...new Uint8Array(buf)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

/** The code, asked with this kiosk's signature over the location and its time (decision 0044). */
async function fetchKioskCode(token: string, pairing: KioskPairing, locationId: string) {
  const at = new Date().toISOString();
  const text = kioskQrSignedText({ kioskId: pairing.kioskId, locationId, at });
  const signature = await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, pairing.keys.privateKey, new TextEncoder().encode(text));
  const res = await api.post<QrDisplayCode>(
    `${base(token)}/qr`,
    { locationId, at },
    { headers: { 'X-Kiosk-Id': pairing.kioskId, 'X-Kiosk-Signature': b64url(signature) } },
  );
  return { ...res.data, fetchedAt: Date.now() };
}

/**
 * The paired kiosk's QR display mode: the site it stands at (chosen once, kept in this browser) and its rotating
 * QR, for workers who mark from their phone where the schedule allows it.
 */
export function KioskQrMode({ token, pairing }: { token: string; pairing: KioskPairing }) {
  const { t } = useTranslation(['settings', 'common']);
  const [locationId, setLocationId] = useState<string | null>(() => localStorage.getItem(STORED));
  const locations = useQuery({
    queryKey: ['kiosk-qr-locations', token, pairing.kioskId],
    queryFn: async () => (await api.get<KioskQrLocationsAnswer['data']>(`${base(token)}/qr-locations`, { headers: { 'X-Kiosk-Id': pairing.kioskId } })).data,
  });
  const chosen = locations.data?.some((l) => l.id === locationId) ? locationId : (locations.data?.[0]?.id ?? null);
  const code = useQuery({
    queryKey: ['kiosk-qr-code', token, pairing.kioskId, chosen],
    enabled: !!chosen,
    queryFn: () => fetchKioskCode(token, pairing, chosen!),
    refetchInterval: (query) => {
      const data = query.state.data;
      return data ? Math.max(250, msUntilRefresh(data, data.fetchedAt) + 150) : 5000;
    },
    refetchIntervalInBackground: true,
    retry: true,
    retryDelay: 2000,
  });

  if (locations.isSuccess && !locations.data.length) {
    return (
      <Alert color="yellow" variant="light">
        {t('qrScreen.noLocations')}
      </Alert>
    );
  }
  return (
    <Stack align="center" gap="md">
      <Select
        label={t('qrScreen.location')}
        data={(locations.data ?? []).map((l) => ({ value: l.id, label: l.name }))}
        value={chosen}
        onChange={(value) => {
          if (!value) return;
          localStorage.setItem(STORED, value);
          setLocationId(value);
        }}
        allowDeselect={false}
        w="100%"
        maw={360}
      />
      <QrCodeDisplay code={code.data} size="min(70vmin, 420px)" />
      <Text ta="center" maw={480}>
        {t('qrScreen.instructions')}
      </Text>
      {code.isError && (
        <Text c="orange.8" size="sm" role="status">
          {errorMessage(t, code.error, t('qrScreen.offline'))}
        </Text>
      )}
    </Stack>
  );
}
