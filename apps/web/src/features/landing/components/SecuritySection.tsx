import { Box, Container, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBuildingSkyscraper, IconFingerprint, IconKey, IconRefresh, IconServer, IconShieldCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SectionHeading } from './SectionHeading';

const ITEMS = [
  { id: 'templates', icon: IconFingerprint },
  { id: 'liveness', icon: IconShieldCheck },
  { id: 'isolation', icon: IconBuildingSkyscraper },
  { id: 'sessions', icon: IconKey },
  { id: 'availability', icon: IconServer },
  { id: 'retention', icon: IconRefresh },
] as const;

export function SecuritySection() {
  const { t } = useTranslation();
  return (
    <Box
      component="section"
      id="security"
      className="landing-section"
      py={{ base: 64, sm: 96 }}
      style={{ background: 'linear-gradient(160deg, #141b3d 0%, #1b2559 60%, #123a52 100%)' }}
    >
      <Container size="lg">
        <SectionHeading eyebrow={t('landing.security.eyebrow')} title={t('landing.security.title')} subtitle={t('landing.security.subtitle')} inverted />
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing={{ base: 'lg', md: 'xl' }}>
          {ITEMS.map(({ id, icon: Icon }) => (
            <Stack key={id} gap="sm" p="lg" style={{ borderRadius: 16, background: 'rgba(255,255,255,0.05)', border: '1px solid rgba(255,255,255,0.08)' }}>
              <ThemeIcon size={44} radius="md" variant="light" color="cyan">
                <Icon size={24} stroke={1.6} />
              </ThemeIcon>
              <Title order={3} fz="lg" c="white">
                {t(`landing.security.${id}.title`)}
              </Title>
              <Text c="gray.4" lh={1.6}>
                {t(`landing.security.${id}.body`)}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}
