import { Badge, Button, Group, Modal, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import type { ManualChangeView } from '@presente/shared';
import { IconCheck, IconMessageReport } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pagination } from '../../components/Pagination';
import { errorMessage, useMessage } from '../../lib/messages';
import { notify } from '../../lib/notify';
import { useCompanyConfig } from '../auth/CompanyConfigContext';
import { useAnswerManualChange, useOwnManualChanges } from './api';
import { ManualChangeItem } from './ManualChangeItem';

/** Asks for the comment a disagreement needs, then sends it. */
function DisputeModal({ change, onClose }: { change: ManualChangeView | null; onClose: () => void }) {
  const { t } = useTranslation('common');
  const message = useMessage();
  const answer = useAnswerManualChange();
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setComment('');
    setError(null);
    onClose();
  };
  const send = () => {
    if (!change) return;
    if (!comment.trim()) return setError(t('manualChanges.commentRequired'));
    answer.mutate(
      { id: change.id, answer: 'disputed', comment },
      {
        onSuccess: (msg) => {
          notify.success(message(msg) || t('manualChanges.disputed'));
          close();
        },
        onError: (err) => setError(errorMessage(t, err, t('manualChanges.answerError'))),
      },
    );
  };
  return (
    <Modal opened={change !== null} onClose={close} title={t('manualChanges.disputeTitle')} centered>
      <Stack gap="sm">
        <Text size="sm">{t('manualChanges.disputeHint')}</Text>
        <Textarea
          label={t('manualChanges.comment')}
          required
          rows={4}
          maxLength={1000}
          value={comment}
          onChange={(e) => {
            setComment(e.currentTarget.value);
            setError(null);
          }}
          error={error}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('manualChanges.cancel')}
          </Button>
          <Button color="red" onClick={send} loading={answer.isPending}>
            {t('manualChanges.sendDispute')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * The worker's manual changes (decision 0039): each time an admin created, edited or deleted one of their records
 * by hand, with author, time and reason; a pending one can be answered once, "Conforme" or "En desacuerdo" (with
 * a comment). Hidden while there is none.
 */
export function ManualChangesCard() {
  const { t } = useTranslation('common');
  const message = useMessage();
  const { timezone } = useCompanyConfig();
  const [page, setPage] = useState(1);
  const list = useOwnManualChanges(page);
  const answer = useAnswerManualChange();
  const [disputing, setDisputing] = useState<ManualChangeView | null>(null);
  if (!list.data || (list.data.changes.length === 0 && page === 1)) return null;
  const { changes, pages, pending } = list.data;
  const agree = (c: ManualChangeView) =>
    answer.mutate(
      { id: c.id, answer: 'agreed' },
      {
        onSuccess: (msg) => notify.success(message(msg) || t('manualChanges.agreed')),
        onError: (err) => notify.error(errorMessage(t, err, t('manualChanges.answerError'))),
      },
    );
  return (
    <Paper withBorder radius="lg" p="md" mb="md" component="section" aria-labelledby="manual-changes-title">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} fz="md" id="manual-changes-title">
            {t('manualChanges.title')}
          </Title>
          {pending > 0 && (
            <Badge color="yellow" variant="filled">
              {t('manualChanges.pendingCount', { count: pending })}
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          {t('manualChanges.intro')}
        </Text>
        {changes.map((c) => (
          <ManualChangeItem key={c.id} change={c} timezone={timezone}>
            {c.answer === 'pending' && (
              <Group gap="xs" mt={4}>
                <Button size="xs" color="teal" leftSection={<IconCheck size={14} />} onClick={() => agree(c)} disabled={answer.isPending}>
                  {t('manualChanges.agree')}
                </Button>
                <Button size="xs" variant="light" color="red" leftSection={<IconMessageReport size={14} />} onClick={() => setDisputing(c)}>
                  {t('manualChanges.dispute')}
                </Button>
              </Group>
            )}
          </ManualChangeItem>
        ))}
        {pages > 1 && <Pagination page={page} total={pages} onChange={setPage} disabled={list.isFetching} />}
      </Stack>
      <DisputeModal change={disputing} onClose={() => setDisputing(null)} />
    </Paper>
  );
}
