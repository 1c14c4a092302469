import { CloseButton, Grid, Select, TextInput } from '@mantine/core';
import { COMPANY_STATUSES, PLANS } from '@presente/shared';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { CompanyFilters } from '../api';

interface CompanyFiltersBarProps {
  search: string;
  onSearchChange: (value: string) => void;
  plan: CompanyFilters['plan'];
  onPlanChange: (plan: CompanyFilters['plan']) => void;
  status: CompanyFilters['status'];
  onStatusChange: (status: CompanyFilters['status']) => void;
}

/** Search (name, RUC or email), plan and status filters of the companies list (spec §2). */
export function CompanyFiltersBar({ search, onSearchChange, plan, onPlanChange, status, onStatusChange }: CompanyFiltersBarProps) {
  const { t } = useTranslation('dashboard');
  const all = { value: '', label: t('superAdmin.companies.filters.all') };
  return (
    <Grid gap="sm" align="flex-end">
      <Grid.Col span={{ base: 12, sm: 6, md: 6 }}>
        <TextInput
          label={t('superAdmin.companies.filters.search')}
          placeholder={t('superAdmin.companies.filters.searchPlaceholder')}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => onSearchChange(e.currentTarget.value)}
          rightSection={search ? <CloseButton size="sm" aria-label={t('superAdmin.companies.filters.clearSearch')} onClick={() => onSearchChange('')} /> : null}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 6, sm: 3 }}>
        <Select
          label={t('superAdmin.companies.filters.plan')}
          data={[all, ...PLANS.map((p) => ({ value: p, label: t(`superAdmin.companies.plans.${p}`) }))]}
          value={plan}
          onChange={(v) => onPlanChange((v ?? '') as CompanyFilters['plan'])}
          allowDeselect={false}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 6, sm: 3 }}>
        <Select
          label={t('superAdmin.companies.filters.status')}
          data={[all, ...COMPANY_STATUSES.map((s) => ({ value: s, label: t(`superAdmin.companies.statuses.${s}`) }))]}
          value={status}
          onChange={(v) => onStatusChange((v ?? '') as CompanyFilters['status'])}
          allowDeselect={false}
        />
      </Grid.Col>
    </Grid>
  );
}
