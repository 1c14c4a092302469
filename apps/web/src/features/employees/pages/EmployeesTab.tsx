import { Button, Group, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { IconBuilding, IconFileImport, IconSearch, IconUserPlus, IconUsers } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/LoadError';
import { Pagination } from '../../../components/Pagination';
import { EmptyState, QueryState } from '../../../components/QueryState';
import { UpgradePrompt } from '../../../components/UpgradePrompt';
import { errorMessage } from '../../../lib/messages';
import { notify } from '../../../lib/notify';
import { useIsMobile } from '../../../lib/useIsMobile';
import { FaceRegisterModal } from '../../face/register/FaceRegisterModal';
import { useCompanySettings } from '../../plan-usage/api';
import { useUpgradePrompt } from '../../plan-usage/useUpgradePrompt';
import { type Employee, useDeleteEmployee, useDepartments, useEmployees, useResetEmployeePassword } from '../api';
import { DepartmentsModal } from '../components/DepartmentsModal';
import { EmployeeFormModal } from '../components/EmployeeFormModal';
import { EmployeeInfoModal } from '../components/EmployeeInfoModal';
import { EmployeeList } from '../components/EmployeeList';
import { EmployeeUsageBanner } from '../components/EmployeeUsageBanner';
import { ImportEmployeesModal } from '../components/ImportEmployeesModal';

/** Search is debounced 300 ms before it reaches the API. */
const SEARCH_DEBOUNCE_MS = 300;

/** Employees tab (spec §2): usage banner, search, department filter, table/cards, modals, bulk import. */
export function EmployeesTab() {
  const { t } = useTranslation(['dashboard', 'common']);
  const mobile = useIsMobile();
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const [departmentId, setDepartmentId] = useState('');
  const [page, setPage] = useState(1);
  const [form, setForm] = useState<{ employee: Employee | null } | null>(null);
  const [info, setInfo] = useState<Employee | null>(null);
  const [faceFor, setFaceFor] = useState<Employee | null>(null);
  const [departmentsOpen, setDepartmentsOpen] = useState(false);
  const [importOpen, setImportOpen] = useState(false);

  const settings = useCompanySettings();
  const departments = useDepartments();
  const list = useEmployees({ search: debouncedSearch, departmentId, page });
  const upgrade = useUpgradePrompt(settings.data);
  const remove = useDeleteEmployee();
  const resetPassword = useResetEmployeePassword();

  // A new search or filter starts at page 1; a page that no longer exists (after deletes) falls back to the last.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the filters change
  useEffect(() => setPage(1), [debouncedSearch, departmentId]);
  useEffect(() => {
    if (list.data && page > list.data.pages) setPage(list.data.pages);
  }, [list.data, page]);

  const employeeUsage = settings.data?.usage.employees;
  const openCreate = () => void upgrade.guard('employees', () => setForm({ employee: null }));
  const onPlanLimit = (error: unknown) => {
    if (!upgrade.showIfLimitError(error, 'employees')) return false;
    void settings.refetch(); // the usage shown was stale
    return true;
  };
  const onFormPlanLimit = (error: unknown) => {
    if (!onPlanLimit(error)) return false;
    setForm(null);
    return true;
  };

  const confirmDelete = (e: Employee) =>
    modals.openConfirmModal({
      title: t('employees.delete.title'),
      children: <Text size="sm">{t('employees.delete.message', { name: `${e.firstName} ${e.lastName}` })}</Text>,
      labels: { confirm: t('employees.delete.confirm'), cancel: t('employees.actions.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(e.id, {
          onSuccess: (message) => notify.success(message ?? t('employees.success.deleted')),
          onError: (error) => notify.error(errorMessage(t, error, t('employees.errors.delete'))),
        }),
    });

  const confirmReset = (e: Employee) =>
    modals.openConfirmModal({
      title: t('employees.reset.title'),
      children: <Text size="sm">{t('employees.reset.message', { name: `${e.firstName} ${e.lastName}`, email: e.email })}</Text>,
      labels: { confirm: t('employees.reset.confirm'), cancel: t('employees.actions.cancel') },
      onConfirm: () =>
        resetPassword.mutate(e.id, {
          onSuccess: ({ emailStatus, message }) => {
            if (emailStatus === 'failed') notify.error(t('employees.success.passwordResetMailFailed'));
            else notify.success(message ?? t('employees.success.passwordReset'));
          },
          onError: (error) => notify.error(errorMessage(t, error, t('employees.errors.resetPassword'))),
        }),
    });

  const departmentOptions = [
    { value: '', label: t('employees.filters.all') },
    { value: 'none', label: t('employees.filters.none') },
    ...(departments.data ?? []).map((d) => ({ value: d.id, label: d.name })),
  ];
  const filtered = debouncedSearch.trim() !== '' || departmentId !== '';
  const shown = list.data?.total ?? 0;
  const total = employeeUsage?.used ?? shown;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" gap="sm">
        <div style={{ flex: '1 1 320px' }}>
          {settings.data ? (
            <EmployeeUsageBanner settings={settings.data} onUpgrade={() => upgrade.show('employees', employeeUsage?.limit)} />
          ) : (
            settings.isError && <LoadError message={t('employees.usage.loadError')} onRetry={() => void settings.refetch()} />
          )}
        </div>
        <Group gap="sm">
          <Button variant="default" leftSection={<IconBuilding size={16} />} onClick={() => setDepartmentsOpen(true)}>
            {t('employees.actions.departments')}
          </Button>
          <Button variant="light" leftSection={<IconFileImport size={16} />} onClick={() => setImportOpen(true)}>
            {t('employees.actions.import')}
          </Button>
          <Button leftSection={<IconUserPlus size={16} />} onClick={openCreate} loading={upgrade.checking}>
            {t('employees.actions.new')}
          </Button>
        </Group>
      </Group>

      <Paper withBorder p="md" radius="lg">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TextInput
            label={t('employees.filters.search')}
            placeholder={t('employees.filters.searchPlaceholder')}
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            style={{ flex: '2 1 260px' }}
          />
          <Select
            label={t('employees.filters.department')}
            data={departmentOptions}
            value={departmentId}
            onChange={(v) => setDepartmentId(v ?? '')}
            allowDeselect={false}
            style={{ flex: '1 1 200px' }}
          />
        </Group>
        {list.data && (
          <Text size="sm" c="dimmed" mt="sm" aria-live="polite">
            {t('employees.showing', { shown, total })}
          </Text>
        )}
      </Paper>

      <QueryState
        query={list}
        loadError={t('employees.loadError')}
        isEmpty={(data) => data.employees.length === 0}
        empty={
          <EmptyState
            icon={IconUsers}
            title={filtered ? t('employees.noResults') : t('employees.empty')}
            hint={filtered ? undefined : t('employees.emptyHint')}
          />
        }
      >
        {(data) => (
          <Paper withBorder p={mobile ? 0 : 'xs'} radius="lg" bg={mobile ? 'transparent' : undefined} style={mobile ? { border: 0 } : undefined}>
            <EmployeeList
              employees={data.employees}
              mobile={mobile}
              onInfo={setInfo}
              onEdit={(e) => setForm({ employee: e })}
              onFace={setFaceFor}
              onResetPassword={confirmReset}
              onDelete={confirmDelete}
            />
          </Paper>
        )}
      </QueryState>

      <Pagination page={page} total={list.data?.pages ?? 1} onChange={setPage} />

      <EmployeeFormModal
        opened={form !== null}
        employee={form?.employee ?? null}
        onClose={() => setForm(null)}
        onPlanLimit={onFormPlanLimit}
        country={settings.data?.country}
      />
      <EmployeeInfoModal employee={info} onClose={() => setInfo(null)} />
      <FaceRegisterModal employee={faceFor} onClose={() => setFaceFor(null)} />
      <DepartmentsModal opened={departmentsOpen} onClose={() => setDepartmentsOpen(false)} />
      <ImportEmployeesModal opened={importOpen} onClose={() => setImportOpen(false)} onPlanLimit={onPlanLimit} />
      <UpgradePrompt {...upgrade.props} />
    </Stack>
  );
}
