import { Button, Menu } from '@mantine/core';
import { IconChevronDown, IconDownload, IconFileSpreadsheet, IconFileTypePdf } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadBlob, downloadWorkbook } from '../../../lib/exports';
import { notify } from '../../../lib/notify';
import { useCompanyIdentity } from '../../attendance/api';
import { useExportGate } from '../../plan-usage/useExportGate';
import { buildReportPdf, buildReportWorkbook, reportFileName } from '../exports';
import type { EmployeeReport } from '../report';

interface ReportExportMenuProps {
  /** null while no employee is chosen (or the data is loading). */
  report: EmployeeReport | null;
  timezone: string;
}

/** Export dropdown of the reports tab (spec §2, §7, §8): Excel (Resumen + Detalle) or PDF. */
export function ReportExportMenu({ report, timezone }: ReportExportMenuProps) {
  const { t } = useTranslation('dashboard');
  const company = useCompanyIdentity();
  const [busy, setBusy] = useState(false);
  // Excel/PDF exports are Premium ("full reports with export"); FREE gets the upgrade prompt.
  const gate = useExportGate();

  const run = async (kind: 'excel' | 'pdf') => {
    if (!report) return notify.error(t('reports.export.selectEmployee'));
    if (report.attendances.length === 0) return notify.error(t('reports.export.noRecords'));
    setBusy(true);
    try {
      const e = { report, company, timezone, t };
      if (kind === 'excel') {
        await downloadWorkbook(await buildReportWorkbook(e), reportFileName(report, 'xlsx'));
        notify.success(t('reports.export.excelDone'));
      } else {
        const doc = await buildReportPdf(e);
        downloadBlob(doc.output('blob'), reportFileName(report, 'pdf'));
        notify.success(t('reports.export.pdfDone'));
      }
    } catch (error) {
      console.error('report export failed', error);
      notify.error(kind === 'excel' ? t('reports.export.excelError') : t('reports.export.pdfError'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Menu position="bottom-end" withinPortal shadow="md">
        <Menu.Target>
          <Button variant="light" leftSection={<IconDownload size={16} />} rightSection={<IconChevronDown size={14} />} loading={busy}>
            {t('reports.export.button')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<IconFileSpreadsheet size={16} />} rightSection={gate.badge} onClick={gate.guard(() => void run('excel'))}>
            {t('reports.export.excel')}
          </Menu.Item>
          <Menu.Item leftSection={<IconFileTypePdf size={16} />} rightSection={gate.badge} onClick={gate.guard(() => void run('pdf'))}>
            {t('reports.export.pdf')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {gate.prompt}
    </>
  );
}
