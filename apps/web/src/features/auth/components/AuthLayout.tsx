import { Anchor, Box, Container, Group, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BrandLogo } from '../../../components/BrandLogo';
import { LanguageSwitch } from '../../../components/LanguageSwitch';

interface AuthLayoutProps {
  /** Document title (already translated). */
  pageTitle: string;
  /** Wider column for long forms (registration). */
  wide?: boolean;
  children: ReactNode;
}

/** Split screen of the public auth pages: brand panel on large screens, the form with a language switch beside it. */
export function AuthLayout({ pageTitle, wide = false, children }: AuthLayoutProps) {
  const { t } = useTranslation('auth');
  const points = t('panel.points', { returnObjects: true }) as string[];

  useEffect(() => {
    document.title = `${pageTitle} · ${t('common:brand')}`;
  }, [pageTitle, t]);

  return (
    <Box mih="100dvh" style={{ display: 'flex' }}>
      <Box
        component="aside"
        visibleFrom="md"
        w={{ md: 420, lg: 500 }}
        p={48}
        style={{
          flexShrink: 0,
          position: 'sticky',
          top: 0,
          alignSelf: 'flex-start',
          height: '100dvh',
          display: 'flex',
          flexDirection: 'column',
          justifyContent: 'space-between',
          color: 'white',
          background:
            'radial-gradient(circle at 20% 20%, rgba(255,255,255,0.14), transparent 45%), linear-gradient(160deg, var(--mantine-color-indigo-8) 0%, var(--mantine-color-indigo-6) 55%, var(--mantine-color-cyan-6) 100%)',
        }}
      >
        <Anchor component={Link} to="/" underline="never" aria-label={t('common:brand')}>
          <BrandLogo inverted />
        </Anchor>
        <Stack gap="lg">
          <Title order={2} c="white" fz={30} lh={1.2}>
            {t('panel.title')}
          </Title>
          <Text opacity={0.9} fz="lg">
            {t('panel.subtitle')}
          </Text>
          <List
            spacing="sm"
            icon={
              <ThemeIcon size={24} radius="xl" color="white" variant="white">
                <IconCheck size={14} color="var(--mantine-color-indigo-7)" stroke={3} />
              </ThemeIcon>
            }
          >
            {points.map((point) => (
              <List.Item key={point}>
                <Text c="white">{point}</Text>
              </List.Item>
            ))}
          </List>
        </Stack>
        <Text size="sm" opacity={0.75}>
          {t('common:tagline')}
        </Text>
      </Box>

      <Box style={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }} bg="var(--mantine-color-gray-0)">
        <Group component="header" justify="space-between" px={{ base: 'md', sm: 'xl' }} py="md">
          <Anchor component={Link} to="/" underline="never" hiddenFrom="md" aria-label={t('common:brand')}>
            <BrandLogo size="sm" />
          </Anchor>
          <Box visibleFrom="md" />
          <LanguageSwitch size="sm" />
        </Group>
        <Container component="main" size={wide ? 720 : 460} w="100%" px={{ base: 'md', sm: 'xl' }} pb={48} pt={{ base: 'xs', sm: 'xl' }} style={{ flex: 1 }}>
          {children}
        </Container>
      </Box>
    </Box>
  );
}
