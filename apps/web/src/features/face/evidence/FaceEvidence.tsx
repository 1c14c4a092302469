import { Badge, Group, Stack, Table, Text } from '@mantine/core';
import { type FaceEvidence as Evidence, faceEvidence } from '@presente/shared';
import { IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

const n3 = (v: number) => v.toFixed(3);
/** Whole minutes from an offline punch's capture (its time, shown beside it) to its upload. */
const sentAfterMinutes = (o: { capturedAt?: string; uploadedAt?: string }) =>
  o.capturedAt && o.uploadedAt ? Math.max(0, Math.round((Date.parse(o.uploadedAt) - Date.parse(o.capturedAt)) / 60_000)) : 0;
const PARTS = ['checkIn', 'checkOut'] as const;

/** One punch's evidence (check-in or check-out): match, liveness with each frame, position, link. */
function Punch({ part, e }: { part: (typeof PARTS)[number]; e: Evidence }) {
  const { t } = useTranslation('dashboard');
  const x = (key: string, opts?: Record<string, unknown>) => t(`faceEvidence.${key}`, opts);
  const live = e.liveness;
  const frames = live?.frames ?? [];
  const facts: string[] = [];
  if (e.distance !== undefined) facts.push(x('distance', { value: n3(e.distance), threshold: e.threshold !== undefined ? e.threshold.toFixed(2) : '–' }));
  if (e.runnerUp !== undefined) facts.push(e.runnerUp === null ? x('noRunnerUp') : x('runnerUp', { value: n3(e.runnerUp) }));
  if (live?.spoofScore != null) facts.push(x('spoofScore', { value: n3(live.spoofScore) }));
  const light = e.screenLight;
  if (light?.face) facts.push(x('screenLight', { corr: light.face.corr.toFixed(2), contrast: light.contrast != null ? light.contrast.toFixed(2) : '–' }));
  const offline = e.offline;
  const place = e.location
    ? [
        x('position', { lat: e.location.latitude.toFixed(6), lng: e.location.longitude.toFixed(6) }),
        e.location.accuracy != null ? x('accuracy', { metres: Math.round(e.location.accuracy) }) : null,
        e.location.distance != null ? x('fromSite', { metres: Math.round(e.location.distance) }) : null,
      ]
        .filter(Boolean)
        .join(' · ')
    : x('noPosition');
  return (
    <Stack gap={4} data-testid={`face-evidence-${part}`}>
      <Group gap="xs">
        <Text size="xs" fw={700}>
          {t(part === 'checkIn' ? 'attendance.modal.evidenceCheckIn' : 'attendance.modal.evidenceCheckOut')}
        </Text>
        {live?.passed !== undefined && (
          <Badge
            size="xs"
            variant="light"
            color={live.passed ? 'teal' : 'red'}
            leftSection={live.passed ? <IconCircleCheck size={11} /> : <IconCircleX size={11} />}
            style={{ textTransform: 'none' }}
          >
            {live.passed ? x('livenessOk') : x('livenessFailed')}
          </Badge>
        )}
      </Group>
      {offline?.capturedAt && (
        <Text size="xs" c="orange.9" data-testid={`face-evidence-${part}-offline`}>
          {x('offline', { count: sentAfterMinutes(offline) })}
        </Text>
      )}
      {facts.length > 0 && (
        <Text size="xs" c="dimmed">
          {facts.join(' · ')}
        </Text>
      )}
      {frames.length > 0 && (
        <Table fz="xs" verticalSpacing={2} horizontalSpacing={6} withRowBorders={false} aria-label={x('framesTable')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{x('frame')}</Table.Th>
              <Table.Th>{x('pose')}</Table.Th>
              <Table.Th>{x('yaw')}</Table.Th>
              <Table.Th>{x('antispoof')}</Table.Th>
              <Table.Th>{x('live')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {frames.map((f, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: frames are a fixed, ordered list
              <Table.Tr key={i}>
                <Table.Td>{i + 1}</Table.Td>
                <Table.Td>{f.pose ? x(`poses.${f.pose}`) : '–'}</Table.Td>
                <Table.Td>{f.yaw !== undefined ? `${Math.round(f.yaw)}°` : '–'}</Table.Td>
                <Table.Td>{f.antispoof !== undefined ? f.antispoof.toFixed(2) : '–'}</Table.Td>
                <Table.Td>{f.live !== undefined ? f.live.toFixed(2) : '–'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Text size="xs" c="dimmed">
        {place}
      </Text>
      <Text size="xs" c="dimmed">
        {[e.linkName ? x('link', { name: e.linkName }) : e.linkId ? x('linkDeleted') : null, e.ip ? x('ip', { ip: e.ip }) : null].filter(Boolean).join(' · ')}
      </Text>
    </Stack>
  );
}

/**
 * The evidence of a face punch for the admin (calendar day modal): best distance against the company's
 * threshold, the runner-up, the liveness result with each frame's pose and scores, GPS position and accuracy,
 * the link. Unknown or missing fields (older records) are simply left out.
 */
export function FaceEvidence({ evidence }: { evidence: Record<string, unknown> }) {
  const { t } = useTranslation('dashboard');
  const parts = PARTS.map((part) => ({ part, parsed: faceEvidence.safeParse(evidence[part]) })).filter(
    (p): p is { part: (typeof PARTS)[number]; parsed: { success: true; data: Evidence } } => p.parsed.success && evidence[p.part] != null,
  );
  if (!parts.length) return null;
  return (
    <Stack gap={6} data-testid="face-evidence">
      <Text size="xs" fw={700}>
        {t('faceEvidence.title')}
      </Text>
      {parts.map(({ part, parsed }) => (
        <Punch key={part} part={part} e={parsed.data} />
      ))}
    </Stack>
  );
}
