import { ActionIcon, Badge, Group, Paper, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconPencil, IconQrcode, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../../../lib/useIsMobile';
import type { WorkLocation } from '../api';

interface LocationListProps {
  locations: WorkLocation[];
  onEdit: (location: WorkLocation) => void;
  onDelete: (location: WorkLocation) => void;
}

const coord = (value: number) => value.toFixed(6);

function Actions({ location, onEdit, onDelete }: { location: WorkLocation } & Omit<LocationListProps, 'locations'>) {
  const { t } = useTranslation('settings');
  const edit = t('locations.actions.edit', { name: location.name });
  const remove = t('locations.actions.delete', { name: location.name });
  const qr = t('qrScreen.open', { name: location.name });
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <Tooltip label={qr} withArrow>
        <ActionIcon component="a" href={`/qr-screen/${location.id}`} target="_blank" rel="noopener" variant="subtle" color="indigo" aria-label={qr}>
          <IconQrcode size={18} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={edit} withArrow>
        <ActionIcon variant="subtle" color="indigo" onClick={() => onEdit(location)} aria-label={edit}>
          <IconPencil size={18} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={remove} withArrow>
        <ActionIcon variant="subtle" color="red" onClick={() => onDelete(location)} aria-label={remove}>
          <IconTrash size={18} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

/** The work locations: a table on desktop, cards on phones (< 768 px). */
export function LocationList({ locations, onEdit, onDelete }: LocationListProps) {
  const { t } = useTranslation('settings');
  const phone = useIsMobile();
  const col = (key: string) => t(`locations.table.${key}`);
  const meters = (value: number) => t('locations.table.meters', { value });

  if (phone) {
    return (
      <Stack gap="sm">
        {locations.map((l) => (
          <Paper key={l.id} withBorder radius="md" p="sm">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <div style={{ minWidth: 0 }}>
                <Text fw={600} truncate>
                  {l.name}
                </Text>
                <Text size="sm" c="dimmed" lineClamp={2}>
                  {l.address || col('noAddress')}
                </Text>
              </div>
              <Actions location={l} onEdit={onEdit} onDelete={onDelete} />
            </Group>
            <Text size="xs" c="dimmed" mt={6} ff="monospace">
              {coord(l.latitude)}, {coord(l.longitude)}
            </Text>
            <Group gap="xs" mt={6}>
              <Badge variant="light" color="teal" style={{ textTransform: 'none' }}>
                {col('radius')}: {meters(l.allowedRadius)}
              </Badge>
              <Badge variant="light" color="gray" style={{ textTransform: 'none' }}>
                {col('schedules')}: {l._count?.schedules ?? 0}
              </Badge>
            </Group>
          </Paper>
        ))}
      </Stack>
    );
  }

  return (
    <Table.ScrollContainer minWidth={720}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{col('name')}</Table.Th>
            <Table.Th>{col('address')}</Table.Th>
            <Table.Th>{col('coordinates')}</Table.Th>
            <Table.Th ta="right">{col('radius')}</Table.Th>
            <Table.Th ta="right">{col('schedules')}</Table.Th>
            <Table.Th ta="right">{col('actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {locations.map((l) => (
            <Table.Tr key={l.id}>
              <Table.Td fw={600}>{l.name}</Table.Td>
              <Table.Td maw={280}>
                <Text size="sm" c={l.address ? undefined : 'dimmed'} lineClamp={2}>
                  {l.address || col('noAddress')}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                  {coord(l.latitude)}
                  <br />
                  {coord(l.longitude)}
                </Text>
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {meters(l.allowedRadius)}
              </Table.Td>
              <Table.Td ta="right">{l._count?.schedules ?? 0}</Table.Td>
              <Table.Td>
                <Actions location={l} onEdit={onEdit} onDelete={onDelete} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
