import { Badge, Button, Group, Modal, Stack, Table, Text, ThemeIcon, Title } from '@mantine/core';
import { type LimitedFeature, PLAN_LIMITS, PREMIUM_PRICE_PER_EMPLOYEE_USD } from '@presente/shared';
import { IconMail, IconRocket } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCompanySettings } from '../features/plan-usage/api';
import { mailto, SALES_EMAIL } from '../lib/contact';
import { formatPrice } from '../lib/format';

/**
 * Feature names as the API (errors[0].path) and the spec (§4: 'link', 'location', schedule) spell them,
 * plus 'export' (Excel/PDF exports are Premium: shared PLAN_FEATURES).
 */
export type UpgradeFeature = LimitedFeature | 'employee' | 'schedule' | 'location' | 'link' | 'export' | 'exports';
type PromptKey = LimitedFeature | 'exports';

export interface UpgradePromptProps {
  opened: boolean;
  onClose: () => void;
  feature: UpgradeFeature;
  /** The limit that was reached; defaults to the free plan's. */
  limit?: number;
}

const SUBSCRIPTION_PATH = '/company-admin/subscription';
const COMPARED: LimitedFeature[] = ['employees', 'schedules', 'locations', 'links'];

function normalize(feature: UpgradeFeature): PromptKey {
  switch (feature) {
    case 'export':
      return 'exports';
    case 'employee':
      return 'employees';
    case 'schedule':
      return 'schedules';
    case 'location':
      return 'locations';
    case 'link':
      return 'links';
    default:
      return feature;
  }
}

/**
 * The upgrade prompt of spec §4: opened when the API answers 403 plan_limit_reached or the usage is at the
 * limit. Names the feature and its limit, compares Gratis with Premium (shared constants) and leads to the
 * subscription tab or to sales.
 */
export function UpgradePrompt({ opened, onClose, feature, limit }: UpgradePromptProps) {
  const { t } = useTranslation('dashboard');
  const navigate = useNavigate();
  const { data: settings } = useCompanySettings(opened);
  const key = normalize(feature);
  const shownLimit = key === 'exports' ? undefined : (limit ?? PLAN_LIMITS.FREE[key]);
  const premiumEmployees = settings?.plan === 'PREMIUM' && key === 'employees';
  const free = (f: LimitedFeature) => String(PLAN_LIMITS.FREE[f]);

  const rows: { id: string; label: string; free: string; premium: string }[] = [
    ...COMPARED.map((f) => ({ id: f, label: t(`upgrade.compare.rows.${f}`), free: free(f), premium: t('upgrade.compare.unlimited') })),
    { id: 'reports', label: t('upgrade.compare.rows.reports'), free: t('upgrade.compare.basicReports'), premium: t('upgrade.compare.fullReports') },
    { id: 'exports', label: t('upgrade.compare.rows.exports'), free: t('upgrade.compare.exportsFree'), premium: t('upgrade.compare.exportsPremium') },
    { id: 'support', label: t('upgrade.compare.rows.support'), free: t('upgrade.compare.emailSupport'), premium: t('upgrade.compare.prioritySupport') },
    {
      id: 'price',
      label: t('upgrade.compare.rows.price'),
      free: t('upgrade.compare.freePrice'),
      premium: t('upgrade.compare.premiumPrice', { price: formatPrice(PREMIUM_PRICE_PER_EMPLOYEE_USD) }),
    },
  ];

  const goToPlans = () => {
    onClose();
    navigate(SUBSCRIPTION_PATH);
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('upgrade.title')} size="lg" centered>
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon size={44} radius="md" variant="light" color="orange" style={{ flexShrink: 0 }}>
            <IconRocket size={24} />
          </ThemeIcon>
          <div>
            <Title order={3} fz="lg">
              {t(`upgrade.reached.${key}`)}
            </Title>
            <Text size="sm" mt={4}>
              {t(`upgrade.limitLine.${key}`, { limit: shownLimit })}
            </Text>
            {key === 'exports' && (
              <Text size="sm" mt={4}>
                {t('upgrade.peruAlwaysIncluded')}
              </Text>
            )}
            <Text size="sm" c="dimmed" mt={4}>
              {premiumEmployees ? t('upgrade.premiumHint') : t('upgrade.freeHint')}
            </Text>
          </div>
        </Group>

        {!premiumEmployees && (
          <Table withTableBorder verticalSpacing="xs" fz="sm" captionSide="top">
            <Table.Caption>{t('upgrade.compare.caption')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('upgrade.compare.feature')}</Table.Th>
                <Table.Th>{t('upgrade.compare.free')}</Table.Th>
                <Table.Th>
                  <Group gap={6}>
                    {t('upgrade.compare.premium')}
                    <Badge size="xs" variant="light" styles={{ label: { overflow: 'visible' } }}>
                      {t('upgrade.compare.recommended')}
                    </Badge>
                  </Group>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.id} bg={row.id === key ? 'orange.0' : undefined}>
                  <Table.Td fw={row.id === key ? 700 : undefined}>{row.label}</Table.Td>
                  <Table.Td>{row.free}</Table.Td>
                  <Table.Td fw={600} c="indigo.7">
                    {row.premium}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}

        <Group justify="flex-end" gap="sm">
          <Button component="a" href={mailto(SALES_EMAIL, t('upgrade.salesSubject'))} variant="default" leftSection={<IconMail size={16} />}>
            {t('upgrade.contactSales')}
          </Button>
          <Button onClick={goToPlans} leftSection={<IconRocket size={16} />}>
            {t('upgrade.viewPlans')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
