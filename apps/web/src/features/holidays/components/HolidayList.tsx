import { ActionIcon, Badge, Card, Group, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconEdit, IconTrash } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../../components/DayInput';
import type { Holiday } from '../api';

/** Badges keep their whole word: a table column must not squeeze them into an ellipsis. */
const FULL_LABEL = { label: { overflow: 'visible' } } as const;

interface HolidayActions {
  onEdit: (h: Holiday) => void;
  onDelete: (h: Holiday) => void;
}

function cells(h: Holiday, t: TFunction) {
  const names = h.schedules.map((s) => s.name).join(', ');
  return {
    pay: (
      <Badge variant="light" color={h.shouldPayFullDay ? 'teal' : 'gray'} styles={FULL_LABEL}>
        {h.shouldPayFullDay ? t('holidays.pay.paid') : t('holidays.pay.unpaid')}
      </Badge>
    ),
    scope: h.applyToAll ? (
      <Badge variant="light" color="indigo" styles={FULL_LABEL}>
        {t('holidays.scope.all')}
      </Badge>
    ) : (
      <Tooltip label={t('holidays.scope.schedulesTitle', { names })} multiline maw={280} withArrow>
        <Badge
          variant="light"
          color="grape"
          styles={FULL_LABEL}
          style={{ cursor: 'help' }}
          tabIndex={0}
          aria-label={`${t('holidays.scope.specific')}: ${names}`}
        >
          {t('holidays.scope.specific')} ({h.schedules.length})
        </Badge>
      </Tooltip>
    ),
    status: (
      <Badge variant="light" color={h.isActive ? 'teal' : 'gray'} styles={FULL_LABEL}>
        {h.isActive ? t('holidays.status.active') : t('holidays.status.inactive')}
      </Badge>
    ),
  };
}

function Actions({ holiday, onEdit, onDelete }: HolidayActions & { holiday: Holiday }) {
  const { t } = useTranslation('dashboard');
  return (
    <Group gap={4} wrap="nowrap">
      <Tooltip label={t('holidays.actions.edit')}>
        <ActionIcon variant="subtle" onClick={() => onEdit(holiday)} aria-label={`${t('holidays.actions.edit')}: ${holiday.name}`}>
          <IconEdit size={18} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t('holidays.actions.delete')}>
        <ActionIcon variant="subtle" color="red" onClick={() => onDelete(holiday)} aria-label={`${t('holidays.actions.delete')}: ${holiday.name}`}>
          <IconTrash size={18} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

function NameCell({ holiday }: { holiday: Holiday }) {
  return (
    <div>
      <Text size="sm" fw={600}>
        {holiday.name}
      </Text>
      {holiday.description && (
        <Text size="xs" c="dimmed" lineClamp={2}>
          {holiday.description}
        </Text>
      )}
    </div>
  );
}

/** Holidays as a table (desktop) or cards (mobile). */
export function HolidayList({ holidays, mobile, onEdit, onDelete }: HolidayActions & { holidays: Holiday[]; mobile: boolean }) {
  const { t } = useTranslation('dashboard');

  if (mobile) {
    return (
      <Stack gap="sm">
        {holidays.map((h) => {
          const c = cells(h, t);
          return (
            <Card key={h.id} withBorder padding="md">
              <Group justify="space-between" align="flex-start" wrap="nowrap">
                <NameCell holiday={h} />
                <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                  {formatDay(h.date)}
                </Text>
              </Group>
              <Group gap="xs" mt="sm">
                {c.pay}
                {c.scope}
                {c.status}
              </Group>
              <Group justify="flex-end" mt="xs">
                <Actions holiday={h} onEdit={onEdit} onDelete={onDelete} />
              </Group>
            </Card>
          );
        })}
      </Stack>
    );
  }

  return (
    <Table.ScrollContainer minWidth={760}>
      <Table highlightOnHover verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            {(['holiday', 'date', 'pay', 'scope', 'status', 'actions'] as const).map((c) => (
              <Table.Th key={c}>{t(`holidays.table.${c}`)}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {holidays.map((h) => {
            const c = cells(h, t);
            return (
              <Table.Tr key={h.id}>
                <Table.Td>
                  <NameCell holiday={h} />
                </Table.Td>
                <Table.Td>
                  <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {formatDay(h.date)}
                  </Text>
                </Table.Td>
                <Table.Td>{c.pay}</Table.Td>
                <Table.Td>{c.scope}</Table.Td>
                <Table.Td>{c.status}</Table.Td>
                <Table.Td>
                  <Actions holiday={h} onEdit={onEdit} onDelete={onDelete} />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
