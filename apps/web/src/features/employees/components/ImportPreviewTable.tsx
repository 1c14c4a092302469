import { Badge, Group, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ParsedSheet } from '../import-file';

interface ImportPreviewTableProps {
  sheet: ParsedSheet;
  /** Errors of the server's check by file line (header = line 1). */
  errors: Map<number, { field: string; message: string }[]>;
  /** Whether the server has accepted every row (dry run passed). */
  accepted: boolean;
}

/** The file's rows as read, with each line's errors (or "Lista") next to it. */
export function ImportPreviewTable({ sheet, errors, accepted }: ImportPreviewTableProps) {
  const { t } = useTranslation('dashboard');
  const fieldLabel = (field: string) => t(`employees.import.fields.${field}`, { defaultValue: field });

  return (
    <ScrollArea.Autosize mah={360} type="auto" offsetScrollbars>
      <Table striped withTableBorder withColumnBorders fz="xs" verticalSpacing={6} miw={720} stickyHeader>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={56}>{t('employees.import.line')}</Table.Th>
            <Table.Th miw={240}>{t('employees.import.result')}</Table.Th>
            {sheet.headers.map((h) => (
              <Table.Th key={h} style={{ whiteSpace: 'nowrap' }}>
                {h}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sheet.rows.map((row, i) => {
            const line = sheet.lines[i];
            const lineErrors = errors.get(line) ?? [];
            return (
              <Table.Tr key={line} bg={lineErrors.length ? 'red.0' : undefined} data-testid={`import-line-${line}`}>
                <Table.Td fw={600}>{line}</Table.Td>
                <Table.Td>
                  {lineErrors.length > 0 ? (
                    <Stack gap={2}>
                      {lineErrors.map((e) => (
                        <Text key={`${e.field}-${e.message}`} size="xs" c="red.8">
                          <Text span fw={700} inherit>
                            {fieldLabel(e.field)}:
                          </Text>{' '}
                          {e.message}
                        </Text>
                      ))}
                    </Stack>
                  ) : accepted ? (
                    <Group gap={4} wrap="nowrap">
                      <IconCircleCheck size={16} color="var(--mantine-color-teal-6)" />
                      <Badge color="teal" variant="light" size="sm">
                        {t('employees.import.rowOk')}
                      </Badge>
                    </Group>
                  ) : null}
                </Table.Td>
                {sheet.headers.map((h) => (
                  <Table.Td key={h} style={{ whiteSpace: 'nowrap' }}>
                    {row[h]}
                  </Table.Td>
                ))}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
}
