import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import type { ManualChangeAnswer, ManualChangeValuesView, ManualChangeView } from '@presente/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../components/DayInput';

const ANSWER_COLOR: Record<ManualChangeAnswer, string> = { pending: 'yellow', agreed: 'teal', disputed: 'red' };

/** Pendiente / Conforme / En desacuerdo. */
export function AnswerBadge({ answer }: { answer: ManualChangeAnswer }) {
  const { t } = useTranslation('common');
  return (
    <Badge color={ANSWER_COLOR[answer]} variant="light" radius="sm">
      {t(`manualChanges.answer.${answer}`)}
    </Badge>
  );
}

function dateTime(iso: string, timezone: string): string {
  const date = new Date(iso);
  try {
    return new Intl.DateTimeFormat('en-GB', {
      timeZone: timezone,
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .format(date)
      .replace(',', '');
  } catch {
    return iso;
  }
}
const time = (iso: string | null, timezone: string) => (iso ? dateTime(iso, timezone).slice(11) : '—');

function Values({ values, timezone }: { values: ManualChangeValuesView; timezone: string }) {
  const { t } = useTranslation('common');
  if (values.isPermission && !values.checkIn) return <>{t('manualChanges.permission')}</>;
  return (
    <>
      {time(values.checkIn, timezone)} – {time(values.checkOut, timezone)}
      {values.isPermission ? ` (${t('manualChanges.permission')})` : ''}
    </>
  );
}

/** One manual change: what was done to which day, by whom, when and why, the values before and after, the answer. */
export function ManualChangeItem({ change, timezone, children }: { change: ManualChangeView; timezone: string; children?: ReactNode }) {
  const { t } = useTranslation('common');
  const c = change;
  return (
    <Paper withBorder radius="md" p="sm" component="article" aria-label={`${t(`manualChanges.action.${c.action}`)} ${formatDay(c.date)}`}>
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text fw={600} size="sm">
            {t(`manualChanges.action.${c.action}`)} · {formatDay(c.date)}
          </Text>
          <AnswerBadge answer={c.answer} />
        </Group>
        <Text size="sm" c="dimmed">
          {t('manualChanges.by', { author: c.authorName || '?', when: dateTime(c.createdAt, timezone) })}
        </Text>
        <Text size="sm">
          <Text span fw={600}>
            {t('manualChanges.reason')}:
          </Text>{' '}
          {c.reason || t('manualChanges.noReason')}
        </Text>
        {(c.previous || c.next) && (
          <Text size="sm">
            {c.previous && (
              <>
                <Text span c="dimmed">
                  {t('manualChanges.before')}:
                </Text>{' '}
                <Values values={c.previous} timezone={timezone} />
                {c.next ? ' → ' : ''}
              </>
            )}
            {c.next && (
              <>
                <Text span c="dimmed">
                  {t('manualChanges.after')}:
                </Text>{' '}
                <Values values={c.next} timezone={timezone} />
              </>
            )}
          </Text>
        )}
        {c.answeredAt && (
          <Text size="sm" c="dimmed">
            {t('manualChanges.answeredAt', { when: dateTime(c.answeredAt, timezone) })}
            {c.answerComment ? `: “${c.answerComment}”` : ''}
          </Text>
        )}
        {children}
      </Stack>
    </Paper>
  );
}
