import { Alert, Button, Divider, Group, Modal, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { findCountry, limitFor, type SuperAdminCompany } from '@presente/shared';
import { IconPencil } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n';
import { CompanyRegisterButtons } from '../../register/CompanyRegisterButtons';
import { useCompany } from '../api';
import { employeesUsage, formatDayMonthYear } from '../format';
import { AdminStatusBadge, CompanyStatusBadge, PlanBadge } from './CompanyBadges';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase" style={{ letterSpacing: '0.03em' }}>
        {label}
      </Text>
      <Text component="div" size="sm" mt={2} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

interface CompanyInfoModalProps {
  company: SuperAdminCompany | null;
  onClose: () => void;
  onEdit: (company: SuperAdminCompany) => void;
}

/** Every field of a company and its administrator (spec §2 company info modal); refreshed from the API on open. */
export function CompanyInfoModal({ company, onClose, onEdit }: CompanyInfoModalProps) {
  const { t } = useTranslation('dashboard');
  return (
    <Modal opened={Boolean(company)} onClose={onClose} title={t('superAdmin.info.title')} size="lg" radius="lg" styles={{ title: { fontWeight: 700 } }}>
      {company && <CompanyInfo key={company.id} initial={company} onClose={onClose} onEdit={onEdit} />}
    </Modal>
  );
}

function CompanyInfo({ initial, onClose, onEdit }: { initial: SuperAdminCompany; onClose: () => void; onEdit: (company: SuperAdminCompany) => void }) {
  const { t } = useTranslation(['dashboard', 'common']);
  const query = useCompany(initial.id, initial);
  const c = query.data ?? initial;
  const i = (key: string) => t(`superAdmin.info.${key}`);
  const na = t('common:display.notAvailable');
  const country = findCountry(c.country)?.name[currentLanguage()] ?? c.country;

  return (
    <Stack gap="md">
      {query.isError && (
        <Alert color="yellow" variant="light">
          {i('loadError')}
        </Alert>
      )}
      <div>
        <Title order={3} fz="lg">
          {c.name}
        </Title>
        <Group gap="xs" mt={6}>
          <PlanBadge plan={c.plan} />
          <CompanyStatusBadge status={c.status} closed={!!c.closedAt} />
        </Group>
      </div>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="sm">
        <Field label={i('ruc')}>{c.ruc || na}</Field>
        <Field label={i('email')}>{c.email || na}</Field>
        <Field label={i('phone')}>{c.phone || na}</Field>
        <Field label={i('city')}>{c.city || na}</Field>
        <Field label={i('address')}>{c.address || na}</Field>
        <Field label={i('country')}>{country}</Field>
        <Field label={i('timezone')}>{c.timezone}</Field>
        <Field label={i('locale')}>{c.locale}</Field>
        <Field label={i('employees')}>
          {employeesUsage(t, c)}
          {limitFor(c, 'employees') !== c.maxEmployees && (
            <Text size="xs" c="dimmed" fw={400} data-testid="effective-limit-hint">
              {t('superAdmin.companies.effectiveLimitHint', {
                max: c.maxEmployees === -1 ? t('superAdmin.companies.unlimited') : c.maxEmployees,
                limit: limitFor(c, 'employees'),
              })}
            </Text>
          )}
        </Field>
        <Field label={i('registeredAt')}>{formatDayMonthYear(t, c.registeredAt, c.timezone)}</Field>
        <Field label={i('updatedAt')}>{formatDayMonthYear(t, c.updatedAt, c.timezone)}</Field>
      </SimpleGrid>
      {c.closedAt && (
        <>
          <Divider label={t('register.superAdmin.heading')} labelPosition="left" />
          <Text size="sm">{t('register.superAdmin.closedOn', { date: formatDayMonthYear(t, c.closedAt, c.timezone) })}</Text>
          <CompanyRegisterButtons companyId={c.id} companyName={c.name} />
        </>
      )}
      <Divider label={i('adminSection')} labelPosition="left" />
      {c.admin ? (
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="sm">
          <Field label={i('adminName')}>{c.admin.name}</Field>
          <Field label={i('adminEmail')}>{c.admin.email}</Field>
          <Field label={i('adminStatus')}>
            <AdminStatusBadge isActive={c.admin.isActive} />
          </Field>
        </SimpleGrid>
      ) : (
        <Text size="sm" c="dimmed">
          {t('superAdmin.companies.admin.none')}
        </Text>
      )}
      <Group justify="flex-end" gap="sm" mt="xs">
        <Button variant="default" onClick={onClose}>
          {t('common:actions.close')}
        </Button>
        {!c.closedAt && (
          <Button leftSection={<IconPencil size={16} />} onClick={() => onEdit(c)}>
            {i('edit')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
