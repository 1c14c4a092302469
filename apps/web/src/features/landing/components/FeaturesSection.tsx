import { Box, Container, Paper, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAdjustmentsHorizontal, IconCalendarEvent, IconCreditCard, IconFaceId, IconFileSpreadsheet, IconMapPin } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SectionHeading } from './SectionHeading';

const FEATURES = [
  { id: 'face', icon: IconFaceId, color: 'indigo' },
  { id: 'tolerance', icon: IconAdjustmentsHorizontal, color: 'violet' },
  { id: 'geofence', icon: IconMapPin, color: 'teal' },
  { id: 'export', icon: IconFileSpreadsheet, color: 'green' },
  { id: 'payments', icon: IconCreditCard, color: 'orange' },
  { id: 'schedules', icon: IconCalendarEvent, color: 'cyan' },
] as const;

/** Spec §1 landing features. */
export function FeaturesSection() {
  const { t } = useTranslation();
  return (
    <Box component="section" id="features" className="landing-section" py={{ base: 64, sm: 96 }}>
      <Container size="lg">
        <SectionHeading eyebrow={t('landing.features.eyebrow')} title={t('landing.features.title')} subtitle={t('landing.features.subtitle')} />
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
          {FEATURES.map(({ id, icon: Icon, color }) => (
            <Paper key={id} withBorder p="xl" radius="lg" shadow="xs">
              <ThemeIcon size={48} radius="md" variant="light" color={color}>
                <Icon size={26} stroke={1.6} />
              </ThemeIcon>
              <Title order={3} fz="lg" mt="md">
                {t(`landing.features.${id}.title`)}
              </Title>
              <Text c="dimmed" mt="xs" lh={1.6}>
                {t(`landing.features.${id}.body`)}
              </Text>
            </Paper>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}
