import { Button, Group, Stack, Text } from '@mantine/core';
import { IconFileSpreadsheet, IconFileTypePdf } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { companyRegisterUrl } from './api';

/** The super admin's copy of a company's whole attendance register (also after it was deleted; decision 0034). */
export function CompanyRegisterButtons({ companyId, companyName }: { companyId: string; companyName: string }) {
  const { t, i18n } = useTranslation('dashboard');
  return (
    <Stack gap={6}>
      <Text size="sm" c="dimmed">
        {t('register.superAdmin.hint')}
      </Text>
      <Group gap="sm">
        <Button
          component="a"
          href={companyRegisterUrl(companyId, 'xlsx', i18n.language)}
          download
          variant="light"
          leftSection={<IconFileSpreadsheet size={16} />}
          aria-label={`${t('register.superAdmin.excel')}: ${companyName}`}
        >
          {t('register.superAdmin.excel')}
        </Button>
        <Button
          component="a"
          href={companyRegisterUrl(companyId, 'pdf', i18n.language)}
          download
          variant="light"
          leftSection={<IconFileTypePdf size={16} />}
          aria-label={`${t('register.superAdmin.pdf')}: ${companyName}`}
        >
          {t('register.superAdmin.pdf')}
        </Button>
      </Group>
    </Stack>
  );
}
