import { Alert, Button, Card, Container, Group, Loader, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconFileSpreadsheet, IconFileTypePdf, IconLock, IconLogout } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { BrandLogo } from '../../components/BrandLogo';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { LoadError } from '../../components/LoadError';
import { useLogout } from '../auth/api';
import { ownRegisterUrl, useRegisterSummary } from './api';

const ddmmyyyy = (ymd: string) => `${ymd.slice(8, 10)}/${ymd.slice(5, 7)}/${ymd.slice(0, 4)}`;
const dayIn = (iso: string, timezone: string) => ddmmyyyy(new Intl.DateTimeFormat('en-CA', { timeZone: timezone }).format(new Date(iso)));

/**
 * What the admin of a company whose access ended sees, whatever the path (decision 0034): the attendance register
 * to download (Excel and PDF, every month kept) and nothing else; every other endpoint answers 403 register_only.
 */
export function RegisterOnlyPage() {
  const { t, i18n } = useTranslation('dashboard');
  const summary = useRegisterSummary();
  const logout = useLogout();
  const s = summary.data;
  return (
    <Container size={720} py="xl" px="md">
      <Group justify="space-between" mb="xl" wrap="nowrap">
        <BrandLogo size="sm" />
        <Group gap="xs" wrap="nowrap">
          <LanguageSwitch />
          <Button variant="subtle" color="gray" size="xs" leftSection={<IconLogout size={16} />} onClick={() => logout.mutate()} loading={logout.isPending}>
            {t('register.logout')}
          </Button>
        </Group>
      </Group>
      <Stack gap="lg">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon size={44} radius="xl" variant="light" color="orange" aria-hidden>
            <IconLock size={24} />
          </ThemeIcon>
          <div>
            <Title order={1} size="h2">
              {t('register.title')}
            </Title>
            {s && (
              <Text c="dimmed">
                {s.companyName}
                {s.ruc ? ` · RUC ${s.ruc}` : ''}
              </Text>
            )}
          </div>
        </Group>
        <Alert color="orange" variant="light" title={t('register.endedTitle')}>
          {t('register.endedBody')}
        </Alert>
        {summary.isPending && <Loader aria-label={t('register.loading')} />}
        {summary.isError && <LoadError message={t('register.loadError')} onRetry={() => void summary.refetch()} />}
        {s && (
          <Card withBorder radius="md" padding="lg">
            <Stack gap="md">
              <Text fw={600}>{t('register.wholeRegister')}</Text>
              <Text>
                {s.records > 0 && s.firstDate && s.lastDate
                  ? t('register.contents', { count: s.records, from: ddmmyyyy(s.firstDate), to: ddmmyyyy(s.lastDate) })
                  : t('register.empty')}
              </Text>
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
                <Button component="a" href={ownRegisterUrl('xlsx', i18n.language)} download leftSection={<IconFileSpreadsheet size={18} />} size="md">
                  {t('register.downloadExcel')}
                </Button>
                <Button
                  component="a"
                  href={ownRegisterUrl('pdf', i18n.language)}
                  download
                  variant="light"
                  leftSection={<IconFileTypePdf size={18} />}
                  size="md"
                >
                  {t('register.downloadPdf')}
                </Button>
              </SimpleGrid>
              <Text size="sm" c="dimmed">
                {s.deletionAt ? t('register.deletionOn', { date: dayIn(s.deletionAt, s.timezone) }) : t('register.keptNote')}
              </Text>
            </Stack>
          </Card>
        )}
        <Text size="sm" c="dimmed">
          {t('register.support')}
        </Text>
      </Stack>
    </Container>
  );
}
