import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconScanEye } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

interface BrandLogoProps {
  /** Hide the word mark (collapsed sidebar). */
  iconOnly?: boolean;
  size?: 'sm' | 'md' | 'lg';
  inverted?: boolean;
}

const SIZES = { sm: { icon: 28, text: 'lg' }, md: { icon: 34, text: 'xl' }, lg: { icon: 42, text: '26px' } } as const;

/** The Presente mark: a face-scan icon and the word mark. */
export function BrandLogo({ iconOnly = false, size = 'md', inverted = false }: BrandLogoProps) {
  const { t } = useTranslation();
  const s = SIZES[size];
  return (
    <Group gap={10} wrap="nowrap" aria-label={iconOnly ? t('brand') : undefined}>
      <ThemeIcon size={s.icon} radius="md" variant={inverted ? 'white' : 'gradient'} gradient={{ from: 'indigo.6', to: 'cyan.5', deg: 135 }} aria-hidden>
        <IconScanEye size={s.icon * 0.62} stroke={2} />
      </ThemeIcon>
      {!iconOnly && (
        <Text fw={800} fz={s.text} lh={1} c={inverted ? 'white' : 'dark.8'} style={{ letterSpacing: '-0.02em' }}>
          {t('brand')}
        </Text>
      )}
    </Group>
  );
}
