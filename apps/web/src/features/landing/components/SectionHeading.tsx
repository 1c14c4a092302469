import { Stack, Text, Title } from '@mantine/core';

interface SectionHeadingProps {
  eyebrow: string;
  title: string;
  subtitle?: string;
  inverted?: boolean;
}

export function SectionHeading({ eyebrow, title, subtitle, inverted = false }: SectionHeadingProps) {
  return (
    <Stack gap="xs" align="center" ta="center" maw={720} mx="auto" mb={{ base: 32, sm: 48 }}>
      <Text tt="uppercase" fw={700} size="sm" c={inverted ? 'cyan.3' : 'indigo'} style={{ letterSpacing: '0.08em' }}>
        {eyebrow}
      </Text>
      <Title order={2} fz={{ base: 28, sm: 38 }} lh={1.15} c={inverted ? 'white' : undefined}>
        {title}
      </Title>
      {subtitle && (
        <Text fz={{ base: 'md', sm: 'lg' }} c={inverted ? 'gray.4' : 'dimmed'}>
          {subtitle}
        </Text>
      )}
    </Stack>
  );
}
