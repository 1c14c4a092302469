import { Badge, Divider, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pagination } from '../../components/Pagination';
import { useCompanyConfig } from '../auth/CompanyConfigContext';
import { useEmployeeManualChanges } from './api';
import { ManualChangeItem } from './ManualChangeItem';

/** The admin's view of one worker's manual changes and their answers (decision 0039); nothing while there is none. */
export function EmployeeManualChanges({ employeeId }: { employeeId: string }) {
  const { t } = useTranslation('common');
  const { timezone } = useCompanyConfig();
  const [page, setPage] = useState(1);
  const list = useEmployeeManualChanges(employeeId, page);
  if (!list.data || (list.data.changes.length === 0 && page === 1)) return null;
  const { changes, pages, pending } = list.data;
  return (
    <Stack gap="xs">
      <Divider
        labelPosition="left"
        label={
          <Group gap={6}>
            <Text size="xs" fw={600}>
              {t('manualChanges.adminTitle')}
            </Text>
            {pending > 0 && (
              <Badge size="xs" color="yellow">
                {t('manualChanges.pendingCount', { count: pending })}
              </Badge>
            )}
          </Group>
        }
      />
      {changes.map((c) => (
        <ManualChangeItem key={c.id} change={c} timezone={timezone} />
      ))}
      {pages > 1 && <Pagination page={page} total={pages} onChange={setPage} disabled={list.isFetching} />}
    </Stack>
  );
}
