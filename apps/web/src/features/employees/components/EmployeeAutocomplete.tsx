import { CloseButton, Combobox, Group, Loader, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AUTOCOMPLETE_MIN_CHARS, type Employee, useEmployeeSearch } from '../api';

/** Spec §9: the suggestions close 200 ms after the field loses focus (a click on an option lands first). */
export const BLUR_CLOSE_DELAY_MS = 200;
export const SEARCH_DEBOUNCE_MS = 250;

export const employeeFullName = (e: Pick<Employee, 'firstName' | 'lastName'>) => `${e.firstName} ${e.lastName}`.trim();

interface EmployeeAutocompleteProps {
  label: string;
  placeholder?: string;
  /** The chosen employee, or null. */
  value: Employee | null;
  onChange: (employee: Employee | null) => void;
  /** The typed text while nobody is chosen (lets a list filter by name). */
  onTextChange?: (text: string) => void;
  style?: React.CSSProperties;
}

/**
 * Employee autocomplete (spec §2, §9), shared by the attendance calendar and the reports tab: suggestions
 * from 2 characters, at most 10, each with name, code and email; a clear button; closes 200 ms after blur.
 */
export function EmployeeAutocomplete({ label, placeholder, value, onChange, onTextChange, style }: EmployeeAutocompleteProps) {
  const { t } = useTranslation('dashboard');
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [text, setText] = useState(value ? employeeFullName(value) : '');
  const [debounced] = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  const blurTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const chosenName = value ? employeeFullName(value) : '';
  const searching = !value && debounced.trim().length >= AUTOCOMPLETE_MIN_CHARS;
  const search = useEmployeeSearch(searching ? debounced : '');

  // A choice made elsewhere (or cleared) shows in the field.
  useEffect(() => {
    if (value) setText(employeeFullName(value));
  }, [value]);
  useEffect(() => () => clearTimeout(blurTimer.current), []);

  const change = (next: string) => {
    setText(next);
    if (value) onChange(null);
    onTextChange?.(next);
    if (next.trim().length >= AUTOCOMPLETE_MIN_CHARS) combobox.openDropdown();
    else combobox.closeDropdown();
  };

  const choose = (id: string) => {
    const employee = search.data?.find((e) => e.id === id);
    if (!employee) return;
    onChange(employee);
    setText(employeeFullName(employee));
    combobox.closeDropdown();
  };

  const clear = () => {
    setText('');
    onChange(null);
    onTextChange?.('');
    combobox.closeDropdown();
  };

  const options = (search.data ?? []).map((e) => (
    <Combobox.Option value={e.id} key={e.id}>
      <Text size="sm" fw={600}>
        {employeeFullName(e)}
      </Text>
      <Text size="xs" c="dimmed">
        {e.employeeCode} · {e.email}
      </Text>
    </Combobox.Option>
  ));

  const rightSection = search.isFetching ? (
    <Loader size={14} />
  ) : text ? (
    <CloseButton size="sm" onMouseDown={(e) => e.preventDefault()} onClick={clear} aria-label={t('attendance.autocomplete.clear')} />
  ) : null;

  return (
    <Combobox store={combobox} onOptionSubmit={choose} withinPortal>
      <Combobox.Target>
        <TextInput
          label={label}
          placeholder={placeholder ?? t('attendance.autocomplete.placeholder')}
          leftSection={<IconSearch size={16} />}
          rightSection={rightSection}
          value={text}
          style={style}
          autoComplete="off"
          onChange={(e) => change(e.currentTarget.value)}
          onFocus={() => {
            clearTimeout(blurTimer.current);
            if (!value && text.trim().length >= AUTOCOMPLETE_MIN_CHARS) combobox.openDropdown();
          }}
          onBlur={() => {
            blurTimer.current = setTimeout(() => {
              combobox.closeDropdown();
              // Leaving the field with a chosen employee keeps the chosen name.
              if (value) setText(chosenName);
            }, BLUR_CLOSE_DELAY_MS);
          }}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={!searching}>
        <Combobox.Options mah={320} style={{ overflowY: 'auto' }}>
          {options.length > 0 ? (
            options
          ) : (
            <Combobox.Empty>
              <Group gap="xs" justify="center">
                {search.isFetching ? t('attendance.autocomplete.searching') : t('attendance.autocomplete.noResults')}
              </Group>
            </Combobox.Empty>
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
