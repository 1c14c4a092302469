import { Alert, Anchor, Button, FileInput, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconDownload, IconFileSpreadsheet, IconInfoCircle, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api';
import { errorMessage, translateMessage } from '../../../lib/messages';
import { notify } from '../../../lib/notify';
import { type ImportResult, useImportEmployees } from '../api';
import { downloadTemplate, errorsByLine, type ParsedSheet, parseEmployeeFile, TEMPLATE_HEADERS, UnsupportedFileError } from '../import-file';
import { ImportPreviewTable } from './ImportPreviewTable';

interface ImportEmployeesModalProps {
  opened: boolean;
  onClose: () => void;
  /** Called with a 403 plan_limit_reached answer, e.g. a file that does not fit in the plan (the caller opens the upgrade prompt). */
  onPlanLimit: (error: unknown) => boolean;
}

type LineErrors = Map<number, { field: string; message: string }[]>;

/**
 * Bulk import: pick a .csv/.xlsx file, the server checks every row (dry run) and the preview shows each
 * line with its errors; "Importar N empleados" writes all rows or none.
 */
export function ImportEmployeesModal({ opened, onClose, onPlanLimit }: ImportEmployeesModalProps) {
  const { t } = useTranslation('dashboard');
  const importMutation = useImportEmployees();
  const [file, setFile] = useState<File | null>(null);
  const [sheet, setSheet] = useState<ParsedSheet | null>(null);
  const [reading, setReading] = useState(false);
  const [preview, setPreview] = useState<{ result: ImportResult; message?: string } | null>(null);
  const [problem, setProblem] = useState<{ summary: string; lines: LineErrors } | null>(null);

  const reset = () => {
    setFile(null);
    setSheet(null);
    setPreview(null);
    setProblem(null);
    importMutation.reset();
  };
  const close = () => {
    reset();
    onClose();
  };

  const fail = (error: unknown, fallback: string) => {
    if (onPlanLimit(error)) return close();
    setProblem({ summary: errorMessage(t, error, fallback), lines: errorsByLine(error instanceof ApiError ? error.errors : undefined) });
  };

  const check = ({ rows, lines }: ParsedSheet) =>
    importMutation.mutate(
      { rows, lines, dryRun: true },
      { onSuccess: (res) => setPreview(res), onError: (error) => fail(error, t('employees.import.failed')) },
    );

  const pick = async (picked: File | null) => {
    reset();
    setFile(picked);
    if (!picked) return;
    setReading(true);
    try {
      const parsed = await parseEmployeeFile(picked);
      setSheet(parsed);
      if (parsed.rows.length === 0) setProblem({ summary: translateMessage(t, 'import.empty'), lines: new Map() });
      else check(parsed);
    } catch (error) {
      const key = error instanceof UnsupportedFileError ? 'employees.import.typeError' : 'employees.import.readError';
      setProblem({ summary: t(key), lines: new Map() });
    } finally {
      setReading(false);
    }
  };

  const runImport = () => {
    if (!sheet) return;
    importMutation.mutate(
      { rows: sheet.rows, lines: sheet.lines, dryRun: false },
      {
        onSuccess: ({ result, message }) => {
          notify.success(message ?? translateMessage(t, 'import.done', { count: result.count }));
          if (result.mailsQueued) notify.info(t('employees.import.mailsQueued', { count: result.mailsQueued }));
          if (result.emailFailures > 0) notify.error(t('employees.import.emailFailures', { count: result.emailFailures }));
          close();
        },
        onError: (error) => {
          setPreview(null);
          fail(error, t('employees.import.failed'));
        },
      },
    );
  };

  const busy = reading || importMutation.isPending;
  const visibleLines = new Set(sheet?.lines);
  const hiddenErrors = [...(problem?.lines ?? [])].filter(([line]) => !visibleLines.has(line));

  return (
    <Modal opened={opened} onClose={close} title={t('employees.import.title')} size="xl" centered>
      <Stack gap="md">
        <Text size="sm">{t('employees.import.intro')}</Text>
        <Alert variant="light" color="indigo" icon={<IconInfoCircle size={18} />}>
          <Text size="sm">{t('employees.import.templateHint', { columns: TEMPLATE_HEADERS.join(', ') })}</Text>
          <Anchor component="button" type="button" size="sm" fw={600} mt={6} onClick={() => downloadTemplate(t('employees.import.templateFile'))}>
            <Group gap={4} wrap="nowrap">
              <IconDownload size={16} />
              {t('employees.import.template')}
            </Group>
          </Anchor>
        </Alert>

        <FileInput
          label={t('employees.import.file')}
          placeholder={t('employees.import.filePlaceholder')}
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          leftSection={<IconFileSpreadsheet size={16} />}
          value={file}
          onChange={(f) => void pick(f)}
          clearable
          disabled={importMutation.isPending && !importMutation.variables?.dryRun}
        />

        {busy && (
          <Group gap="xs">
            <Loader size="xs" />
            <Text size="sm" c="dimmed">
              {t('employees.import.checking')}
            </Text>
          </Group>
        )}

        {problem && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            <Text size="sm" fw={600}>
              {problem.summary}
            </Text>
            {hiddenErrors.map(([line, errs]) =>
              errs.map((e) => (
                <Text key={`${line}-${e.field}`} size="sm" mt={4}>
                  {e.message}
                </Text>
              )),
            )}
          </Alert>
        )}

        {preview && (
          <Alert color="teal" variant="light" icon={<IconInfoCircle size={18} />}>
            <Text size="sm" fw={600}>
              {preview.message ?? translateMessage(t, 'import.preview', { count: preview.result.count })}
            </Text>
            {preview.result.newDepartments.length > 0 && (
              <Text size="sm" mt={4}>
                {t('employees.import.newDepartments', { names: preview.result.newDepartments.join(', ') })}
              </Text>
            )}
          </Alert>
        )}

        {sheet && sheet.rows.length > 0 && (
          <Stack gap={6}>
            <Text size="sm" fw={600}>
              {t('employees.import.previewTitle', { count: sheet.rows.length })}
            </Text>
            <ImportPreviewTable sheet={sheet} errors={problem?.lines ?? new Map()} accepted={!!preview} />
          </Stack>
        )}

        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close}>
            {t('employees.actions.cancel')}
          </Button>
          <Button
            leftSection={<IconUpload size={16} />}
            disabled={!preview || busy}
            loading={importMutation.isPending && importMutation.variables?.dryRun === false}
            onClick={runImport}
          >
            {t('employees.import.submit', { count: preview?.result.count ?? sheet?.rows.length ?? 0 })}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
