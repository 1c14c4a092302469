import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BrandLogo } from '../../components/BrandLogo';

/** Shown for any unknown route. */
export function NotFoundPage() {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = `${t('notFound.title')} · ${t('brand')}`;
  }, [t]);
  return (
    <Center mih="100dvh" p="md" bg="var(--mantine-color-gray-0)">
      <Stack align="center" gap="md" maw={480} ta="center">
        <BrandLogo />
        <Text fz={{ base: 96, sm: 128 }} fw={900} lh={1} variant="gradient" gradient={{ from: 'indigo.6', to: 'cyan.5', deg: 135 }} aria-hidden>
          404
        </Text>
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {t('notFound.title')}
        </Title>
        <Text c="dimmed">{t('notFound.description')}</Text>
        <Button component={Link} to="/" size="md" leftSection={<IconArrowLeft size={18} />}>
          {t('actions.backHome')}
        </Button>
      </Stack>
    </Center>
  );
}
