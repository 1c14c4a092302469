import { Alert, Button, Card, Group, Skeleton, Slider, Stack, Switch, Text, ThemeIcon, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { FACE_FALSE_MATCH, FACE_FALSE_MATCH_PROBES, FACE_MATCH_THRESHOLD, type FaceSettings } from '@presente/shared';
import { IconAlertTriangle, IconDeviceFloppy, IconFaceId } from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/messages';
import { notify } from '../../../lib/notify';
import { useFaceSettings, useSaveFaceSettings } from '../api';

const { min, max, step } = FACE_MATCH_THRESHOLD;
const round2 = (v: number) => Math.round(v * 100) / 100;

/**
 * Settings card "Reconocimiento facial": the company's match threshold (0.45-0.55, lower = stricter; the false-match
 * rate measured at the chosen value is shown beside it, decision 0057) and the
 * opt-in to keep one enrolment photo per employee (turning it off deletes the stored photos, after a confirmation).
 */
export function FaceSettingsCard() {
  const { t } = useTranslation(['settings', 'common']);
  const query = useFaceSettings();
  const save = useSaveFaceSettings();
  const [draft, setDraft] = useState<Pick<FaceSettings, 'matchThreshold' | 'keepEnrolmentPhotos'> | null>(null);
  const f = (key: string, opts?: Record<string, unknown>) => t(`faceSettings.${key}`, opts);

  // Follow the saved values (first load, a save here or in another tab) unless the admin is changing them.
  const saved = query.data;
  const followed = useRef<FaceSettings | null>(null);
  useEffect(() => {
    if (!saved) return;
    const before = followed.current;
    followed.current = saved;
    setDraft((d) =>
      !d || !before || (d.matchThreshold === before.matchThreshold && d.keepEnrolmentPhotos === before.keepEnrolmentPhotos)
        ? { matchThreshold: saved.matchThreshold, keepEnrolmentPhotos: saved.keepEnrolmentPhotos }
        : d,
    );
  }, [saved]);

  const changed = !!saved && !!draft && (draft.matchThreshold !== saved.matchThreshold || draft.keepEnrolmentPhotos !== saved.keepEnrolmentPhotos);
  const send = () => {
    if (!draft) return;
    save.mutate(draft, {
      onSuccess: ({ message }) => notify.success(message ?? f('saved')),
      onError: (error) => notify.error(errorMessage(t, error, f('error'))),
    });
  };
  const submit = () => {
    if (!saved || !draft) return;
    if (saved.keepEnrolmentPhotos && !draft.keepEnrolmentPhotos && saved.storedPhotos > 0) {
      modals.openConfirmModal({
        title: f('photos.offTitle'),
        centered: true,
        children: <Text size="sm">{f('photos.offQuestion', { count: saved.storedPhotos })}</Text>,
        labels: { confirm: f('photos.offConfirm'), cancel: f('cancel') },
        confirmProps: { color: 'red' },
        onConfirm: send,
      });
      return;
    }
    send();
  };

  let body: ReactNode;
  if (query.isPending || (!draft && !query.isError)) body = <Skeleton h={150} />;
  else if (query.isError || !draft)
    body = (
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title={f('loadError')}>
        <Button mt="xs" size="xs" variant="white" color="red" onClick={() => void query.refetch()}>
          {t('common:actions.retry')}
        </Button>
      </Alert>
    );
  else
    body = (
      <Stack gap="lg">
        <Stack gap={6}>
          <Group justify="space-between" gap="xs">
            <Text fw={600} id="face-threshold-label">
              {f('threshold.label')}
            </Text>
            <Text fw={700} ff="monospace" data-testid="face-threshold-value">
              {draft.matchThreshold.toFixed(2)}
            </Text>
          </Group>
          <Slider
            min={min}
            max={max}
            step={step}
            precision={2}
            value={draft.matchThreshold}
            onChange={(v) => setDraft({ ...draft, matchThreshold: round2(v) })}
            label={(v) => v.toFixed(2)}
            thumbLabel={f('threshold.label')}
            marks={[
              { value: min, label: f('threshold.strict') },
              // The range now ends at the recommended value (decision 0057): one mark there, not two on top of each other.
              { value: FACE_MATCH_THRESHOLD.default, label: f('threshold.recommended') },
              ...(max > FACE_MATCH_THRESHOLD.default ? [{ value: max, label: f('threshold.tolerant') }] : []),
            ]}
            // Room for the end marks' labels, which are centred on the track's ends.
            mx={44}
            mb="lg"
          />
          <Text size="sm" data-testid="face-threshold-fmr">
            {f('threshold.measured', {
              rate: ((FACE_FALSE_MATCH[draft.matchThreshold.toFixed(2)]?.oneToN ?? 0) * 100).toFixed(1),
              probes: FACE_FALSE_MATCH_PROBES,
            })}
          </Text>
          <Text size="sm" c="dimmed">
            {f('threshold.explain')}
          </Text>
        </Stack>
        <Switch
          checked={draft.keepEnrolmentPhotos}
          onChange={(e) => setDraft({ ...draft, keepEnrolmentPhotos: e.currentTarget.checked })}
          label={f('photos.label')}
          description={saved?.keepEnrolmentPhotos ? f('photos.describeOn', { count: saved.storedPhotos }) : f('photos.describeOff')}
        />
        <Group>
          <Button leftSection={<IconDeviceFloppy size={16} />} onClick={submit} disabled={!changed} loading={save.isPending}>
            {f('save')}
          </Button>
        </Group>
      </Stack>
    );

  return (
    <Card withBorder padding="lg" data-testid="face-settings-card">
      <Group gap="sm" mb="md" wrap="nowrap" align="flex-start">
        <ThemeIcon variant="light" size={40} radius="md" color="grape" style={{ flexShrink: 0 }}>
          <IconFaceId size={22} />
        </ThemeIcon>
        <div>
          <Title order={2} fz="lg">
            {f('title')}
          </Title>
          <Text size="sm" c="dimmed">
            {f('description')}
          </Text>
        </div>
      </Group>
      {body}
    </Card>
  );
}
