import { Alert, Badge, Group, List, Text } from '@mantine/core';
import { IconMessageReport } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../components/DayInput';
import { useCompanyManualChanges } from './api';

/**
 * The admin's summary of the workers' answers on the attendance tab (decision 0039): the changes they disputed (the
 * newest five, with their comment) and how many still wait for an answer. Nothing while none is disputed or pending.
 */
export function DisputedChanges() {
  const { t } = useTranslation('common');
  const disputed = useCompanyManualChanges('disputed');
  const pending = useCompanyManualChanges('pending');
  const disputes = disputed.data?.total ?? 0;
  const waiting = pending.data?.total ?? 0;
  if (!disputes && !waiting) return null;
  return (
    <Alert
      color={disputes ? 'red' : 'yellow'}
      variant="light"
      radius="lg"
      icon={<IconMessageReport size={18} />}
      title={
        <Group gap="xs">
          <span>{t('manualChanges.adminTitle')}</span>
          {disputes > 0 && <Badge color="red">{t('manualChanges.disputedCount', { count: disputes })}</Badge>}
          {waiting > 0 && <Badge color="yellow">{t('manualChanges.pendingCount', { count: waiting })}</Badge>}
        </Group>
      }
    >
      {disputes > 0 ? (
        <>
          <Text size="sm" mb={6}>
            {t('manualChanges.disputedHint')}
          </Text>
          <List size="sm" spacing={2}>
            {disputed.data?.changes.map((c) => (
              <List.Item key={c.id}>
                {t('manualChanges.disputedLine', { name: c.employeeName, date: formatDay(c.date), comment: c.answerComment ?? '' })}
              </List.Item>
            ))}
          </List>
        </>
      ) : (
        <Text size="sm">{t('manualChanges.pendingHint')}</Text>
      )}
    </Alert>
  );
}
