import { ActionIcon, Alert, Badge, Button, Group, Loader, Modal, Paper, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { departmentInput } from '@presente/shared';
import { IconAlertCircle, IconCheck, IconEdit, IconPlus, IconTrash, IconX } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, translateMessage } from '../../../lib/messages';
import { notify } from '../../../lib/notify';
import { type Department, useCreateDepartment, useDeleteDepartment, useDepartments, useUpdateDepartment } from '../api';

/** The shared rule (spec §5): a message key when the name is not acceptable, else null. */
function nameProblem(name: string): string | null {
  const parsed = departmentInput.safeParse({ name });
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'department.nameRequired');
}

function DepartmentRow({ department }: { department: Department }) {
  const { t } = useTranslation('dashboard');
  const update = useUpdateDepartment();
  const remove = useDeleteDepartment();
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const name = department.name;

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (draft === null) return;
    const problem = nameProblem(draft);
    if (problem) return setError(translateMessage(t, problem));
    update.mutate(
      { id: department.id, name: draft.trim() },
      {
        onSuccess: (message) => {
          notify.success(message ?? translateMessage(t, 'department.updated'));
          setDraft(null);
          setError(null);
        },
        onError: (err) => setError(errorMessage(t, err, t('employees.departments.errors.update'))),
      },
    );
  };

  const confirmDelete = () =>
    modals.openConfirmModal({
      title: t('employees.departments.deleteTitle'),
      children: <Text size="sm">{t('employees.departments.deleteMessage', { name })}</Text>,
      labels: { confirm: t('employees.actions.delete'), cancel: t('employees.actions.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(department.id, {
          onSuccess: (message) => notify.success(message ?? translateMessage(t, 'department.deleted')),
          onError: (err) => notify.error(errorMessage(t, err, t('employees.departments.errors.delete'))),
        }),
    });

  if (draft !== null) {
    return (
      <Paper withBorder p="xs" radius="md">
        <form onSubmit={save} noValidate>
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <TextInput
              aria-label={t('employees.departments.renameLabel', { name })}
              value={draft}
              onChange={(e) => setDraft(e.currentTarget.value)}
              error={error}
              style={{ flex: 1 }}
              data-autofocus
              autoFocus
            />
            <Tooltip label={t('employees.departments.save')}>
              <ActionIcon type="submit" size="lg" variant="light" color="teal" loading={update.isPending} aria-label={t('employees.departments.save')}>
                <IconCheck size={18} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t('employees.departments.cancel')}>
              <ActionIcon
                size="lg"
                variant="subtle"
                color="gray"
                onClick={() => {
                  setDraft(null);
                  setError(null);
                }}
                aria-label={t('employees.departments.cancel')}
              >
                <IconX size={18} />
              </ActionIcon>
            </Tooltip>
          </Group>
        </form>
      </Paper>
    );
  }

  return (
    <Paper withBorder p="xs" px="sm" radius="md">
      <Group justify="space-between" wrap="nowrap">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
          <Text size="sm" fw={600} truncate>
            {name}
          </Text>
          <Badge variant="light" color="gray" style={{ flexShrink: 0 }}>
            {t('employees.departments.count', { count: department._count?.employees ?? 0 })}
          </Badge>
        </Group>
        <Group gap={4} wrap="nowrap">
          <Tooltip label={t('employees.departments.rename', { name })}>
            <ActionIcon variant="subtle" onClick={() => setDraft(name)} aria-label={t('employees.departments.rename', { name })}>
              <IconEdit size={18} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('employees.departments.delete', { name })}>
            <ActionIcon
              variant="subtle"
              color="red"
              onClick={confirmDelete}
              loading={remove.isPending}
              aria-label={t('employees.departments.delete', { name })}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
    </Paper>
  );
}

/** Manage departments (spec §2): list with employee counts, create, rename inline, delete. */
export function DepartmentsModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation(['dashboard', 'common']);
  const departments = useDepartments();
  const create = useCreateDepartment();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);

  const add = (event: FormEvent) => {
    event.preventDefault();
    const problem = nameProblem(name);
    if (problem) return setError(translateMessage(t, problem));
    create.mutate(name.trim(), {
      onSuccess: (message) => {
        notify.success(message ?? translateMessage(t, 'department.created'));
        setName('');
        setError(null);
      },
      onError: (err) => setError(errorMessage(t, err, t('employees.departments.errors.create'))),
    });
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('employees.departments.title')} size="md" centered>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('employees.departments.description')}
        </Text>
        <form onSubmit={add} noValidate>
          <Group gap="xs" align="flex-start" wrap="nowrap">
            <TextInput
              label={t('employees.departments.newLabel')}
              placeholder={t('employees.departments.newPlaceholder')}
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              error={error}
              style={{ flex: 1 }}
            />
            <Button type="submit" mt={25} leftSection={<IconPlus size={16} />} loading={create.isPending}>
              {t('employees.departments.add')}
            </Button>
          </Group>
        </form>
        {departments.isPending ? (
          <Group justify="center" py="md">
            <Loader size="sm" />
          </Group>
        ) : departments.isError ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
            <Group justify="space-between">
              <Text size="sm">{t('employees.departments.loadError')}</Text>
              <Button size="xs" variant="light" color="red" onClick={() => departments.refetch()}>
                {t('common:actions.retry')}
              </Button>
            </Group>
          </Alert>
        ) : departments.data.length === 0 ? (
          <Text size="sm" c="dimmed" ta="center" py="md">
            {t('employees.departments.empty')}
          </Text>
        ) : (
          <Stack gap="xs">
            {departments.data.map((d) => (
              <DepartmentRow key={d.id} department={d} />
            ))}
          </Stack>
        )}
      </Stack>
    </Modal>
  );
}
