import { Alert, Button, List, Menu, Modal, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconChevronDown, IconDownload, IconFileSpreadsheet, IconFileTypePdf, IconInfoCircle, IconScale } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError, apiFile, type FieldError } from '../../../lib/api';
import { downloadBlob, downloadWorkbook } from '../../../lib/exports';
import { currentLanguage } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useExportGate } from '../../plan-usage/useExportGate';
import { type CalendarFilters, fetchCalendarForExport, useCompanyIdentity } from '../api';
import { buildCalendarPdf, buildCalendarWorkbook, type MonthExport, monthFileStamp } from '../exports/calendarExport';

type Kind = 'excel' | 'pdf' | 'peruExcel' | 'peruPdf';

interface ExportMenuProps {
  filters: CalendarFilters;
  timezone: string;
}

/** Peru's register of one month, written by the server (decision 0037): the one copy of its rules. */
const registerPath = (month: string, format: 'xlsx' | 'pdf') =>
  `/company-admin-simple/attendance/register?from=${month}&to=${month}&format=${format}&lang=${currentLanguage() === 'en' ? 'en' : 'es'}`;

/** Export menu of the attendance tab: the filtered month (every page) as Excel or PDF, and Peru's attendance register. */
export function ExportMenu({ filters, timezone }: ExportMenuProps) {
  const { t } = useTranslation('dashboard');
  const company = useCompanyIdentity();
  const [busy, setBusy] = useState<Kind | null>(null);
  /** Workers the server listed without an identity document (422 documents_missing): the export waits for them. */
  const [missing, setMissing] = useState<FieldError[] | null>(null);
  // Excel/PDF of the month are Premium; Peru's register is exported on every plan (legal obligation).
  const gate = useExportGate();

  const run = async (kind: Kind) => {
    setBusy(kind);
    try {
      const { rows } = await fetchCalendarForExport(filters);
      if (!rows.length) return notify.error(t('attendance.export.noData'));
      const e: MonthExport = { rows, month: filters.month, year: filters.year, company, timezone, t };
      if (kind === 'peruExcel' || kind === 'peruPdf') {
        if (!rows.some((r) => r.days.some((d) => d.attendance))) return notify.error(t('attendance.export.noRecords'));
        const format = kind === 'peruExcel' ? 'xlsx' : 'pdf';
        downloadBlob(await apiFile(registerPath(monthFileStamp(e), format)), `Registro_Asistencia_${monthFileStamp(e)}.${format}`);
        notify.success(t(format === 'xlsx' ? 'attendance.export.excelDone' : 'attendance.export.pdfDone'));
      } else if (kind === 'excel') {
        await downloadWorkbook(await buildCalendarWorkbook(e), `Asistencia_${monthFileStamp(e)}.xlsx`);
        notify.success(t('attendance.export.excelDone'));
      } else {
        downloadBlob((await buildCalendarPdf(e)).output('blob'), `Asistencia_${monthFileStamp(e)}.pdf`);
        notify.success(t('attendance.export.pdfDone'));
      }
    } catch (error) {
      if (error instanceof ApiError && error.code === 'documents_missing') return setMissing(error.errors ?? []);
      console.error('attendance export failed', error);
      notify.error(
        error instanceof ApiError && error.message
          ? error.message
          : kind === 'excel'
            ? t('attendance.export.excelError')
            : kind === 'pdf'
              ? t('attendance.export.pdfError')
              : t('attendance.peru.error'),
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
      <Modal opened={missing !== null} onClose={() => setMissing(null)} title={t('attendance.peru.missingTitle')} size="lg">
        <Alert color="red" icon={<IconAlertTriangle size={18} />} mb="md">
          {t('attendance.peru.missingIntro')}
        </Alert>
        <List size="sm" mb="md">
          {(missing ?? []).map((m) => (
            <List.Item key={m.path}>{m.message}</List.Item>
          ))}
        </List>
        <Button component={Link} to="/company-admin/employees" onClick={() => setMissing(null)}>
          {t('attendance.peru.missingFix')}
        </Button>
      </Modal>
    </>
  );
}
