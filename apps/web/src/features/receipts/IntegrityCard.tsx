import { Alert, Button, Code, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertTriangle, IconShieldCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../components/DayInput';
import { errorMessage } from '../../lib/messages';
import { useIntegrity, useReceiptLookup } from './api';
import { ReceiptItem } from './ReceiptsCard';

/**
 * The admin's "Integridad del registro" (decisions 0038, 0053): the hash chain's state (intact, or the first broken
 * link) and a field that resolves a worker's receipt code to the punch, within this company only.
 */
export function IntegrityCard() {
  const { t } = useTranslation('common');
  const integrity = useIntegrity();
  const lookup = useReceiptLookup();
  const [code, setCode] = useState('');
  const state = integrity.data;
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="integrity-title">
      <Stack gap="sm">
        <Title order={2} fz="md" id="integrity-title">
          {t('receipts.integrityTitle')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('receipts.integrityIntro')}
        </Text>
        {integrity.isError && <Alert color="red">{errorMessage(t, integrity.error, t('receipts.integrityError'))}</Alert>}
        {state?.ok && (
          <Alert color="teal" icon={<IconShieldCheck size={18} />} data-testid="integrity-state">
            {t('receipts.integrityOk', { entries: state.entries })}
          </Alert>
        )}
        {state && !state.ok && state.broken && (
          <Alert color="red" icon={<IconAlertTriangle size={18} />} data-testid="integrity-state">
            {t('receipts.integrityBroken', {
              seq: state.broken.seq ?? '—',
              date: formatDay(state.broken.date),
              reason: t(`receipts.reason_${state.broken.reason}`),
            })}
          </Alert>
        )}
        {state && (
          <Text size="xs" c="dimmed">
            {t('receipts.headHash')}: <Code>{state.headHash}</Code>
          </Text>
        )}
        <Group>
          <Button variant="default" size="xs" onClick={() => integrity.refetch()} loading={integrity.isFetching}>
            {t('receipts.recheck')}
          </Button>
        </Group>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (code.trim()) lookup.mutate(code);
          }}
        >
          <Group align="flex-end" gap="xs">
            <TextInput
              label={t('receipts.lookupLabel')}
              placeholder={t('receipts.lookupPlaceholder')}
              value={code}
              onChange={(e) => setCode(e.currentTarget.value)}
              maxLength={40}
              ff="monospace"
              error={lookup.isError ? errorMessage(t, lookup.error, t('receipts.lookupError')) : undefined}
            />
            <Button type="submit" loading={lookup.isPending}>
              {t('receipts.lookup')}
            </Button>
          </Group>
        </form>
        {lookup.data && (
          <Stack gap={4} data-testid="receipt-found">
            <Text size="sm" fw={600}>
              {t('receipts.found', { name: lookup.data.employeeName })}
            </Text>
            <ReceiptItem receipt={lookup.data} />
            <Text size="sm" c={lookup.data.chainMatches ? 'teal' : 'red'}>
              {lookup.data.chainMatches ? t('receipts.chainMatches') : t('receipts.chainMismatch')}
            </Text>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
