import { Box, Button, Group, LoadingOverlay, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { SuperAdminCompany } from '@presente/shared';
import { IconPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pagination } from '../../../components/Pagination';
import { errorMessage } from '../../../lib/messages';
import { notify } from '../../../lib/notify';
import { useIsMobile } from '../../../lib/useIsMobile';
import { type CompanyFilters, useCompanies, useToggleAdminStatus } from '../api';
import { ClearBillingFlagModal } from '../components/ClearBillingFlagModal';
import { CompaniesEmpty } from '../components/CompaniesEmpty';
import { CompaniesTable } from '../components/CompaniesTable';
import type { CompanyRowHandlers } from '../components/CompanyActions';
import { CompanyCard } from '../components/CompanyCard';
import { CompanyFiltersBar } from '../components/CompanyFiltersBar';
import { CompanyFormModal } from '../components/CompanyFormModal';
import { CompanyInfoModal } from '../components/CompanyInfoModal';
import { DeactivateAdminModal } from '../components/DeactivateAdminModal';
import { DeleteCompanyModal } from '../components/DeleteCompanyModal';
import { LoadError } from '../components/LoadError';

const SEARCH_DEBOUNCE_MS = 350;

/** Companies tab of the super admin (spec §2): filters, table or cards, 10 per page, create/edit/info/delete. */
export function CompaniesTab() {
  const { t } = useTranslation(['dashboard', 'common']);
  const phone = useIsMobile();
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const [plan, setPlan] = useState<CompanyFilters['plan']>('');
  const [status, setStatus] = useState<CompanyFilters['status']>('');
  const [page, setPage] = useState(1);
  const filters: CompanyFilters = { search: debouncedSearch.trim(), plan, status, page };
  const query = useCompanies(filters);

  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<SuperAdminCompany | null>(null);
  const [viewing, setViewing] = useState<SuperAdminCompany | null>(null);
  const [deleting, setDeleting] = useState<SuperAdminCompany | null>(null);
  const toggle = useToggleAdminStatus();
  const [togglingId, setTogglingId] = useState<string | null>(null);
  const [deactivating, setDeactivating] = useState<SuperAdminCompany | null>(null);
  const [reviewing, setReviewing] = useState<SuperAdminCompany | null>(null);

  // A new filter starts from page 1.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when a filter changes
  useEffect(() => setPage(1), [debouncedSearch, plan, status]);
  // After deleting the last company of the last page, step back to the new last page.
  const pages = query.data?.pages ?? 1;
  useEffect(() => {
    if (page > pages) setPage(pages);
  }, [page, pages]);

  const openCreate = () => {
    setEditing(null);
    setFormOpen(true);
  };
  const handlers: CompanyRowHandlers = {
    onView: setViewing,
    onEdit: (company) => {
      setViewing(null);
      setEditing(company);
      setFormOpen(true);
    },
    onDelete: setDeleting,
    onClearBillingFlag: setReviewing,
    onToggleAdmin: (company) => {
      if (!company.admin) return;
      // Switching an admin off ends their session: it asks first, naming the company and the person.
      if (company.admin.isActive) {
        setDeactivating(company);
        return;
      }
      setTogglingId(company.id);
      toggle.mutate(
        { companyId: company.id, isActive: !company.admin.isActive },
        {
          onSuccess: ({ message }) => message && notify.success(message),
          onError: (error) => notify.error(errorMessage(t, error, t('superAdmin.companies.admin.toggleError'))),
          onSettled: () => setTogglingId(null),
        },
      );
    },
    togglingId,
  };

  const companies = query.data?.companies ?? [];
  const filtered = Boolean(filters.search || plan || status);
  const clearFilters = () => {
    setSearch('');
    setPlan('');
    setStatus('');
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={2} fz={{ base: 'lg', sm: 'xl' }}>
            {t('superAdmin.companies.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('superAdmin.companies.subtitle')}
          </Text>
        </div>
        <Button leftSection={<IconPlus size={18} />} onClick={openCreate}>
          {t('superAdmin.companies.new')}
        </Button>
      </Group>

      <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="lg">
        <CompanyFiltersBar search={search} onSearchChange={setSearch} plan={plan} onPlanChange={setPlan} status={status} onStatusChange={setStatus} />
      </Paper>

      {query.isError && (
        <LoadError
          title={t('superAdmin.companies.loadError')}
          detail={errorMessage(t, query.error, '')}
          onRetry={() => query.refetch()}
          retrying={query.isFetching}
        />
      )}

      {query.isPending && (
        <Paper withBorder p="lg" radius="lg">
          <Stack gap="md">
            {[0, 1, 2, 3, 4].map((n) => (
              <Skeleton key={n} height={44} radius="sm" />
            ))}
          </Stack>
        </Paper>
      )}

      {query.data && (
        <Box pos="relative">
          <LoadingOverlay visible={query.isPlaceholderData} overlayProps={{ blur: 1 }} loaderProps={{ size: 'sm' }} />
          {companies.length === 0 ? (
            <CompaniesEmpty filtered={filtered} onClear={clearFilters} onCreate={openCreate} />
          ) : (
            <>
              <Text size="sm" c="dimmed" mb="xs">
                {t('superAdmin.companies.count', { count: query.data.total })}
              </Text>
              {phone ? (
                <Stack gap="sm">
                  {companies.map((c) => (
                    <CompanyCard key={c.id} company={c} handlers={handlers} />
                  ))}
                </Stack>
              ) : (
                <Paper withBorder radius="lg" p="xs">
                  <CompaniesTable companies={companies} handlers={handlers} />
                </Paper>
              )}
              <Pagination page={page} total={pages} onChange={setPage} disabled={query.isFetching} />
            </>
          )}
        </Box>
      )}

      <CompanyFormModal opened={formOpen} company={editing} onClose={() => setFormOpen(false)} />
      <CompanyInfoModal company={viewing} onClose={() => setViewing(null)} onEdit={handlers.onEdit} />
      <DeleteCompanyModal company={deleting} onClose={() => setDeleting(null)} />
      <DeactivateAdminModal company={deactivating} onClose={() => setDeactivating(null)} />
      <ClearBillingFlagModal company={reviewing} onClose={() => setReviewing(null)} />
    </Stack>
  );
}
