import { Alert, Button, Center, Group, Paper, Stack, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
import { IconDeviceDesktopCheck, IconInfoCircle } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BrandLogo } from '../../../components/BrandLogo';
import { LanguageSwitch } from '../../../components/LanguageSwitch';
import { errorMessage } from '../../../lib/messages';
import { type KioskPairing, pairThisBrowser } from './pairing';

/** The code the admin's QR carries in the address (#pair=ABCD-EFGH), read once. */
export function codeFromAddress(): string {
  const match = /(?:^|[#&])pair=([\w-]{4,20})/.exec(window.location.hash);
  return match ? decodeURIComponent(match[1]) : '';
}

/**
 * The kiosk page on a browser that is not a paired kiosk of the link's company (decision 0033): the one-time code
 * from Configuración → Vincular kiosco (typed, or filled in by the QR the admin shows), then the usual kiosk.
 */
export function KioskPairingPanel({
  companyName,
  linkName,
  state,
  onPaired,
}: {
  companyName: string;
  linkName: string;
  state: 'unpaired' | 'revoked';
  onPaired: (pairing: KioskPairing) => void;
}) {
  const { t } = useTranslation('common');
  const [code, setCode] = useState(codeFromAddress);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const secure = typeof crypto !== 'undefined' && !!crypto.subtle;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!code.trim()) return setError(t('kioskPairing.codeRequired'));
    setBusy(true);
    setError(null);
    try {
      const pairing = await pairThisBrowser(code.trim());
      if (window.location.hash) history.replaceState(null, '', window.location.pathname + window.location.search);
      onPaired(pairing);
    } catch (err) {
      setError(errorMessage(t, err, t('kioskPairing.error')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Center component="main" mih="100dvh" p="md" bg="linear-gradient(160deg, var(--mantine-color-indigo-0), var(--mantine-color-gray-0))">
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} maw={480} w="100%" data-testid="kiosk-pairing">
        <Stack gap="md">
          <Group justify="space-between" wrap="nowrap">
            <BrandLogo size="sm" />
            <LanguageSwitch size="xs" />
          </Group>
          <Stack align="center" gap={6} ta="center">
            <ThemeIcon size={60} radius="xl" variant="light" color="indigo">
              <IconDeviceDesktopCheck size={32} />
            </ThemeIcon>
            <Title order={1} fz={{ base: 21, sm: 24 }}>
              {t('kioskPairing.title')}
            </Title>
            <Text fw={600}>
              {companyName} · {linkName}
            </Text>
          </Stack>
          <Alert color={state === 'revoked' ? 'orange' : 'indigo'} variant="light" icon={<IconInfoCircle size={18} />} data-testid="kiosk-pairing-reason">
            {t(state === 'revoked' ? 'kioskPairing.revoked' : 'kioskPairing.unpaired')}
          </Alert>
          {!secure ? (
            <Alert color="red" variant="light">
              {t('kioskPairing.unsupported')}
            </Alert>
          ) : (
            <form onSubmit={submit} noValidate>
              <Stack gap="sm">
                <TextInput
                  label={t('kioskPairing.codeLabel')}
                  description={t('kioskPairing.codeHint')}
                  placeholder="ABCD-EFGH"
                  value={code}
                  onChange={(e) => setCode(e.currentTarget.value.toUpperCase())}
                  error={error}
                  autoComplete="off"
                  autoCapitalize="characters"
                  size="lg"
                  styles={{ input: { fontFamily: 'ui-monospace, monospace', letterSpacing: 3, textAlign: 'center' } }}
                  data-testid="kiosk-pairing-code"
                />
                <Button type="submit" size="lg" loading={busy} fullWidth>
                  {t('kioskPairing.submit')}
                </Button>
              </Stack>
            </form>
          )}
          <Text size="xs" c="dimmed" ta="center">
            {t('kioskPairing.footnote')}
          </Text>
        </Stack>
      </Paper>
    </Center>
  );
}
