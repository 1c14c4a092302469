import { Group, Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Employee } from '../../employees/api';
import { useDepartments } from '../../employees/api';
import { EmployeeAutocomplete } from '../../employees/components/EmployeeAutocomplete';
import { useAvailableYears, usePositions } from '../api';

export interface AttendanceFilterState {
  employee: Employee | null;
  employeeText: string;
  departmentId: string;
  position: string;
  month: number;
  year: number;
}

interface AttendanceFiltersProps {
  value: AttendanceFilterState;
  onChange: (next: Partial<AttendanceFilterState>) => void;
}

/** Filters of the monthly calendar (spec §2): employee, department, position, year, month. */
export function AttendanceFilters({ value, onChange }: AttendanceFiltersProps) {
  const { t } = useTranslation('dashboard');
  const departments = useDepartments();
  const positions = usePositions();
  const years = useAvailableYears();
  const months = t('attendance.months', { returnObjects: true }) as string[];
  const yearList = [...new Set([...(years.data ?? []), value.year])].sort((a, b) => b - a);

  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <EmployeeAutocomplete
        label={t('attendance.filters.employee')}
        value={value.employee}
        onChange={(employee) => onChange({ employee, employeeText: '' })}
        onTextChange={(employeeText) => onChange({ employeeText })}
        style={{ flex: '2 1 240px' }}
      />
      <Select
        label={t('attendance.filters.department')}
        data={[
          { value: '', label: t('attendance.filters.all') },
          { value: 'none', label: t('attendance.filters.noDepartment') },
          ...(departments.data ?? []).map((d) => ({ value: d.id, label: d.name })),
        ]}
        value={value.departmentId}
        onChange={(v) => onChange({ departmentId: v ?? '' })}
        allowDeselect={false}
        style={{ flex: '1 1 170px' }}
      />
      <Select
        label={t('attendance.filters.position')}
        data={[{ value: '', label: t('attendance.filters.allPositions') }, ...(positions.data ?? []).map((p) => ({ value: p, label: p }))]}
        value={value.position}
        onChange={(v) => onChange({ position: v ?? '' })}
        allowDeselect={false}
        searchable
        style={{ flex: '1 1 170px' }}
      />
      <Select
        label={t('attendance.filters.year')}
        data={yearList.map((y) => ({ value: String(y), label: String(y) }))}
        value={String(value.year)}
        onChange={(v) => v && onChange({ year: Number(v) })}
        allowDeselect={false}
        style={{ flex: '0 1 110px' }}
      />
      <Select
        label={t('attendance.filters.month')}
        data={months.map((name, i) => ({ value: String(i + 1), label: name }))}
        value={String(value.month)}
        onChange={(v) => v && onChange({ month: Number(v) })}
        allowDeselect={false}
        style={{ flex: '0 1 150px' }}
      />
    </Group>
  );
}
