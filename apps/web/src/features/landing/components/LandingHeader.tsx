import { Anchor, Box, Burger, Button, Container, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BrandLogo } from '../../../components/BrandLogo';
import { LanguageSwitch } from '../../../components/LanguageSwitch';

// The drawer (with Mantine's focus trap, scroll lock and portal) loads only when a phone opens the menu.
const LandingMenuDrawer = lazy(() => import('./LandingMenuDrawer'));

export const LANDING_SECTIONS = ['features', 'pricing', 'security', 'contact'] as const;

/** Sticky header: brand, section links, language switch, Iniciar sesión / Registrarse (drawer on phones). */
export function LandingHeader() {
  const { t } = useTranslation();
  const [opened, { toggle, close }] = useDisclosure(false);
  // Mounted from the first opening on, so closing keeps its transition.
  const [menuLoaded, setMenuLoaded] = useState(false);
  if (opened && !menuLoaded) setMenuLoaded(true);
  const links = LANDING_SECTIONS.map((id) => (
    <Anchor key={id} href={`#${id}`} c="dark.6" fw={500} size="sm" underline="never" onClick={close}>
      {t(`landing.nav.${id}`)}
    </Anchor>
  ));

  return (
    <Box
      component="header"
      pos="sticky"
      top={0}
      style={{
        zIndex: 100,
        backdropFilter: 'saturate(180%) blur(12px)',
        background: 'rgba(255,255,255,0.85)',
        borderBottom: '1px solid var(--mantine-color-gray-2)',
      }}
    >
      <Container size="lg" h={64}>
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Anchor component={Link} to="/" underline="never" aria-label={t('brand')}>
            <BrandLogo size="sm" />
          </Anchor>
          <Group gap="xl" visibleFrom="md" component="nav" aria-label={t('landing.nav.features')}>
            {links}
          </Group>
          <Group gap="sm" wrap="nowrap">
            <LanguageSwitch />
            <Button component={Link} to="/login" variant="default" visibleFrom="sm">
              {t('actions.login')}
            </Button>
            <Button component={Link} to="/register" visibleFrom="sm">
              {t('actions.register')}
            </Button>
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label={t('actions.openMenu')} />
          </Group>
        </Group>
      </Container>
      {menuLoaded && (
        <Suspense fallback={null}>
          <LandingMenuDrawer opened={opened} onClose={close} links={links} />
        </Suspense>
      )}
    </Box>
  );
}
