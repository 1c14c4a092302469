import { Badge, Box, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCircleCheckFilled, IconFaceId, IconMapPinCheck, IconShieldCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Illustration of a check-in as an employee sees it: face matched, liveness passed, inside the geofence. */
export function HeroPreview() {
  const { t } = useTranslation();
  const checks = [
    { icon: IconFaceId, label: t('landing.preview.method') },
    { icon: IconShieldCheck, label: t('landing.preview.liveness') },
    { icon: IconMapPinCheck, label: t('landing.preview.geofence') },
  ];
  return (
    <Box pos="relative" maw={420} mx="auto" w="100%" aria-hidden>
      <Box
        pos="absolute"
        style={{ inset: -24, background: 'radial-gradient(circle at 60% 40%, rgba(59,91,219,0.25), transparent 65%)', filter: 'blur(8px)' }}
      />
      <Paper pos="relative" shadow="xl" radius={24} p="xl" withBorder>
        <Group justify="space-between" mb="lg">
          <Text fw={700}>{t('landing.preview.title')}</Text>
          <Badge color="teal" variant="light" radius="sm">
            {t('landing.preview.onTime')}
          </Badge>
        </Group>
        <Stack align="center" gap={6} mb="lg">
          {/* A full ring drawn with CSS: Mantine's RingProgress brings its tooltip engine (floating-ui) to the landing. */}
          <Box
            w={150}
            h={150}
            mx="auto"
            style={{
              border: '8px solid var(--mantine-color-teal-5)',
              borderRadius: '50%',
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
            }}
          >
            <ThemeIcon size={96} radius={96} variant="light" color="indigo">
              <IconFaceId size={56} stroke={1.4} />
            </ThemeIcon>
          </Box>
          <Text fw={800} fz={28} mt="xs" style={{ fontVariantNumeric: 'tabular-nums' }}>
            08:57
          </Text>
          <Text c="teal" fw={600} size="sm">
            {t('landing.preview.status')}
          </Text>
        </Stack>
        <Stack gap="xs">
          {checks.map(({ icon: Icon, label }) => (
            <Group key={label} justify="space-between" p="sm" bg="gray.0" style={{ borderRadius: 12 }} wrap="nowrap">
              <Group gap="sm" wrap="nowrap">
                <Icon size={20} stroke={1.6} color="var(--mantine-color-indigo-6)" />
                <Text size="sm" fw={500}>
                  {label}
                </Text>
              </Group>
              <IconCircleCheckFilled size={20} color="var(--mantine-color-teal-6)" />
            </Group>
          ))}
        </Stack>
        <Text size="xs" c="dimmed" ta="center" mt="md">
          {t('landing.preview.tolerance')}
        </Text>
      </Paper>
    </Box>
  );
}
