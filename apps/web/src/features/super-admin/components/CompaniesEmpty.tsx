import { Button, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconBuildingOff, IconFilterOff, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

interface CompaniesEmptyProps {
  /** Whether filters are on: then "no match" with a clear button, else the spec's 'No hay empresas registradas'. */
  filtered: boolean;
  onClear: () => void;
  onCreate: () => void;
}

export function CompaniesEmpty({ filtered, onClear, onCreate }: CompaniesEmptyProps) {
  const { t } = useTranslation('dashboard');
  return (
    <Paper withBorder radius="lg" p="xl">
      <Stack align="center" gap="xs" py="lg">
        <ThemeIcon variant="light" color="gray" size={56} radius="xl">
          {filtered ? <IconFilterOff size={28} /> : <IconBuildingOff size={28} />}
        </ThemeIcon>
        <Text fw={700} fz="lg" ta="center">
          {filtered ? t('superAdmin.companies.noMatches') : t('superAdmin.companies.empty')}
        </Text>
        <Text size="sm" c="dimmed" ta="center" maw={420}>
          {filtered ? t('superAdmin.companies.noMatchesHint') : t('superAdmin.companies.emptyHint')}
        </Text>
        {filtered ? (
          <Button variant="light" mt="sm" leftSection={<IconFilterOff size={16} />} onClick={onClear}>
            {t('superAdmin.companies.filters.clear')}
          </Button>
        ) : (
          <Button mt="sm" leftSection={<IconPlus size={16} />} onClick={onCreate}>
            {t('superAdmin.companies.new')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
