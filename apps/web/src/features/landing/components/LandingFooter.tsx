import { Anchor, Box, Container, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { BrandLogo } from '../../../components/BrandLogo';
import type { LegalKind } from '../../legal/LegalContent';
import { openLegal } from '../../legal/openLegal';

const LEGAL: LegalKind[] = ['terms', 'privacy', 'about'];

export function LandingFooter() {
  const { t } = useTranslation();
  return (
    <Box component="footer" py="xl" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
      <Container size="lg">
        <Group justify="space-between" align="flex-start" gap="lg">
          <Stack gap={6}>
            <BrandLogo size="sm" />
            <Text size="sm" c="dimmed">
              {t('tagline')}
            </Text>
          </Stack>
          <Group gap="lg" component="nav" aria-label={t('legal.terms')}>
            {LEGAL.map((kind) => (
              <Anchor key={kind} component="button" type="button" size="sm" c="dark.5" onClick={() => openLegal(kind)}>
                {t(`legal.${kind}`)}
              </Anchor>
            ))}
          </Group>
        </Group>
        <Group justify="space-between" mt="xl" gap="xs">
          <Text size="xs" c="dimmed">
            {t('landing.footer.rights', { year: new Date().getFullYear() })}
          </Text>
          <Text size="xs" c="dimmed">
            {t('landing.footer.madeIn')}
          </Text>
        </Group>
      </Container>
    </Box>
  );
}
