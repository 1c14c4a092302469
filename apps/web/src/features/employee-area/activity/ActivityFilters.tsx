import { Paper, Select, SimpleGrid } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DayInput } from '../../../components/DayInput';
import type { ActivityFilter } from '../types';
import { ACTIVITY_PERIODS, type ActivityPeriod, type CustomRange, customErrors, customLimits } from './period';

export interface ActivityFilterState {
  filter: ActivityFilter;
  period: ActivityPeriod;
  custom: CustomRange;
}

const TYPES: ActivityFilter[] = ['all', 'attendance', 'admin_actions'];

/** Tipo and Período filters; the custom period adds Desde/Hasta bounded by each other and today. */
export function ActivityFilters({ value, today, onChange }: { value: ActivityFilterState; today: string; onChange: (next: ActivityFilterState) => void }) {
  const { t } = useTranslation('employee');
  const f = (key: string) => t(`employeeArea.activity.filters.${key}`);
  const limits = customLimits(value.custom, today);
  const errors = customErrors(value.custom, today);
  // Required-field words only once the person has picked one of the two dates.
  const touched = Boolean(value.custom.from || value.custom.to);
  const err = (key: string | undefined) => (key && (touched || !key.endsWith('Required')) ? t(`employeeArea.activity.errors.${key}`) : undefined);
  const setCustom = (patch: Partial<CustomRange>) => onChange({ ...value, custom: { ...value.custom, ...patch } });

  return (
    <Paper withBorder p="md" radius="lg">
      <SimpleGrid cols={{ base: 1, sm: value.period === 'custom' ? 4 : 2 }} spacing="sm">
        <Select
          label={f('type')}
          data={TYPES.map((type) => ({ value: type, label: f(`types.${type}`) }))}
          value={value.filter}
          onChange={(v) => v && onChange({ ...value, filter: v as ActivityFilter })}
          allowDeselect={false}
        />
        <Select
          label={f('period')}
          data={ACTIVITY_PERIODS.map((p) => ({ value: p, label: f(`periods.${p}`) }))}
          value={value.period}
          onChange={(v) => v && onChange({ ...value, period: v as ActivityPeriod })}
          allowDeselect={false}
        />
        {value.period === 'custom' && (
          <>
            <DayInput
              label={f('from')}
              placeholder={f('datePlaceholder')}
              value={value.custom.from}
              onChange={(v) => setCustom({ from: v || null })}
              maxDate={limits.fromMax}
              clearable
              withAsterisk
              error={err(errors?.from)}
            />
            <DayInput
              label={f('to')}
              placeholder={f('datePlaceholder')}
              value={value.custom.to}
              onChange={(v) => setCustom({ to: v || null })}
              minDate={limits.toMin}
              maxDate={limits.toMax}
              clearable
              withAsterisk
              error={err(errors?.to)}
            />
          </>
        )}
      </SimpleGrid>
    </Paper>
  );
}
