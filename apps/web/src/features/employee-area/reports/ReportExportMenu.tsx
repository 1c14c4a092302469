import { Button, Menu } from '@mantine/core';
import { IconChevronDown, IconDownload, IconFileSpreadsheet, IconFileTypePdf } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadBlob, downloadWorkbook } from '../../../lib/exports';
import { notify } from '../../../lib/notify';
import { buildReportPdf, buildReportWorkbook, type EmployeeReport, reportFileName } from './reportExport';

/** Export dropdown: Excel (Mi Resumen + Mis Asistencias) or PDF of the chosen period, laid out from the server's report. */
export function ReportExportMenu({ file }: { file: Omit<EmployeeReport, 't'> | null }) {
  const { t } = useTranslation(['employee', 'common']);
  const [busy, setBusy] = useState<'excel' | 'pdf' | null>(null);
  const e = (key: string) => t(`employeeArea.reports.export.${key}`);

  const run = async (kind: 'excel' | 'pdf') => {
    if (!file) return notify.error(e('noData'));
    if (!file.report.attendances.length) return notify.error(e('noRecords'));
    setBusy(kind);
    const full: EmployeeReport = { ...file, t };
    try {
      if (kind === 'excel') {
        await downloadWorkbook(await buildReportWorkbook(full), reportFileName(full, 'xlsx'));
        notify.success(e('excelDone'));
      } else {
        const doc = await buildReportPdf(full);
        downloadBlob(doc.output('blob'), reportFileName(full, 'pdf'));
        notify.success(e('pdfDone'));
      }
    } catch (error) {
      console.error('employee report export failed', error);
      notify.error(kind === 'excel' ? e('excelError') : e('pdfError'));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Menu position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        <Button variant="light" leftSection={<IconDownload size={16} />} rightSection={<IconChevronDown size={14} />} loading={busy !== null} disabled={!file}>
          {e('button')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconFileSpreadsheet size={16} />} onClick={() => run('excel')}>
          {e('excel')}
        </Menu.Item>
        <Menu.Item leftSection={<IconFileTypePdf size={16} />} onClick={() => run('pdf')}>
          {e('pdf')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
