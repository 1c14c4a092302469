import { Anchor, Box, Container, Group, Stack, Text } from '@mantine/core';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { BrandLogo } from '../../../components/BrandLogo';
import type { LegalKind } from '../../legal/LegalContent';
import { openLegal } from '../../legal/openLegal';

const LEGAL: LegalKind[] = ['terms', 'privacy', 'about'];

/** The year the build drew this page in (vite.config.ts, scripts/prerender.mjs, decision 0069). */
const BUILD_YEAR = Number(import.meta.env.VITE_BUILD_YEAR) || new Date().getFullYear();
const noChanges = () => () => {};

/**
 * This year. Hydrating the prerendered page, React reads the server's value (the build's year, what the HTML says, so
 * a build from December hydrates without a mismatch in January) and renders again at once with today's.
 */
function useYear(): number {
  return useSyncExternalStore(
    noChanges,
    () => new Date().getFullYear(),
    () => BUILD_YEAR,
  );
}

export function LandingFooter() {
  const { t } = useTranslation();
  const year = useYear();
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
            {t('landing.footer.rights', { year })}
          </Text>
          <Text size="xs" c="dimmed">
            {t('landing.footer.madeIn')}
          </Text>
        </Group>
      </Container>
    </Box>
  );
}
