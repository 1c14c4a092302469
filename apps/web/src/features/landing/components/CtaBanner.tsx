import { Box, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function CtaBanner() {
  const { t } = useTranslation();
  return (
    <Container size="lg" pb={{ base: 64, sm: 96 }}>
      <Box
        p={{ base: 'xl', sm: 48 }}
        style={{
          borderRadius: 24,
          color: 'white',
          background: 'linear-gradient(120deg, var(--mantine-color-indigo-7), var(--mantine-color-indigo-5) 55%, var(--mantine-color-cyan-5))',
        }}
      >
        <Group justify="space-between" gap="xl">
          <Stack gap="xs" maw={620}>
            <Title order={2} c="white" fz={{ base: 24, sm: 32 }}>
              {t('landing.cta.title')}
            </Title>
            <Text opacity={0.9}>{t('landing.cta.subtitle')}</Text>
          </Stack>
          <Button component={Link} to="/register" size="lg" variant="white" rightSection={<IconArrowRight size={18} />}>
            {t('landing.cta.button')}
          </Button>
        </Group>
      </Box>
    </Container>
  );
}
