import { Badge, Group, Modal, Stack, Table, Text, ThemeIcon } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { displayDateTime } from '../format';
import type { Activity } from '../types';
import { activityTitle, DETAIL_FIELDS, type DetailField, typeInfo } from './activityTypes';
import { asRecord, CHANGE_FIELDS, detailText } from './detailValue';

function ChangesTable({
  changes,
  previous,
  timezone,
}: {
  changes: Record<string, unknown> | null;
  previous: Record<string, unknown> | null;
  timezone: string;
}) {
  const { t } = useTranslation(['employee', 'common']);
  const d = (key: string) => t(`employeeArea.activity.detail.${key}`);
  const rows = CHANGE_FIELDS.filter((f) => (changes && f in changes) || (previous && f in previous));
  if (!rows.length) return null;
  const cell = (source: Record<string, unknown> | null, field: (typeof CHANGE_FIELDS)[number]) =>
    source ? detailText(t, field, source[field], timezone) : '—';
  return (
    <Stack gap={4}>
      <Text size="sm" fw={700}>
        {d('changes')}
      </Text>
      <Table withTableBorder withColumnBorders fz="sm" verticalSpacing={6}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{d('field')}</Table.Th>
            <Table.Th>{d('previousValues')}</Table.Th>
            <Table.Th>{d('newValues')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((field) => (
            <Table.Tr key={field}>
              <Table.Td fw={600}>{d(field)}</Table.Td>
              <Table.Td>{cell(previous, field)}</Table.Td>
              <Table.Td>{cell(changes, field)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

/**
 * An activity in full (spec §2 Activity detail modal): who and when, then the details its type carries
 * (check-in/out times, date, location, hours, changes before/after, reason, status, method...).
 */
export function ActivityDetailModal({ activity, timezone, onClose }: { activity: Activity | null; timezone: string; onClose: () => void }) {
  const { t } = useTranslation(['employee', 'common']);
  const d = (key: string) => t(`employeeArea.activity.detail.${key}`);
  if (!activity) return null;

  const info = typeInfo(activity.type);
  const details = asRecord(activity.details) ?? {};
  const fields = DETAIL_FIELDS.filter((f: DetailField) => info.fields.includes(f) || (f in details && details[f] !== undefined));
  const changes = asRecord(details.changes);
  const previous = asRecord(details.previousValues);
  const description = activity.description;
  const Icon = info.icon;
  const byEmployee = info.label === 'checkIn' || info.label === 'checkOut';

  return (
    <Modal
      opened
      onClose={onClose}
      title={d('title')}
      centered
      size="lg"
      styles={{ title: { fontWeight: 700 } }}
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
    >
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon variant="light" color={info.color} size={42} radius="md" style={{ flexShrink: 0 }}>
            <Icon size={22} />
          </ThemeIcon>
          <div style={{ minWidth: 0 }}>
            <Text fw={700}>{activityTitle(t, activity)}</Text>
            <Group gap={6} mt={2}>
              <Badge variant="light" color={info.color} radius="sm" styles={{ root: { textTransform: 'none' } }}>
                {t(`employeeArea.activity.types.${info.label}`)}
              </Badge>
              <Text size="sm" c="dimmed">
                {displayDateTime(t, activity.timestamp, timezone)}
              </Text>
            </Group>
          </div>
        </Group>
        {description && <Text size="sm">{description}</Text>}
        {(activity.adminName || byEmployee) && (
          <Text size="sm" c="dimmed">
            {activity.adminName ? t('employeeArea.activity.byAdmin', { name: activity.adminName }) : d('bySelf')}
          </Text>
        )}
        {fields.length > 0 && (
          <Table withTableBorder fz="sm" verticalSpacing={6}>
            <Table.Tbody>
              {fields.map((field) => (
                <Table.Tr key={field}>
                  <Table.Th w="40%">{d(field)}</Table.Th>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{detailText(t, field, details[field], timezone)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {info.changes || changes || previous ? <ChangesTable changes={changes} previous={previous} timezone={timezone} /> : null}
      </Stack>
    </Modal>
  );
}
