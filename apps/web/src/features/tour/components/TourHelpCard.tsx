import { Badge, Button, Card, Group, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBook2, IconCircleCheck, IconHelpCircle, IconPlayerPlay, IconRefresh, IconRepeat } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { useCompanyConfig } from '../../auth/CompanyConfigContext';
import { useResetTour, useTourStatus } from '../api';
import { useGuidedTour } from '../useGuidedTour';
import { HelpGuideModal } from './HelpGuideModal';

/** dd/mm/yyyy HH:mm in the company's timezone (spec §9), or null for a bad date. */
export function formatDayTime(iso: string, timezone: string): string | null {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  const opts: Intl.DateTimeFormatOptions = { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-GB', { ...opts, timeZone: timezone }).formatToParts(date);
  } catch {
    parts = new Intl.DateTimeFormat('en-GB', { ...opts, timeZone: 'UTC' }).formatToParts(date);
  }
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')}/${part('month')}/${part('year')} ${part('hour')}:${part('minute')}`;
}

/** Settings card "help": the guided tour (start, watch again, reset, completed flag and date) and the user guide. */
export function TourHelpCard() {
  const { t } = useTranslation(['dashboard', 'common']);
  const { timezone } = useCompanyConfig();
  const status = useTourStatus();
  const reset = useResetTour();
  const start = useGuidedTour();
  const [guideOpened, setGuideOpened] = useState(false);
  const completed = status.data?.hasCompletedTour ?? false;
  const completedAt = status.data?.tourCompletedAt ? formatDayTime(status.data.tourCompletedAt, timezone) : null;

  const onReset = () =>
    reset.mutate(undefined, {
      onSuccess: (result) => (result ? notify.success(t('dashboard:tour.card.resetDone')) : notify.error(t('dashboard:tour.card.resetError'))),
    });

  return (
    <Card withBorder padding="lg" h="100%">
      <Group gap="sm" mb="md" wrap="nowrap" align="flex-start">
        <ThemeIcon variant="light" size={40} radius="md" color="grape">
          <IconHelpCircle size={22} />
        </ThemeIcon>
        <div>
          <Title order={2} fz="lg">
            {t('dashboard:tour.card.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('dashboard:tour.card.description')}
          </Text>
        </div>
      </Group>
      <Stack gap="md">
        {status.isPending ? (
          <Skeleton h={26} w={200} />
        ) : (
          <Group gap="xs">
            <Badge
              size="lg"
              variant="light"
              color={completed ? 'teal' : 'gray'}
              leftSection={completed ? <IconCircleCheck size={14} /> : undefined}
              style={{ textTransform: 'none' }}
            >
              {completed ? t('dashboard:tour.card.completed') : t('dashboard:tour.card.pending')}
            </Badge>
            <Text size="sm" c="dimmed">
              {completed
                ? completedAt
                  ? t('dashboard:tour.card.completedAt', { date: completedAt })
                  : t('common:display.notAvailable')
                : t('dashboard:tour.card.pendingHint')}
            </Text>
          </Group>
        )}
        <Group gap="sm">
          <Button leftSection={completed ? <IconRepeat size={16} /> : <IconPlayerPlay size={16} />} onClick={() => start()}>
            {completed ? t('dashboard:tour.card.watchAgain') : t('dashboard:tour.card.start')}
          </Button>
          <Button variant="default" leftSection={<IconRefresh size={16} />} onClick={onReset} loading={reset.isPending} disabled={!completed}>
            {t('dashboard:tour.card.reset')}
          </Button>
          <Button variant="light" leftSection={<IconBook2 size={16} />} onClick={() => setGuideOpened(true)}>
            {t('dashboard:tour.card.docs')}
          </Button>
        </Group>
      </Stack>
      <HelpGuideModal opened={guideOpened} onClose={() => setGuideOpened(false)} />
    </Card>
  );
}
