import { Alert, Badge, Button, Group, List, Modal, Paper, Stack, Text, Textarea } from '@mantine/core';
import type { PunchReviewAnswer } from '@presente/shared';
import { IconAlertCircle, IconEyeCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../components/DayInput';
import { errorMessage, translateMessage } from '../../lib/messages';
import { notify } from '../../lib/notify';
import { FaceEvidence } from '../face/evidence/FaceEvidence';
import { useAnnulReview, useConfirmReview, usePunchReviewCount, usePunchReviews } from './api';

const n3 = (v: number | null) => (v === null ? '' : Number.isInteger(v) ? String(v) : v.toFixed(3));

/** One flagged punch: who, when, why, its evidence summary, and the two answers. */
function ReviewItem({ review, onAnnul }: { review: PunchReviewAnswer; onAnnul: (r: PunchReviewAnswer) => void }) {
  const { t } = useTranslation('dashboard');
  const confirm = useConfirmReview();
  const kind = t(`punchReviews.kind.${review.kind}`);
  const label = t('punchReviews.item', { name: review.employee.name, kind, date: formatDay(review.date), time: review.localTime });
  const evidence = review.evidence ? { [review.kind === 'check_in' ? 'checkIn' : 'checkOut']: review.evidence } : null;
  return (
    <Paper component="article" aria-label={label} withBorder radius="md" p="sm">
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" gap="xs">
          <div>
            <Text fw={700}>
              {review.employee.name}
              {review.employee.code ? (
                <Text span c="dimmed" size="sm">
                  {' '}
                  · {review.employee.code}
                </Text>
              ) : null}
            </Text>
            <Text size="sm">{t('punchReviews.when', { kind, date: formatDay(review.date), time: review.localTime })}</Text>
          </div>
          <Group gap="xs">
            <Button
              size="xs"
              variant="light"
              color="teal"
              loading={confirm.isPending}
              onClick={() => confirm.mutate(review.id, { onError: (err) => notify.error(errorMessage(t, err, t('punchReviews.failed'))) })}
            >
              {t('punchReviews.confirm')}
            </Button>
            <Button size="xs" variant="light" color="red" onClick={() => onAnnul(review)}>
              {t('punchReviews.annul')}
            </Button>
          </Group>
        </Group>
        <div>
          <Text size="xs" fw={700}>
            {t('punchReviews.reasons')}
          </Text>
          <List size="sm" spacing={0}>
            {review.reasons.map((r, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the reasons are a fixed list
              <List.Item key={i}>
                {translateMessage(t, `punchReview.reason.${r.code}`, { value: n3(r.value), limit: n3(r.limit), measure: r.measure ?? '' })}
              </List.Item>
            ))}
          </List>
        </div>
        {evidence && <FaceEvidence evidence={evidence} />}
        <Text size="xs" c="dimmed">
          {t('punchReviews.noFrames')}
        </Text>
      </Stack>
    </Paper>
  );
}

/** The annulment's reason, asked before the manual change is made. */
function AnnulModal({ review, onClose }: { review: PunchReviewAnswer | null; onClose: () => void }) {
  const { t } = useTranslation('dashboard');
  const annul = useAnnulReview();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setReason('');
    setError(null);
    onClose();
  };
  const submit = () => {
    if (!review) return;
    annul.mutate(
      { id: review.id, reason },
      {
        onSuccess: close,
        onError: (err) => setError(errorMessage(t, err, t('punchReviews.failed'))),
      },
    );
  };
  return (
    <Modal opened={!!review} onClose={close} title={t('punchReviews.annulTitle')} centered>
      <Stack gap="sm">
        <Text size="sm">{review?.kind === 'check_out' ? t('punchReviews.annulHintCheckOut') : t('punchReviews.annulHintCheckIn')}</Text>
        <Textarea
          label={t('punchReviews.reason')}
          placeholder={t('punchReviews.reasonPlaceholder')}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          error={error}
          required
          autosize
          minRows={2}
          maxLength={500}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('punchReviews.cancel')}
          </Button>
          <Button color="red" loading={annul.isPending} onClick={submit}>
            {t('punchReviews.annul')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * "Marcaciones por revisar" on the attendance tab (issue 17 item 8, decision 0061): the accepted kiosk punches the
 * server flagged, oldest first, each with its reasons and evidence summary, to confirm or annul. Nothing while none waits.
 */
export function PunchReviews() {
  const { t } = useTranslation('dashboard');
  const count = usePunchReviewCount().data ?? 0;
  const list = usePunchReviews(count > 0);
  const [annulling, setAnnulling] = useState<PunchReviewAnswer | null>(null);
  if (!count) return null;
  return (
    <Paper component="section" aria-labelledby="punch-reviews-title" withBorder radius="lg" p="md" id="por-revisar">
      <Stack gap="sm">
        <Group gap="xs" align="center">
          <IconEyeCheck size={20} aria-hidden="true" />
          <Text fw={700} id="punch-reviews-title">
            {t('punchReviews.title')}
          </Text>
          <Badge color="#b8410c">{t('punchReviews.badge', { count })}</Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {t('punchReviews.subtitle')}
        </Text>
        {list.isError ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            <Group justify="space-between">
              <Text size="sm">{t('punchReviews.loadError')}</Text>
              <Button size="xs" variant="light" color="red" onClick={() => list.refetch()}>
                {t('punchReviews.retry')}
              </Button>
            </Group>
          </Alert>
        ) : (
          (list.data ?? []).map((r) => <ReviewItem key={r.id} review={r} onAnnul={setAnnulling} />)
        )}
      </Stack>
      <AnnulModal review={annulling} onClose={() => setAnnulling(null)} />
    </Paper>
  );
}
