import { Badge, Box, Button, Container, Flex, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight, IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HeroPreview } from './HeroPreview';

export function HeroSection() {
  const { t } = useTranslation();
  return (
    <Box
      component="section"
      style={{
        overflow: 'hidden',
        background:
          'radial-gradient(ellipse at top left, var(--mantine-color-indigo-0), transparent 55%), radial-gradient(ellipse at bottom right, var(--mantine-color-cyan-0), transparent 50%)',
      }}
    >
      <Container size="lg" py={{ base: 48, sm: 80, md: 96 }}>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing={{ base: 48, md: 64 }} style={{ alignItems: 'center' }}>
          <Stack gap="lg">
            <Badge size="lg" variant="light" radius="xl" w="fit-content" tt="none" fw={600}>
              {t('landing.hero.badge')}
            </Badge>
            <Title order={1} fz={{ base: 36, sm: 48, md: 54 }} lh={1.08} style={{ letterSpacing: '-0.02em' }}>
              {t('landing.hero.title')}
            </Title>
            <Text fz={{ base: 'md', sm: 'lg' }} c="dimmed" lh={1.6}>
              {t('landing.hero.subtitle')}
            </Text>
            <Flex direction={{ base: 'column', xs: 'row' }} gap="sm">
              <Button component={Link} to="/register" size="lg" rightSection={<IconArrowRight size={18} />}>
                {t('landing.hero.primary')}
              </Button>
              <Button component="a" href="#pricing" size="lg" variant="default">
                {t('landing.hero.secondary')}
              </Button>
            </Flex>
            <Group gap={6} c="dimmed" wrap="nowrap" align="flex-start">
              <IconCircleCheck size={18} color="var(--mantine-color-teal-6)" style={{ flexShrink: 0, marginTop: 1 }} />
              <Text size="sm">{t('landing.hero.note')}</Text>
            </Group>
          </Stack>
          <HeroPreview />
        </SimpleGrid>
      </Container>
    </Box>
  );
}
