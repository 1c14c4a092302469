import { Button, Menu, Text, Tooltip } from '@mantine/core';
import { IconChevronDown, IconDownload, IconFileSpreadsheet, IconFileTypePdf, IconInfoCircle, IconScale } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadBlob, downloadWorkbook } from '../../../lib/exports';
import { notify } from '../../../lib/notify';
import { useExportGate } from '../../plan-usage/useExportGate';
import { type CalendarFilters, fetchCalendarForExport, useCompanyIdentity } from '../api';
import { buildCalendarPdf, buildCalendarWorkbook, type MonthExport, monthFileStamp } from '../exports/calendarExport';
import { buildPeruPdf, buildPeruWorkbook } from '../exports/peruExport';

type Kind = 'excel' | 'pdf' | 'peruExcel' | 'peruPdf';

interface ExportMenuProps {
  filters: CalendarFilters;
  timezone: string;
}

/** Export menu of the attendance tab: the filtered month (every page) as Excel or PDF, and Peru's attendance register. */
export function ExportMenu({ filters, timezone }: ExportMenuProps) {
  const { t } = useTranslation('dashboard');
  const company = useCompanyIdentity();
  const [busy, setBusy] = useState<Kind | null>(null);
  // Excel/PDF of the month are Premium; Peru's register is exported on every plan (legal obligation).
  const gate = useExportGate();

  const run = async (kind: Kind) => {
    setBusy(kind);
    try {
      const { rows } = await fetchCalendarForExport(filters);
      if (!rows.length) return notify.error(t('attendance.export.noData'));
      const peru = kind === 'peruExcel' || kind === 'peruPdf';
      if (peru && !rows.some((r) => r.days.some((d) => d.attendance))) return notify.error(t('attendance.export.noRecords'));
      const e: MonthExport = { rows, month: filters.month, year: filters.year, company, timezone, t };
      const base = `${peru ? 'Registro_Asistencia' : 'Asistencia'}_${monthFileStamp(e)}`;
      if (kind === 'excel' || kind === 'peruExcel') {
        await downloadWorkbook(await (peru ? buildPeruWorkbook(e) : buildCalendarWorkbook(e)), `${base}.xlsx`);
        notify.success(t('attendance.export.excelDone'));
      } else {
        const doc = await (peru ? buildPeruPdf(e) : buildCalendarPdf(e));
        downloadBlob(doc.output('blob'), `${base}.pdf`);
        notify.success(t('attendance.export.pdfDone'));
      }
    } catch (error) {
      console.error('attendance export failed', error);
      notify.error(
        kind === 'excel' ? t('attendance.export.excelError') : kind === 'peruExcel' ? t('attendance.export.reportExcelError') : t('attendance.export.pdfError'),
      );
    } finally {
      setBusy(null);
    }
  };

  const formula = (
    <Tooltip label={t('attendance.peru.outsideFormula')} multiline w={300} withArrow position="left">
      <IconInfoCircle size={14} aria-label={t('attendance.peru.outsideFormula')} style={{ verticalAlign: 'middle' }} />
    </Tooltip>
  );

  return (
    <>
      <Menu position="bottom-end" withinPortal shadow="md" width={300}>
        <Menu.Target>
          <Button variant="light" leftSection={<IconDownload size={16} />} rightSection={<IconChevronDown size={14} />} loading={busy !== null}>
            {t('attendance.export.button')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>{t('attendance.export.monthLabel')}</Menu.Label>
          <Menu.Item leftSection={<IconFileSpreadsheet size={16} />} rightSection={gate.badge} onClick={gate.guard(() => run('excel'))}>
            {t('attendance.export.excel')}
          </Menu.Item>
          <Menu.Item leftSection={<IconFileTypePdf size={16} />} rightSection={gate.badge} onClick={gate.guard(() => run('pdf'))}>
            {t('attendance.export.pdf')}
          </Menu.Item>
          <Menu.Divider />
          <Menu.Label>
            {t('attendance.peru.menuLabel')} {formula}
          </Menu.Label>
          <Menu.Item leftSection={<IconScale size={16} />} onClick={() => run('peruExcel')}>
            <Text size="sm">{t('attendance.peru.excel')}</Text>
            <Text size="xs" c="dimmed">
              {t('attendance.peru.menuHint')}
            </Text>
          </Menu.Item>
          <Menu.Item leftSection={<IconScale size={16} />} onClick={() => run('peruPdf')}>
            <Text size="sm">{t('attendance.peru.pdf')}</Text>
            <Text size="xs" c="dimmed">
              {t('attendance.peru.menuHint')}
            </Text>
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {gate.prompt}
    </>
  );
}
