import { Alert, Badge, Button, Card, Group, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconAlertTriangle, IconMapPin, IconMapPinPlus } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pagination } from '../../../components/Pagination';
import { UpgradePrompt } from '../../../components/UpgradePrompt';
import { errorMessage } from '../../../lib/messages';
import { notify } from '../../../lib/notify';
import { isAtLimit, useCompanySettings } from '../../plan-usage/api';
import { useUpgradePrompt } from '../../plan-usage/useUpgradePrompt';
import { useDeleteLocation, useWorkLocations, type WorkLocation } from '../api';
import { LocationList } from './LocationList';
import { WorkLocationModal } from './WorkLocationModal';

/** Settings card "work locations" (spec §2): paged list of 10, add (upgrade prompt at the Free limit), edit, delete. */
export function WorkLocationsCard() {
  const { t } = useTranslation('settings');
  const [page, setPage] = useState(1);
  const query = useWorkLocations(page);
  const settings = useCompanySettings();
  const upgrade = useUpgradePrompt(settings.data);
  const remove = useDeleteLocation();
  const [editing, setEditing] = useState<WorkLocation | null>(null);
  const [formOpened, setFormOpened] = useState(false);

  const pages = query.data?.pagination?.pages ?? 1;
  // Deleting the last item of the last page: go back one page.
  useEffect(() => {
    if (page > pages) setPage(pages);
  }, [page, pages]);

  const usage = settings.data?.usage.locations;
  const openCreate = () =>
    void upgrade.guard('locations', () => {
      setEditing(null);
      setFormOpened(true);
    });
  const openEdit = (location: WorkLocation) => {
    setEditing(location);
    setFormOpened(true);
  };

  const confirmDelete = (location: WorkLocation) =>
    modals.openConfirmModal({
      title: t('locations.delete.title'),
      centered: true,
      styles: { title: { fontWeight: 700 } },
      children: (
        <Stack gap={6}>
          <Text fw={600}>{t('locations.delete.question')}</Text>
          <Text size="sm" c="dimmed">
            {t('locations.delete.detail', { name: location.name })}
          </Text>
        </Stack>
      ),
      labels: { confirm: t('locations.delete.confirm'), cancel: t('locations.delete.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(location.id, {
          onSuccess: (msg) => notify.success(msg || t('locations.delete.success')),
          onError: (error) => notify.error(errorMessage(t, error, t('locations.delete.error'))),
        }),
    });

  let body: ReactNode;
  if (query.isPending) {
    body = (
      <Stack gap="xs">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} h={44} radius="md" />
        ))}
      </Stack>
    );
  } else if (query.isError) {
    body = (
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title={t('locations.loadError')}>
        <Button mt="xs" size="xs" variant="white" color="red" onClick={() => void query.refetch()} loading={query.isFetching}>
          {t('common:actions.retry')}
        </Button>
      </Alert>
    );
  } else if (!query.data?.items.length) {
    body = (
      <Stack align="center" gap={6} py="xl" ta="center">
        <ThemeIcon size={52} radius="xl" variant="light" color="gray">
          <IconMapPin size={26} />
        </ThemeIcon>
        <Text fw={600}>{t('locations.empty')}</Text>
        <Text size="sm" c="dimmed" maw={420}>
          {t('locations.emptyHint')}
        </Text>
      </Stack>
    );
  } else {
    body = <LocationList locations={query.data.items} onEdit={openEdit} onDelete={confirmDelete} />;
  }

  return (
    <Card withBorder padding="lg">
      <Group justify="space-between" align="flex-start" mb="md" gap="sm">
        <Group gap="sm" wrap="nowrap" align="flex-start" style={{ flex: '1 1 320px' }}>
          <ThemeIcon variant="light" size={40} radius="md" color="teal">
            <IconMapPin size={22} />
          </ThemeIcon>
          <div>
            <Group gap="xs">
              <Title order={2} fz="lg">
                {t('locations.title')}
              </Title>
              {usage && usage.limit !== -1 && (
                <Badge variant="light" color={isAtLimit(usage) ? 'orange' : 'gray'} style={{ textTransform: 'none' }}>
                  {t('locations.usage', { used: usage.used, limit: usage.limit })}
                </Badge>
              )}
            </Group>
            <Text size="sm" c="dimmed">
              {t('locations.description')}
            </Text>
          </div>
        </Group>
        <Button leftSection={<IconMapPinPlus size={18} />} onClick={openCreate} loading={upgrade.checking}>
          {t('locations.add')}
        </Button>
      </Group>
      {body}
      <Pagination page={page} total={pages} onChange={setPage} disabled={query.isFetching} />
      <WorkLocationModal
        opened={formOpened}
        location={editing}
        onClose={() => setFormOpened(false)}
        onPlanLimit={(error) => upgrade.showIfLimitError(error, 'locations')}
      />
      <UpgradePrompt {...upgrade.props} />
    </Card>
  );
}
