import { Badge, Divider, Group, Paper, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { SuperAdminDashboard } from '@presente/shared';
import { type Icon, IconApi, IconCreditCard, IconDatabase, IconFaceId, IconMail, IconServer } from '@tabler/icons-react';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';

type System = SuperAdminDashboard['system'];
type Tone = 'ok' | 'warn' | 'bad' | 'idle';

const TONE_COLOR: Record<Tone, string> = { ok: 'teal', warn: 'yellow', bad: 'red', idle: 'gray' };

interface Row {
  key: string;
  icon: Icon;
  label: string;
  value: string;
  hint?: string;
  tone: Tone;
}

function rowsOf(system: System, t: (key: string) => string): Row[] {
  const v = (key: string) => t(`superAdmin.overview.system.values.${key}`);
  const h = (key: string) => t(`superAdmin.overview.system.hints.${key}`);
  const { dataDir, mode } = system.storage;
  const dataDirHint = { writable: 'dataDirWritable', not_writable: 'dataDirNotWritable', external: 'dataDirExternal' }[dataDir];
  const faceHint = { not_loaded: 'faceNotLoaded', loading: 'faceLoading', ready: 'faceReady', error: 'faceError' }[system.faceEngine];
  const faceTone: Tone = { not_loaded: 'idle', loading: 'warn', ready: 'ok', error: 'bad' }[system.faceEngine] as Tone;
  const paymentsHint = { simulator: 'paymentsSimulator', paypal_sandbox: 'paymentsSandbox', paypal_live: 'paymentsLive', off: 'paymentsOff' }[system.payments];
  // The simulator lets anyone activate Premium for free: a warning, not a green light.
  const paymentsTone: Tone = { simulator: 'warn', paypal_sandbox: 'warn', paypal_live: 'ok', off: 'idle' }[system.payments] as Tone;
  return [
    {
      key: 'database',
      icon: IconDatabase,
      label: t('superAdmin.overview.system.database'),
      value: v(`database.${system.database}`),
      tone: system.database === 'connected' ? 'ok' : 'bad',
    },
    { key: 'api', icon: IconApi, label: t('superAdmin.overview.system.api'), value: v(`api.${system.api}`), tone: 'ok' },
    {
      key: 'storage',
      icon: IconServer,
      label: t('superAdmin.overview.system.storage'),
      value: v(`dataDir.${dataDir}`),
      hint: h(dataDirHint),
      tone: dataDir === 'not_writable' ? 'bad' : 'ok',
    },
    {
      key: 'mail',
      icon: IconMail,
      label: t('superAdmin.overview.system.mail'),
      value: v(`mail.${mode}`),
      hint: h(mode === 'smtp' ? 'mailSmtp' : 'mailOutbox'),
      tone: mode === 'smtp' ? 'ok' : 'warn',
    },
    { key: 'face', icon: IconFaceId, label: t('superAdmin.overview.system.face'), value: v(`face.${system.faceEngine}`), hint: h(faceHint), tone: faceTone },
    {
      key: 'payments',
      icon: IconCreditCard,
      label: t('superAdmin.overview.system.payments'),
      value: v(`payments.${system.payments}`),
      hint: h(paymentsHint),
      tone: paymentsTone,
    },
  ];
}

/** The system status block of the super admin overview (spec §2), with the values the API reports. */
export function SystemStatusCard({ system, loading }: { system?: System; loading: boolean }) {
  const { t } = useTranslation('dashboard');
  const rows = system ? rowsOf(system, t) : [];
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="lg">
      <Title order={2} fz="lg">
        {t('superAdmin.overview.system.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('superAdmin.overview.system.subtitle')}
      </Text>
      <Stack gap="sm" mt="md">
        {loading &&
          ['database', 'api', 'storage', 'mail', 'face', 'payments'].map((key) => (
            <Group key={key} justify="space-between" wrap="nowrap">
              <Skeleton height={16} width="40%" radius="sm" />
              <Skeleton height={20} width={90} radius="xl" />
            </Group>
          ))}
        {rows.map((row, i) => (
          <Fragment key={row.key}>
            {i > 0 && <Divider />}
            <Group justify="space-between" wrap="nowrap" align="center" gap="md">
              <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                <ThemeIcon variant="light" color={TONE_COLOR[row.tone]} size={34} radius="md" style={{ flexShrink: 0 }}>
                  <row.icon size={18} stroke={1.7} />
                </ThemeIcon>
                <div style={{ minWidth: 0 }}>
                  <Text fw={600} size="sm">
                    {row.label}
                  </Text>
                  {row.hint && (
                    <Text size="xs" c="dimmed">
                      {row.hint}
                    </Text>
                  )}
                </div>
              </Group>
              <Badge variant="light" color={TONE_COLOR[row.tone]} style={{ flexShrink: 0 }} data-testid={`system-${row.key}`}>
                {row.value}
              </Badge>
            </Group>
          </Fragment>
        ))}
      </Stack>
    </Paper>
  );
}
