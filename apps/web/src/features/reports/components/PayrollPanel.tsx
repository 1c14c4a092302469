import { Alert, Button, Group, Loader, Paper, ScrollArea, Stack, Switch, Table, Text } from '@mantine/core';
import type { PayrollLineDto, PayrollResponse } from '@presente/shared';
import { IconAdjustments, IconAlertCircle, IconFileSpreadsheet, IconFileText } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DayInput } from '../../../components/DayInput';
import { API_BASE, api } from '../../../lib/api';
import { errorMessage } from '../../../lib/messages';
import { OvertimeApprovalModal } from './OvertimeApprovalModal';
import { PayrollRulesModal } from './PayrollRulesModal';

const PATH = '/company-admin-simple/reports/payroll';
/** The columns the view shows (the export has all of them, PAYROLL_COLUMNS). */
const SHOWN = [
  'daysWorked',
  'workedHours',
  'regularHours',
  'overtime25Hours',
  'overtime35Hours',
  'unapprovedOvertimeHours',
  'nightHours',
  'holidayWorkedHours',
  'restDayWorkedHours',
  'lateMinutes',
  'absences',
  'paidPermissions',
  'unpaidPermissions',
  'holidaysPaid',
] as const;

/** Nómina (issue 24 item 4, decision 0047): the company's payroll summary for the period, one row per employee, and its exports. */
export function PayrollPanel({ from: monthFrom, to: monthTo, mobile }: { from: string; to: string; mobile: boolean }) {
  const { t, i18n } = useTranslation('dashboard');
  // The report's month, or a custom range (up to 62 days, checked by the server: its message shows if refused).
  const [custom, setCustom] = useState<{ from: string | null; to: string | null } | null>(null);
  const from = custom?.from && custom.to ? custom.from : monthFrom;
  const to = custom?.from && custom.to ? custom.to : monthTo;
  const query = useQuery({
    queryKey: ['report', 'payroll', from, to],
    queryFn: async () => (await api.get<PayrollResponse['data']>(`${PATH}?from=${from}&to=${to}`)).data,
  });
  const file = (format: 'xlsx' | 'csv') => `${API_BASE}${PATH}?from=${from}&to=${to}&format=${format}&lang=${i18n.language === 'en' ? 'en' : 'es'}`;
  const lines = query.data?.lines ?? [];
  const [rulesOpen, setRulesOpen] = useState(false);
  const [approving, setApproving] = useState<PayrollLineDto | null>(null);
  // The open modal follows the refreshed figures after each approval.
  const approvingLine = approving ? (lines.find((l) => l.employeeId === approving.employeeId) ?? null) : null;
  const needsApproval = !!query.data?.rules.overtimeNeedsApproval;
  /** A line's unapproved overtime, with the button that opens its days when there are any. */
  const unapproved = (l: PayrollLineDto) =>
    needsApproval && l.overtimeDays.length > 0 ? (
      <Button
        size="compact-xs"
        variant="light"
        color="orange"
        onClick={() => setApproving(l)}
        aria-label={`${l.unapprovedOvertimeHours} · ${t('reports.payroll.overtime.review')} (${t('reports.payroll.overtime.open', { name: l.name })})`}
      >
        {l.unapprovedOvertimeHours} · {t('reports.payroll.overtime.review')}
      </Button>
    ) : (
      l.unapprovedOvertimeHours
    );
  return (
    <Paper withBorder p="md" radius="lg" component="section" aria-labelledby="payroll-title">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="sm">
          <div>
            <Text fw={700} id="payroll-title" component="h2" size="md">
              {t('reports.payroll.title')}
            </Text>
            <Text size="sm" c="dimmed">
              {t('reports.payroll.subtitle')}
            </Text>
          </div>
          <Group gap="xs">
            <Button variant="default" size="xs" leftSection={<IconAdjustments size={16} />} onClick={() => setRulesOpen(true)}>
              {t('reports.payroll.rules.open')}
            </Button>
            <Button component="a" href={file('xlsx')} download variant="default" size="xs" leftSection={<IconFileSpreadsheet size={16} />}>
              {t('reports.payroll.excel')}
            </Button>
            <Button component="a" href={file('csv')} download variant="default" size="xs" leftSection={<IconFileText size={16} />}>
              {t('reports.payroll.csv')}
            </Button>
          </Group>
        </Group>
        <Group gap="sm" align="flex-end" wrap="wrap">
          <Switch
            label={t('reports.payroll.range.custom')}
            checked={!!custom}
            onChange={(e) => setCustom(e.currentTarget.checked ? { from: monthFrom, to: monthTo } : null)}
          />
          {custom && (
            <>
              <DayInput label={t('reports.payroll.range.from')} value={custom.from} onChange={(v) => setCustom({ ...custom, from: v })} w={150} />
              <DayInput label={t('reports.payroll.range.to')} value={custom.to} onChange={(v) => setCustom({ ...custom, to: v })} w={150} />
            </>
          )}
        </Group>
        {query.isError ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {errorMessage(t, query.error, t('reports.loadError'))}
          </Alert>
        ) : !query.data ? (
          <Group justify="center" py="md">
            <Loader />
          </Group>
        ) : lines.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('reports.payroll.empty')}
          </Text>
        ) : mobile ? (
          <Stack gap="xs" data-testid="payroll-cards">
            {lines.map((l) => (
              <Paper key={l.employeeId} withBorder p="sm" radius="md">
                <Text fw={600}>{l.name}</Text>
                {SHOWN.map((c) => (
                  <Group key={c} justify="space-between" gap="xs">
                    <Text size="sm">{t(`reports.payroll.col.${c}`)}</Text>
                    <Text size="sm" fw={500} component="div">
                      {c === 'unapprovedOvertimeHours' ? unapproved(l) : l[c]}
                    </Text>
                  </Group>
                ))}
              </Paper>
            ))}
          </Stack>
        ) : (
          <ScrollArea type="auto" viewportProps={{ tabIndex: 0, 'aria-label': t('reports.payroll.title') }}>
            <Table striped withTableBorder data-testid="payroll-table" data-wide-table miw={1100}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('reports.payroll.col.name')}</Table.Th>
                  {SHOWN.map((c) => (
                    <Table.Th key={c} scope="col" ta="right">
                      {t(`reports.payroll.col.${c}`)}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {lines.map((l) => (
                  <Table.Tr key={l.employeeId}>
                    <Table.Th scope="row" fw={500}>
                      {l.name}
                    </Table.Th>
                    {SHOWN.map((c) => (
                      <Table.Td key={c} ta="right">
                        {c === 'unapprovedOvertimeHours' ? unapproved(l) : l[c]}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        )}
      </Stack>
      <PayrollRulesModal opened={rulesOpen} onClose={() => setRulesOpen(false)} />
      <OvertimeApprovalModal line={approvingLine} onClose={() => setApproving(null)} />
    </Paper>
  );
}
