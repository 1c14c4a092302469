import { Alert, Button, Container, Divider, Group, List, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { currentLanguage } from '../../../lib/i18n';
import { errorMessage } from '../../../lib/messages';
import { useSession } from '../../auth/api';
import { useConsentRecord } from '../api';

/** '26/11/2026 14:05:09' in the company's timezone. */
function when(iso: string, timezone: string, locale: string) {
  return new Intl.DateTimeFormat(locale, { timeZone: timezone, dateStyle: 'short', timeStyle: 'medium' }).format(new Date(iso));
}

/**
 * The printable record of one biometric consent (decision 0035): notice text and version, the worker's typed name and
 * document, how and when, device and network. For the company's admin or the worker themself; the browser prints it.
 */
export function ConsentRecordPage() {
  const { t } = useTranslation('common');
  const { id = '' } = useParams();
  const session = useSession();
  const role = session.data?.role;
  const record = useConsentRecord(id, role === 'COMPANY_ADMIN', role === 'COMPANY_ADMIN' || role === 'EMPLOYEE');
  const r = (key: string, vars?: Record<string, string>) => t(`consent.record.${key}`, vars);
  if (session.isPending) return <Loader m="xl" />;
  if (!session.data) return <Navigate to="/login" replace />;
  if (record.isPending) return <Loader m="xl" />;
  if (record.isError)
    return (
      <Container size="sm" py="xl">
        <Alert color="red">{errorMessage(t, record.error, r('loadError'))}</Alert>
      </Container>
    );
  const d = record.data;
  const locale = currentLanguage() === 'es' ? 'es-PE' : 'en-GB';
  const rows: [string, string][] = [
    [r('company'), d.companyName],
    [r('employee'), `${d.employeeName} (${d.employeeCode})`],
    [r('signedName'), d.signedName ?? r('none')],
    [r('signedDocument'), d.signedDocument ?? r('none')],
    [r('method'), r(`methods.${d.method}`)],
    [r('acceptedAt'), `${when(d.acceptedAt, d.timezone, locale)} (${d.timezone})`],
    [r('noticeVersion'), d.noticeVersion],
    [r('device'), d.userAgent ?? r('none')],
    [r('ip'), d.ip ?? r('none')],
    [r('recordedBy'), d.recordedBy ?? r('none')],
    [r('status'), d.withdrawnAt ? r('withdrawn', { date: when(d.withdrawnAt, d.timezone, locale), reason: d.withdrawnReason ?? '' }) : r('inForce')],
  ];
  return (
    <Container size="sm" py="xl" className="consent-record">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={2}>{r('title')}</Title>
            <Text size="sm" c="dimmed">
              {r('law')}
            </Text>
          </div>
          <Button leftSection={<IconPrinter size={16} />} onClick={() => window.print()} className="no-print">
            {r('print')}
          </Button>
        </Group>
        <Table withTableBorder withColumnBorders verticalSpacing="xs">
          <Table.Tbody>
            {rows.map(([k, v]) => (
              <Table.Tr key={k}>
                <Table.Th w="34%">{k}</Table.Th>
                <Table.Td style={{ wordBreak: 'break-word' }}>{v}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Divider label={r('notice')} labelPosition="left" />
        {d.notice ? (
          <List size="sm" spacing={6}>
            {d.notice[currentLanguage()].map((line) => (
              <List.Item key={line}>{line}</List.Item>
            ))}
          </List>
        ) : (
          <Text size="sm">{r('none')}</Text>
        )}
        <Text size="xs" c="dimmed">
          {r('footer', { id: d.id })}
        </Text>
      </Stack>
    </Container>
  );
}
